import { z } from "zod";
import { getConfig } from "@/lib/config";
import { fetchJson, fetchText, SourceError, type RetryPolicy } from "@/lib/sources/http";
import { licenceName } from "@/lib/sources/parse/licence";
import { scheduleFullText } from "./limits";

export const DEFAULT_BIORXIV_BASE_URL = "https://api.biorxiv.org";

/** One version of a preprint in the bioRxiv/medRxiv API's `details` collection (the fields read). */
const detailSchema = z.object({
  doi: z.string(),
  version: z.union([z.string(), z.number()]).optional(),
  license: z.string().optional(),
  jatsxml: z.string().optional(),
});
const detailsSchema = z.object({ collection: z.array(z.unknown()).optional() });

/** A preprint's JATS link and licence, from the newest version the API lists. */
export interface PreprintFullTextLink {
  server: "biorxiv" | "medrxiv";
  jatsUrl: string;
  /** The API's licence code ("cc_by", "cc_by_nc_nd", "cc0", "cc_no") and its short name (null for "cc_no"). */
  licenceCode: string | null;
  licenceName: string | null;
}

/**
 * The newest version with a JATS link among a `details` response's collection entries (the raw API response, or its
 * collection alone as recorded tools save it); null when none has one.
 */
export function preprintJatsLink(json: unknown, server: "biorxiv" | "medrxiv"): PreprintFullTextLink | null {
  const entries = Array.isArray(json) ? json : (detailsSchema.safeParse(json).data?.collection ?? []);
  const versions = entries
    .map((e) => detailSchema.safeParse(e))
    .flatMap((r) => (r.success && r.data.jatsxml ? [r.data] : []))
    .sort((a, b) => Number(b.version ?? 0) - Number(a.version ?? 0));
  const newest = versions[0];
  if (!newest?.jatsxml) return null;
  return {
    server,
    jatsUrl: newest.jatsxml,
    licenceCode: newest.license ?? null,
    licenceName: newest.license ? licenceName(newest.license, null) : null,
  };
}

/** Options of {@link fetchPreprintFullText}: API base URL (default env BIORXIV_BASE_URL), fetch (tests), retries. */
export interface PreprintFullTextOptions extends RetryPolicy {
  baseUrl?: string;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

/** The preprint servers' own sites, the only hosts a `jatsxml` link is followed to (over https). */
const PREPRINT_HOSTS: ReadonlySet<string> = new Set([
  "www.biorxiv.org",
  "biorxiv.org",
  "www.medrxiv.org",
  "medrxiv.org",
]);

/**
 * Whether a `jatsxml` link from the API's answer may be fetched: an https URL on a preprint server's site, or a URL
 * on the API's own origin (the operator's BIORXIV_BASE_URL, e.g. a mirror or the test fixture server). The link is
 * a remote answer, not a setting: any other host (an internal address among them) is never asked.
 */
export function isTrustedJatsUrl(url: string, apiBase: string): boolean {
  let link: URL;
  try {
    link = new URL(url);
  } catch {
    return false;
  }
  if (link.username || link.password) return false;
  if (link.protocol === "https:" && PREPRINT_HOSTS.has(link.hostname.toLowerCase())) return true;
  try {
    return link.origin === new URL(apiBase).origin;
  } catch {
    return false;
  }
}

/** The path of a preprint DOI in the API's URLs: "10.1101/" and its suffix of letters, digits, ".", "-" and "_". */
const PREPRINT_DOI = /^10\.1101\/[A-Za-z0-9._-]+$/;

/** Whether a DOI is a bioRxiv or medRxiv preprint's (Cold Spring Harbor Laboratory's prefix, 10.1101). */
export function isPreprintDoi(doi: string | null): doi is string {
  return doi !== null && /^10\.1101\//.test(doi.trim());
}

/**
 * The JATS of a bioRxiv or medRxiv preprint: the API's `details/<server>/<DOI>` (bioRxiv first, then medRxiv, which
 * share the DOI prefix), then the newest version's `jatsxml` link, followed only to a preprint server's site or the
 * API's origin ({@link isTrustedJatsUrl}). Both preprint servers publish every preprint free to read; the licence code
 * is kept ("cc_no": no reuse licence, read but not redistributed).
 * @returns the JATS text and its link, or null when neither server lists the DOI with a JATS link it may follow, or
 *   when the DOI is not a plain preprint DOI (nothing else is put in the API's path).
 * @throws SourceError on HTTP failure, timeout or network error, named after Europe PMC (the source preprints are
 *   found through; bioRxiv is not a search source of its own).
 */
export async function fetchPreprintFullText(
  doi: string,
  options: PreprintFullTextOptions = {},
): Promise<{ xml: string; link: PreprintFullTextLink } | null> {
  const base = (options.baseUrl ?? getConfig().BIORXIV_BASE_URL ?? DEFAULT_BIORXIV_BASE_URL).replace(/\/+$/, "");
  const request = {
    retries: options.retries,
    minDelayMs: options.minDelayMs,
    timeoutMs: options.timeoutMs ?? getConfig().CRITICA_SOURCE_TIMEOUT_MS,
    maxRetryAfterMs: options.maxRetryAfterMs,
    source: "europepmc" as const,
    fetch: options.fetch,
    signal: options.signal,
    schedule: <T>(attempt: () => Promise<T>) => scheduleFullText("biorxiv", attempt, options.signal),
  };
  const path = doi.trim();
  if (!PREPRINT_DOI.test(path)) return null;
  for (const server of ["biorxiv", "medrxiv"] as const) {
    let json: unknown;
    try {
      json = await fetchJson(`${base}/details/${server}/${path}/na/json`, request);
    } catch (error) {
      if (error instanceof SourceError && error.status === 404) continue;
      throw error;
    }
    const link = preprintJatsLink(json, server);
    if (link && !isTrustedJatsUrl(link.jatsUrl, base)) return null;
    if (link) return { xml: await fetchText(link.jatsUrl, request), link };
  }
  return null;
}
