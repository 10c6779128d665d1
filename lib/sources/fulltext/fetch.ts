import { findSameRecord, saveEvidence } from "@/lib/db/evidence";
import { saveFullText } from "@/lib/db/full-texts";
import { readSourceCache, writeSourceCache } from "@/lib/db/source-cache";
import type { Evidence } from "@/lib/domain/evidence";
import type { FullText } from "@/lib/domain/fulltext";
import { passageDocId, withDocId } from "@/lib/evidence/passages";
import { sourceCacheKey } from "@/lib/sources/cache";
import { SourceError, type RetryPolicy } from "@/lib/sources/http";
import { JatsFormatError, parseJats } from "@/lib/sources/parse/jats";
import { fetchPreprintFullText, isPreprintDoi } from "./biorxiv";
import { fetchEuropePmcFullText } from "./europepmc";

/** Where a record's open full text can be asked for: Europe PMC by PMCID, or bioRxiv/medRxiv by a preprint's DOI. */
export type FullTextRoute = { kind: "europepmc"; pmcid: string } | { kind: "preprint"; doi: string };

/**
 * The open route to a record's full text, or null when there is none: a PMCID (a PubMed or Europe PMC record with a
 * copy in PMC) is asked of Europe PMC, whose full-text service holds the open-access subset only; a preprint's
 * 10.1101 DOI of bioRxiv/medRxiv. Registry records and articles with neither have no open full text to fetch.
 */
export function fullTextRoute(record: Evidence): FullTextRoute | null {
  if (record.citation.pmcid) return { kind: "europepmc", pmcid: record.citation.pmcid };
  if (record.preprint && isPreprintDoi(record.citation.doi)) return { kind: "preprint", doi: record.citation.doi };
  return null;
}

/** What fetching one record's full text came to. */
export type FullTextFetch =
  | { status: "read"; fullText: FullText }
  | { status: "not-open"; reason: string }
  | { status: "failed"; message: string };

/**
 * Options of {@link fetchOpenFullText}: the run's signal, the requests' retries, how long a "not open" answer is
 * remembered (ms), and whether a remembered one is believed (false: a run that bypasses the source cache asks again).
 */
export interface FullTextFetchOptions extends RetryPolicy {
  signal?: AbortSignal;
  notOpenTtlMs: number;
  useCache?: boolean;
  fetch?: typeof fetch;
}

/**
 * Why a fetch failed, in words that name no address: an HTTP status ("HTTP 500 after 3 retries"), or "Europe PMC
 * could not be reached (ENOTFOUND)" for a network failure. The shortfall is quoted in the report's limitations, where
 * a host name ("www.ebi.ac.uk") would read as a URL the run did not retrieve and be flagged by the report's identifier
 * check (lib/grounding/identifiers.ts); any address left in a source's message is replaced by the source's name.
 */
function failureReason(error: unknown): string {
  if (!(error instanceof SourceError)) return String(error).replace(ADDRESS, "Europe PMC");
  if (error.status === null) {
    const code = networkCode(error);
    if (code) return `Europe PMC could not be reached (${code})`;
  }
  return error.message.replace(/^Europe PMC:\s*/, "").replace(ADDRESS, "Europe PMC");
}

/** A URL or a host name ("https://www.ebi.ac.uk/europepmc/…", "www.ebi.ac.uk", "127.0.0.1:4320"). */
const ADDRESS =
  /\b(?:[a-z][a-z0-9+.-]*:\/\/)?(?:(?:[a-z0-9-]+\.)+[a-z]{2,}|\d{1,3}(?:\.\d{1,3}){3})(?::\d+)?(?:\/\S*)?/gi;

/** The system error code of a network failure ("ENOTFOUND", "ECONNREFUSED") in an error's cause chain, or null. */
function networkCode(error: unknown): string | null {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^E[A-Z_]+$/.test(code)) return code;
  }
  return null;
}

const routeName = (route: FullTextRoute) => (route.kind === "europepmc" ? route.pmcid : `DOI ${route.doi}`);

/**
 * Fetches, reads and stores a record's open-access full text (the caller asks only for records without one): the
 * JATS from its route (fullTextRoute), parsed (lib/sources/parse/jats.ts), its licence kept (a preprint's JATS without
 * one takes the API's licence code), its passages named after the record, saved as a full text anyone may read. A
 * source saying it has no open full text ("not-open": Europe PMC's 404, a preprint without JATS) is remembered in the
 * source cache for `notOpenTtlMs`, so later runs do not ask again; failures are never cached.
 * @returns "read" with the stored full text, "not-open" with the reason, or "failed" with the shortfall message
 *   ("Europe PMC: full text of PMC123 not read: HTTP 500 after 3 retries"); never throws for a source's failure.
 * @throws the signal's reason when the run is cancelled.
 */
export async function fetchOpenFullText(record: Evidence, options: FullTextFetchOptions): Promise<FullTextFetch> {
  const route = fullTextRoute(record);
  if (!route) return { status: "not-open", reason: "no PMCID or preprint DOI" };
  const key = sourceCacheKey("fulltext", route.kind, route.kind === "europepmc" ? route.pmcid : route.doi, 0);
  if (options.useCache !== false && (await readSourceCache(key).catch(() => null)) !== null)
    return { status: "not-open", reason: "not open access (remembered)" };
  let xml: string | null;
  let preprintLink: { server: "biorxiv" | "medrxiv"; code: string | null; name: string | null } | null = null;
  try {
    if (route.kind === "europepmc") xml = await fetchEuropePmcFullText(route.pmcid, options);
    else {
      const preprint = await fetchPreprintFullText(route.doi, options);
      xml = preprint?.xml ?? null;
      if (preprint)
        preprintLink = {
          server: preprint.link.server,
          code: preprint.link.licenceCode,
          name: preprint.link.licenceName,
        };
    }
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    return {
      status: "failed",
      message: `Europe PMC: full text of ${routeName(route)} not read: ${failureReason(error)}`,
    };
  }
  if (xml === null) {
    const at = new Date();
    await writeSourceCache(
      {
        key,
        source: "europepmc",
        query: `fulltext ${routeName(route)}`,
        records: [],
        expiresAt: new Date(at.getTime() + options.notOpenTtlMs),
      },
      at,
    ).catch(() => undefined);
    return { status: "not-open", reason: "not in the open-access subset" };
  }
  let doc;
  try {
    doc = parseJats(xml);
  } catch (error) {
    if (!(error instanceof JatsFormatError)) throw error;
    return {
      status: "failed",
      message: `Europe PMC: full text of ${routeName(route)} not read: unreadable: ${error.message}`,
    };
  }
  const stored = await findSameRecord(record);
  if (!stored) await saveEvidence(record, { inLibrary: false });
  const evidenceId = stored?.id ?? record.id;
  // A preprint's JATS without a licence statement takes the API's licence code ("cc_by").
  const licence =
    doc.licence.text || doc.licence.url || !preprintLink
      ? doc.licence
      : { text: preprintLink.code, url: null, name: preprintLink.name };
  const fullText: FullText = {
    evidenceId,
    ownerId: null,
    origin: preprintLink?.server ?? "europepmc",
    format: "jats",
    licence,
    pages: null,
    passages: withDocId(doc.passages, passageDocId({ ...record, id: evidenceId })),
  };
  await saveFullText(fullText);
  return { status: "read", fullText };
}
