import { describe, expect, it } from "vitest";
import { parseTrustedProxies, resolveClientAddress, rewriteForwardedHeaders } from "@/lib/auth/client-address";

// CRITICA_TRUSTED_PROXIES: X-Forwarded-For is read only through trusted hops, from the right.
describe("the client address behind trusted proxies", () => {
  const none = parseTrustedProxies(undefined);
  const oneHop = parseTrustedProxies("1");
  const listed = parseTrustedProxies("127.0.0.1, 10.0.0.0/24, ::1");

  it("believes no X-Forwarded-For by default: the client is the connection's peer", () => {
    expect(none).toEqual({ kind: "none" });
    expect(parseTrustedProxies(" 0 ")).toEqual({ kind: "none" });
    expect(resolveClientAddress("203.0.113.5", "198.51.100.1", none)).toEqual({
      client: "203.0.113.5",
      viaTrustedProxy: false,
    });
    expect(resolveClientAddress("::ffff:203.0.113.5", undefined, none)).toEqual({
      client: "203.0.113.5",
      viaTrustedProxy: false,
    });
  });

  it("with a hop count, takes the entry the last proxy appended, whatever the client put before it", () => {
    // nginx with `proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for`: "<what the client sent>, <client>".
    expect(resolveClientAddress("127.0.0.1", "6.6.6.6, 203.0.113.5", oneHop)).toEqual({
      client: "203.0.113.5",
      viaTrustedProxy: true,
    });
    expect(resolveClientAddress("127.0.0.1", "203.0.113.5", oneHop).client).toBe("203.0.113.5");
    expect(resolveClientAddress("127.0.0.1", "a, b, 198.51.100.7, 203.0.113.5", parseTrustedProxies("2")).client).toBe(
      "198.51.100.7",
    );
    // More hops than entries: the leftmost address; a non-address entry is never taken.
    expect(resolveClientAddress("127.0.0.1", "203.0.113.5", parseTrustedProxies("5")).client).toBe("203.0.113.5");
    expect(resolveClientAddress("127.0.0.1", "<script>", oneHop).client).toBe("127.0.0.1");
    expect(resolveClientAddress("127.0.0.1", undefined, oneHop).client).toBe("127.0.0.1");
  });

  it("with a list, walks left while the hop is a listed proxy (addresses and CIDR ranges, IPv4 and IPv6)", () => {
    expect(resolveClientAddress("127.0.0.1", "6.6.6.6, 203.0.113.5, 10.0.0.17", listed)).toEqual({
      client: "203.0.113.5",
      viaTrustedProxy: true,
    });
    expect(resolveClientAddress("::1", "2001:db8::5", listed)).toEqual({
      client: "2001:db8::5",
      viaTrustedProxy: true,
    });
    // A peer that is not a listed proxy is the client, whatever it claims.
    expect(resolveClientAddress("198.51.100.9", "203.0.113.5", listed)).toEqual({
      client: "198.51.100.9",
      viaTrustedProxy: false,
    });
    expect(resolveClientAddress("10.0.1.1", "203.0.113.5", listed).client).toBe("10.0.1.1");
  });

  it("refuses entries that are neither addresses, CIDR ranges nor a hop count, naming them", () => {
    for (const bad of ["proxy.local", "10.0.0.0/33", "::1/129", "10.0.0.1/8/2", "1.2.3"]) {
      expect(() => parseTrustedProxies(bad)).toThrow(
        `CRITICA_TRUSTED_PROXIES: "${bad}" is neither an IP address, a CIDR range (e.g. 10.0.0.0/24) nor a hop count`,
      );
    }
  });

  it("rewrites a request's headers: one client address, and no forwarding claims from an untrusted peer", () => {
    const spoofed = {
      "x-forwarded-for": "1.1.1.1",
      "x-forwarded-proto": "https",
      "x-forwarded-host": "bank.example",
      forwarded: "for=1.1.1.1",
      host: "critica.test",
    };
    rewriteForwardedHeaders(spoofed, "203.0.113.5", none);
    expect(spoofed).toEqual({ "x-forwarded-for": "203.0.113.5", host: "critica.test" });
    const proxied: Record<string, string> = {
      "x-forwarded-for": "1.1.1.1, 203.0.113.5",
      "x-forwarded-proto": "https",
      "x-forwarded-host": "critica.example.org",
    };
    rewriteForwardedHeaders(proxied, "127.0.0.1", listed);
    expect(proxied).toEqual({
      "x-forwarded-for": "203.0.113.5",
      "x-forwarded-proto": "https",
      "x-forwarded-host": "critica.example.org",
    });
  });
});
