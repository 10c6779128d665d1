import ipaddr from "ipaddr.js";

/*
 * Which addresses a URL given by a user (a webhook) may reach. The server's own network is off limits: a URL that
 * reaches it would let anyone with an account probe or call services that trust the server's position (the loopback
 * interface, a database, a cloud's metadata endpoint at 169.254.169.254). Only public unicast addresses pass, as
 * ipaddr.js classifies them (IANA's special-purpose registries, RFC 6890); an IPv4-mapped IPv6 address is judged as
 * the IPv4 address it carries. An operator may allow chosen internal hosts (CRITICA_OUTBOUND_ALLOW).
 */

/**
 * IPv6 blocks ipaddr.js calls "unicast" although they reach no public host: the deprecated IPv4-compatible block
 * ::/96 (RFC 4291 §2.5.5.1; ::127.0.0.1 spells the loopback address in it).
 */
const EXTRA_BLOCKED_V6: Array<[ipaddr.IPv6, number]> = [ipaddr.IPv6.parseCIDR("::/96")];

/**
 * The range of an IP address as ipaddr.js names it ("unicast" for a public address; "loopback", "private",
 * "linkLocal", "uniqueLocal", "unspecified", "carrierGradeNat", "multicast", "reserved", "6to4", "rfc6052"… for
 * the others), IPv4-mapped IPv6 addresses judged as their IPv4 address, and "ipv4Compatible" for ::/96.
 * @throws Error when `address` is not an IP address.
 */
export function addressRange(address: string): string {
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv6" && EXTRA_BLOCKED_V6.some((cidr) => parsed.match(cidr))) return "ipv4Compatible";
  return parsed.range();
}

/** Whether an IP address is a public unicast address that user-given URLs may reach without the operator's leave. */
export function isPublicAddress(address: string): boolean {
  return ipaddr.isValid(address) && addressRange(address) === "unicast";
}

/** The internal hosts an operator allows: host names (lower-case, without a trailing dot) and CIDR ranges. */
export interface OutboundAllowList {
  hosts: ReadonlySet<string>;
  ranges: ReadonlyArray<[ipaddr.IPv4 | ipaddr.IPv6, number]>;
}

/** The host name as compared: lower-case, without IPv6 brackets or a trailing dot. */
export function normalHost(host: string): string {
  return host
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.$/, "");
}

/**
 * Parses CRITICA_OUTBOUND_ALLOW: comma-separated host names ("hooks.lab.internal"), IP addresses ("10.0.0.5") or
 * CIDR ranges ("10.0.0.0/24", "fd00::/8"); empty or unset allows nothing.
 * @throws Error naming the entry that is none of these.
 */
export function parseAllowList(value: string | undefined): OutboundAllowList {
  const hosts = new Set<string>();
  const ranges: Array<[ipaddr.IPv4 | ipaddr.IPv6, number]> = [];
  for (const raw of (value ?? "").split(",")) {
    const entry = raw.trim();
    if (!entry) continue;
    if (ipaddr.isValidCIDR(entry)) ranges.push(ipaddr.parseCIDR(entry));
    else if (ipaddr.isValid(entry)) {
      const address = ipaddr.parse(entry);
      ranges.push([address, address.kind() === "ipv4" ? 32 : 128]);
    } else if (
      /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.?$/i.test(entry)
    )
      hosts.add(normalHost(entry));
    else throw new Error(`CRITICA_OUTBOUND_ALLOW: "${entry}" is neither a host name, an IP address nor a CIDR range`);
  }
  return { hosts, ranges };
}

/** Whether an internal `address` reached through `host` is one the operator allows (its name or a listed range). */
export function allowedInternal(host: string, address: string, allow: OutboundAllowList): boolean {
  if (allow.hosts.has(normalHost(host))) return true;
  const parsed = ipaddr.process(address);
  // process() unwrapped an IPv4-mapped address, so an IPv4 range covers both spellings of its addresses.
  return allow.ranges.some(([range, bits]) => range.kind() === parsed.kind() && parsed.match(range, bits));
}
