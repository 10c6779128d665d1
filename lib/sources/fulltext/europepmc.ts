import { getConfig } from "@/lib/config";
import { DEFAULT_EUROPEPMC_BASE_URL } from "@/lib/sources/europepmc";
import { fetchText, SourceError, type RetryPolicy } from "@/lib/sources/http";
import { scheduleFullText } from "./limits";

/** Options of {@link fetchEuropePmcFullText}: base URL (default env EUROPEPMC_BASE_URL), fetch (tests), retries. */
export interface EuropePmcFullTextOptions extends RetryPolicy {
  baseUrl?: string;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

/**
 * The JATS of an open-access article from Europe PMC: `GET ${base}/${PMCID}/fullTextXML`. Europe PMC serves full
 * text only for its open-access subset, so a 404 means the article is not open (or not in PMC): null, never an error.
 * Requests go through Europe PMC's full-text limiter (lib/sources/fulltext/limits.ts); 429 and 5xx are retried.
 * @returns the XML text, or null when Europe PMC has no open full text for the PMCID.
 * @throws SourceError ("Europe PMC: …") on any other HTTP failure, timeout or network error; the signal's reason when
 *   aborted.
 */
export async function fetchEuropePmcFullText(pmcid: string, options: EuropePmcFullTextOptions = {}) {
  const base = (options.baseUrl ?? getConfig().EUROPEPMC_BASE_URL ?? DEFAULT_EUROPEPMC_BASE_URL).replace(/\/+$/, "");
  const { retries, minDelayMs, timeoutMs, maxRetryAfterMs } = options;
  try {
    return await fetchText(`${base}/${encodeURIComponent(pmcid)}/fullTextXML`, {
      retries,
      minDelayMs,
      timeoutMs: timeoutMs ?? getConfig().CRITICA_SOURCE_TIMEOUT_MS,
      maxRetryAfterMs,
      source: "europepmc",
      fetch: options.fetch,
      signal: options.signal,
      schedule: (attempt) => scheduleFullText("europepmc", attempt, options.signal),
    });
  } catch (error) {
    if (error instanceof SourceError && error.status === 404) return null;
    throw error;
  }
}
