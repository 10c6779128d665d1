import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseAllowList } from "@/lib/net/address-policy";
import {
  checkOutboundUrl,
  MAX_RESPONSE_BYTES,
  OutboundRefused,
  outboundRequest,
  type OutboundOptions,
} from "@/lib/net/outbound";
import { deliverWebhook } from "@/lib/watches/webhook";

// A webhook URL is a request the server makes for a user. A listener on 127.0.0.1 stands for every service of the
// server's own network: no spelling of its address, and no host name resolving to it, may reach it, and the
// connection goes to the address that was checked, never to a second answer of the resolver.

interface Listener {
  port: number;
  connections: number;
  requests: Array<{ host: string | undefined; url: string | undefined }>;
}

const servers: Server[] = [];

async function listen(handler: (res: import("node:http").ServerResponse) => void): Promise<Listener> {
  const listener: Listener = { port: 0, connections: 0, requests: [] };
  const server = createServer((req, res) => {
    listener.requests.push({ host: req.headers.host, url: req.url });
    req.resume();
    req.on("end", () => handler(res));
  });
  server.on("connection", () => (listener.connections += 1));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  listener.port = (server.address() as AddressInfo).port;
  return listener;
}

afterAll(async () => {
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

const NONE = parseAllowList(undefined);
const PUBLIC = "93.184.215.14";

/** How a URL fares: the refusal's reason, or "called" with the status. */
async function fate(url: string, options: OutboundOptions & { timeoutMs?: number } = {}): Promise<string> {
  const { timeoutMs = 2_000, ...outbound } = options;
  try {
    const res = await outboundRequest(
      url,
      { method: "POST", headers: {}, body: "{}", timeoutMs },
      {
        allow: NONE,
        ...outbound,
      },
    );
    return `called ${res.status}`;
  } catch (error) {
    return error instanceof OutboundRefused ? error.reason : `failed ${(error as Error).message}`;
  }
}

describe("the guarded outbound client", () => {
  let target: Listener;
  beforeAll(async () => {
    target = await listen((res) => res.writeHead(200).end("ok"));
  });

  it("never reaches a loopback listener, in any spelling of its address", async () => {
    const p = target.port;
    const spellings = [
      `http://127.0.0.1:${p}/hook`,
      `http://localhost:${p}/hook`,
      `http://LOCALHOST.:${p}/hook`,
      `http://[::1]:${p}/hook`,
      `http://0.0.0.0:${p}/hook`,
      `http://0:${p}/hook`,
      `http://2130706433:${p}/hook`,
      `http://0x7f000001:${p}/hook`,
      `http://0177.0.0.1:${p}/hook`,
      `http://127.1:${p}/hook`,
      `http://127.0.0.255:${p}/hook`,
      `http://[::ffff:127.0.0.1]:${p}/hook`,
      `http://[0:0:0:0:0:ffff:7f00:1]:${p}/hook`,
      `http://[::127.0.0.1]:${p}/hook`,
      `http://%31%32%37.0.0.1:${p}/hook`,
      `https://127.0.0.1:${p}/hook`,
      `http://user:pw@127.0.0.1:${p}/hook`,
      `http://${os.hostname()}:${p}/hook`,
    ];
    const fates = await Promise.all(spellings.map((url) => fate(url)));
    expect(Object.fromEntries(spellings.map((url, i) => [url, fates[i]]))).toEqual(
      Object.fromEntries(spellings.map((url) => [url, "internal"])),
    );
    expect(target.connections).toBe(0);
  });

  it("refuses private, link-local, unique-local, shared and translated addresses, and other schemes", async () => {
    const urls = {
      "http://10.1.2.3/": "internal",
      "http://172.16.0.1/": "internal",
      "http://172.31.255.255/": "internal",
      "http://192.168.1.1/": "internal",
      "http://169.254.169.254/latest/meta-data/": "internal",
      "http://100.64.0.1/": "internal",
      "http://[fd00::1]/": "internal",
      "http://[fe80::1]/": "internal",
      "http://[64:ff9b::7f00:1]/": "internal",
      "http://[2002:7f00:1::]/": "internal",
      "http://224.0.0.1/": "internal",
      "http://255.255.255.255/": "internal",
      "ftp://example.org/": "scheme",
      "file:///etc/passwd": "scheme",
      "gopher://127.0.0.1:70/": "scheme",
      "not a url": "scheme",
    };
    const entries = Object.keys(urls);
    const fates = await Promise.all(entries.map((url) => fate(url)));
    expect(Object.fromEntries(entries.map((url, i) => [url, fates[i]]))).toEqual(urls);
  });

  it("refuses a host name when any of its addresses is internal (the resolver is asked once)", async () => {
    const asked: string[] = [];
    const resolve = async (host: string) => {
      asked.push(host);
      return [
        { address: PUBLIC, family: 4 },
        { address: "127.0.0.1", family: 4 },
      ];
    };
    expect(await fate(`http://mixed.example:${target.port}/`, { resolve })).toBe("internal");
    expect(asked).toEqual(["mixed.example"]);
    expect(await fate(`http://nowhere.invalid:${target.port}/`, { resolve: async () => [] })).toBe("unresolved");
    expect(target.connections).toBe(0);
  });

  it("connects to the address it checked, not to a second DNS answer (rebinding)", async () => {
    let calls = 0;
    // The first answer is public; any later answer would be the loopback listener.
    const resolve = async () => [{ address: calls++ === 0 ? PUBLIC : "127.0.0.1", family: 4 }];
    const result = await fate(`http://rebind.example:${target.port}/hook`, { resolve });
    expect(result).toMatch(/^failed /);
    expect(calls).toBe(1);
    expect(target.connections).toBe(0);
  });

  it("reaches an internal host the operator allows, by name or range, pinned to the checked address", async () => {
    const before = target.requests.length;
    let calls = 0;
    const resolve = async () => [{ address: calls++ === 0 ? "127.0.0.1" : PUBLIC, family: 4 }];
    const byName = parseAllowList("hooks.lab.internal");
    expect(await fate(`http://hooks.lab.internal:${target.port}/a`, { resolve, allow: byName })).toBe("called 200");
    expect(calls).toBe(1);
    expect(target.requests.slice(before)).toEqual([{ host: `hooks.lab.internal:${target.port}`, url: "/a" }]);
    const byRange = parseAllowList("10.0.0.0/8, 127.0.0.0/8");
    expect(await fate(`http://127.0.0.1:${target.port}/b`, { allow: byRange })).toBe("called 200");
    // The allow-list names hosts, not everything on the network: 192.168.x stays refused.
    expect(await fate("http://192.168.1.1/", { allow: byRange })).toBe("internal");
  });

  it("follows no redirect, reads at most 64 KiB of an answer, and gives up after its time limit", async () => {
    const allow = parseAllowList("127.0.0.1");
    const elsewhere = await listen((res) => res.writeHead(200).end());
    const redirecting = await listen((res) =>
      res.writeHead(302, { location: `http://127.0.0.1:${elsewhere.port}/` }).end(),
    );
    expect(await fate(`http://127.0.0.1:${redirecting.port}/`, { allow })).toBe("called 302");
    expect(elsewhere.connections).toBe(0);

    const big = await listen((res) => res.writeHead(200).end(Buffer.alloc(1_000_000, 120)));
    const answer = await outboundRequest(
      `http://127.0.0.1:${big.port}/`,
      { method: "GET", headers: {}, timeoutMs: 5_000 },
      { allow },
    );
    expect([answer.status, answer.body.length, answer.truncated]).toEqual([200, MAX_RESPONSE_BYTES, true]);

    const silent = await listen(() => undefined);
    const started = Date.now();
    expect(await fate(`http://127.0.0.1:${silent.port}/`, { allow, timeoutMs: 300 })).toMatch(/^failed /);
    await expect(
      outboundRequest(`http://127.0.0.1:${silent.port}/`, { method: "GET", headers: {}, timeoutMs: 300 }, { allow }),
    ).rejects.toThrow(/timeout|aborted/i);
    expect(Date.now() - started).toBeLessThan(4_500);
  });

  it("a webhook delivery to an internal address records 'refused: internal address' once, no status", async () => {
    const before = target.connections;
    const result = await deliverWebhook({
      url: `http://2130706433:${target.port}/hook`,
      secret: "whsec_test",
      deliveryId: "d1",
      payload: { hello: "world" },
      retry: { minTimeout: 10, maxTimeout: 20 },
      outbound: { allow: NONE },
    });
    expect(result).toEqual({ delivered: false, attempts: 1, lastStatus: null, error: "refused: internal address" });
    expect(target.connections).toBe(before);
  });

  it("checks a URL where it is saved: internal addresses refused with a message naming no address", async () => {
    const refusal = await checkOutboundUrl("http://169.254.169.254/latest/meta-data/", { allow: NONE }).catch(
      (e: unknown) => e,
    );
    expect(refusal).toBeInstanceOf(OutboundRefused);
    expect((refusal as Error).message).toBe(
      "This URL points into the server's own network (a loopback, private, link-local or other internal address), " +
        "which is not allowed. Use a public address, or ask the administrator to allow the host " +
        "(CRITICA_OUTBOUND_ALLOW).",
    );
    const resolve = async () => [{ address: PUBLIC, family: 4 }];
    const ok = await checkOutboundUrl("https://hooks.example.org/x?y=1", { allow: NONE, resolve });
    expect([ok.url.href, ok.address]).toEqual(["https://hooks.example.org/x?y=1", { address: PUBLIC, family: 4 }]);
  });
});
