import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import type net from "node:net";
import { getConfig } from "@/lib/config";
import { allowedInternal, isPublicAddress, normalHost, parseAllowList, type OutboundAllowList } from "./address-policy";

/*
 * The one HTTP client for URLs a user gives (webhooks). A URL is checked where it is saved and again where it is
 * called: http(s) only; its host resolved once, and every address it resolves to must be public (or allowed by the
 * operator, CRITICA_OUTBOUND_ALLOW); the connection then goes to the address that was checked, never to a second
 * answer of the resolver (a host name whose DNS answer changes between the check and the call, "DNS rebinding",
 * still reaches only the checked address). Redirects are not followed, each call has a time limit, and at most
 * MAX_RESPONSE_BYTES of an answer are read.
 */

/** What a refused URL records in a delivery's history: the same words whatever the internal address was. */
export const REFUSED_INTERNAL = "refused: internal address";

/** Most bytes of an answer read (64 KiB); the rest is dropped with the connection. */
export const MAX_RESPONSE_BYTES = 64 * 1024;

/** Time limit of a host name's resolution (ms): a resolver that hangs must not hold a request or a delivery. */
export const RESOLVE_TIMEOUT_MS = 5_000;

/** Why a URL was refused: not http(s), an internal address, or a host name that resolves to nothing. */
export type RefusalReason = "scheme" | "internal" | "unresolved";

/** A URL the guard refuses, with a message safe to show its owner (it never names an internal address). */
export class OutboundRefused extends Error {
  constructor(
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(message);
    this.name = "OutboundRefused";
  }
}

/** One resolved address, as node:dns reports it. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to every address it has (node:dns lookup, all: true, the system resolver's order). */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

/** Where a checked URL connects: the URL and the address its connection is pinned to. */
export interface OutboundTarget {
  url: URL;
  address: ResolvedAddress;
}

/** What the guard is given: the resolver (tests stand one in) and the operator's allow-list (default: the config's). */
export interface OutboundOptions {
  resolve?: Resolver;
  allow?: OutboundAllowList;
}

const systemResolver: Resolver = (host) => dns.promises.lookup(host, { all: true, verbatim: true });

async function resolveWithin(resolve: Resolver, host: string): Promise<ResolvedAddress[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timed out")), RESOLVE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([resolve(host), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Checks a URL a user gave and resolves its host once: the scheme must be http or https, and every address the host
 * resolves to must be public (lib/net/address-policy.ts) unless the operator allows it. An IP address in the URL, in
 * any spelling the URL standard accepts (2130706433, 0x7f000001, 0177.0.0.1, 127.1, [::ffff:127.0.0.1]), is the
 * address itself, as WHATWG URL parsing normalises it.
 * @returns the URL and the address to connect to (the first the resolver gave).
 * @throws OutboundRefused "scheme" (not an http(s) URL), "internal" (an address of the server's own network),
 *   "unresolved" (the host has no address).
 */
export async function checkOutboundUrl(raw: string, options: OutboundOptions = {}): Promise<OutboundTarget> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefused("scheme", "This is not a URL: give an http:// or https:// address.");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new OutboundRefused("scheme", "Only http:// and https:// URLs can be called.");
  const host = normalHost(url.hostname);
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolveWithin(options.resolve ?? systemResolver, host);
  } catch {
    addresses = [];
  }
  if (addresses.length === 0) throw new OutboundRefused("unresolved", `The host ${host} could not be found.`);
  const allow = options.allow ?? parseAllowList(getConfig().CRITICA_OUTBOUND_ALLOW);
  const internal = addresses.some((a) => !isPublicAddress(a.address) && !allowedInternal(host, a.address, allow));
  if (internal)
    throw new OutboundRefused(
      "internal",
      "This URL points into the server's own network (a loopback, private, link-local or other internal address), " +
        "which is not allowed. Use a public address, or ask the administrator to allow the host " +
        "(CRITICA_OUTBOUND_ALLOW).",
    );
  return { url, address: addresses[0] };
}

/** A DNS lookup for node:net that answers every query with the checked address (the connection is pinned to it). */
function pinnedLookup(pinned: ResolvedAddress): net.LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
}

/** One call of a user's URL: the request, its time limit (ms) and the caller's signal. */
export interface OutboundRequest {
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

/** The answer: its HTTP status and at most MAX_RESPONSE_BYTES of its body (`truncated` when more was sent). */
export interface OutboundResponse {
  status: number;
  body: Buffer;
  truncated: boolean;
}

/**
 * Calls a URL a user gave, through the guard: checkOutboundUrl, then one HTTP(S) request on a fresh connection to the
 * checked address (TLS still verifies the certificate of the URL's host name), no redirect followed (a 3xx is the
 * answer), aborted after `timeoutMs` or by `signal`, reading at most MAX_RESPONSE_BYTES. Every socket error is
 * delivered as the rejection, never left uncaught.
 * @throws OutboundRefused when the guard refuses the URL; Error (with node's `code`, e.g. ECONNREFUSED) when the
 *   connection fails or times out.
 */
export async function outboundRequest(
  raw: string,
  request: OutboundRequest,
  options: OutboundOptions = {},
): Promise<OutboundResponse> {
  const { url, address } = await checkOutboundUrl(raw, options);
  const signal = AbortSignal.any([AbortSignal.timeout(request.timeoutMs), ...(request.signal ? [request.signal] : [])]);
  const client = url.protocol === "https:" ? https : http;
  const body = request.body ?? "";
  return new Promise<OutboundResponse>((resolve, reject) => {
    const req = client.request({
      protocol: url.protocol,
      hostname: normalHost(url.hostname),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: request.method,
      auth: url.username ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` : undefined,
      headers: { ...request.headers, host: url.host, "content-length": String(Buffer.byteLength(body)) },
      lookup: pinnedLookup(address),
      agent: false,
      signal,
    });
    req.on("error", (error) => reject(signal.aborted && signal.reason instanceof Error ? signal.reason : error));
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      const finish = () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), truncated });
      res.on("data", (chunk: Buffer) => {
        const room = MAX_RESPONSE_BYTES - size;
        if (chunk.length > room) {
          chunks.push(chunk.subarray(0, room));
          size = MAX_RESPONSE_BYTES;
          truncated = true;
          res.destroy();
          finish();
          return;
        }
        chunks.push(chunk);
        size += chunk.length;
      });
      res.on("end", finish);
      // An answer cut off midway (the receiver reset the connection) still has its status.
      res.on("error", finish);
      res.on("aborted", finish);
    });
    req.end(body);
  });
}
