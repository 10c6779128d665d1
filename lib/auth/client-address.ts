import net from "node:net";

/*
 * Whom the server believes about where a request came from (CRITICA_TRUSTED_PROXIES). X-Forwarded-For is a list any
 * client can write: "a, b, c" where each hop appended the address it received the request from. Only the entries
 * appended by proxies we run can be believed, read from the right (the connection's peer) leftwards through trusted
 * hops; everything further left is whatever the client sent. The per-address limits (sign-in, sign-up) count the
 * address found this way, so a client that rotates X-Forwarded-For is still one client.
 */

/** The proxies to believe: none, the last `hops` hops, or the listed addresses and CIDR ranges. */
export type TrustedProxies =
  { kind: "none" } | { kind: "hops"; hops: number } | { kind: "list"; list: net.BlockList; entries: string[] };

/** An IPv4-mapped IPv6 address (::ffff:192.0.2.1, as Node reports IPv4 peers on a dual-stack socket) as IPv4. */
function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped ? mapped[1] : address;
}

/**
 * Parses CRITICA_TRUSTED_PROXIES: unset or empty means none; a whole number is a hop count (e.g. "1" for one
 * reverse proxy in front of the server); otherwise comma-separated addresses or CIDR ranges ("127.0.0.1, 10.0.0.0/24",
 * IPv4 or IPv6).
 * @throws Error naming the entry that is neither an address nor a CIDR range.
 */
export function parseTrustedProxies(value: string | undefined): TrustedProxies {
  const text = value?.trim() ?? "";
  if (!text) return { kind: "none" };
  if (/^\d+$/.test(text))
    return Number(text) === 0 ? { kind: "none" } : { kind: "hops", hops: Math.min(Number(text), 100) };
  const list = new net.BlockList();
  const entries = text
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, prefix, ...rest] = entry.split("/");
    const family = net.isIP(address);
    const bits = Number(prefix);
    const valid =
      family !== 0 &&
      rest.length === 0 &&
      (prefix === undefined || (/^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128)));
    if (!valid)
      throw new Error(
        `CRITICA_TRUSTED_PROXIES: "${entry}" is neither an IP address, a CIDR range (e.g. 10.0.0.0/24) nor a hop count`,
      );
    const type = family === 4 ? "ipv4" : "ipv6";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, bits, type);
  }
  return { kind: "list", list, entries };
}

function isTrusted(address: string, trusted: TrustedProxies): boolean {
  if (trusted.kind !== "list") return false;
  const family = net.isIP(address);
  return family !== 0 && trusted.list.check(address, family === 4 ? "ipv4" : "ipv6");
}

/**
 * Where a request came from: the client's address, and whether its peer is a trusted proxy (whose X-Forwarded-Proto and
 * -Host may be believed).
 */
export interface ClientAddress {
  client: string;
  viaTrustedProxy: boolean;
}

/**
 * The client address of a request whose connection came from `peer` with the X-Forwarded-For value `forwardedFor`:
 * - no trusted proxies: the peer (X-Forwarded-For is ignored);
 * - a hop count N: walking left from the peer, up to N entries of X-Forwarded-For;
 * - a list: walking left from the peer while the current hop is a listed proxy.
 * The walk stops at an entry that is not an IP address (a proxy never writes one), keeping the last good hop.
 */
export function resolveClientAddress(
  peer: string,
  forwardedFor: string | string[] | undefined,
  trusted: TrustedProxies,
): ClientAddress {
  const from = plainAddress(peer);
  if (trusted.kind === "none") return { client: from, viaTrustedProxy: false };
  const forwarded = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? ""))
    .split(",")
    .map((e) => plainAddress(e.trim()))
    .filter(Boolean);
  const chain = [...forwarded, from];
  let i = chain.length - 1;
  const viaTrustedProxy = trusted.kind === "hops" || isTrusted(from, trusted);
  for (let step = 0; i > 0 && net.isIP(chain[i - 1]) !== 0; step++) {
    if (trusted.kind === "hops" ? step >= trusted.hops : !isTrusted(chain[i], trusted)) break;
    i--;
  }
  return { client: chain[i], viaTrustedProxy };
}

/** Headers a client could use to claim another origin or protocol, believed only from a trusted proxy. */
const PROXY_HEADERS = ["x-forwarded-proto", "x-forwarded-host", "x-forwarded-port", "forwarded", "x-real-ip"] as const;

/**
 * Rewrites a Node request's headers in place before the app sees them: X-Forwarded-For becomes the one client
 * address {@link resolveClientAddress} finds (so better-auth's limiter, which reads it, counts real clients), and
 * the other forwarding headers are removed unless the peer is a trusted proxy (Next.js then fills in X-Forwarded-Proto
 * and -Host from the connection itself).
 */
export function rewriteForwardedHeaders(
  headers: Record<string, string | string[] | undefined>,
  peer: string,
  trusted: TrustedProxies,
): void {
  const { client, viaTrustedProxy } = resolveClientAddress(peer, headers["x-forwarded-for"], trusted);
  headers["x-forwarded-for"] = client;
  if (!viaTrustedProxy) for (const name of PROXY_HEADERS) delete headers[name];
}
