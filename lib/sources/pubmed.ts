import { getConfig } from "@/lib/config";
import { z } from "zod";
import type { Evidence } from "@/lib/domain/evidence";
import { fetchJson, fetchText, retryPolicy, SourceError, type RetryPolicy } from "./http";
import { parsePubmedXml } from "@/lib/sources/parse/pubmed-xml";
import { createEfetchBatcher, EFETCH_MAX_IDS } from "./pubmed-efetch-batch";
import { schedulePubmed } from "./pubmed-rate-limit";
import { rankRelevance, sinceDay, type LiteratureSource, type SearchOptions } from "./types";
import { pubmedQuery } from "@/lib/reading/query-expansion";

export const DEFAULT_PUBMED_BASE_URL = "https://eutils.ncbi.nlm.nih.gov/entrez/eutils";
/** efetch ids per request; NCBI recommends POST beyond ~200 ids, so GET batches stay at or below this. */
export const EFETCH_BATCH_SIZE = EFETCH_MAX_IDS;
/** esearch returns at most 10,000 ids per call (E-utilities documentation). */
const ESEARCH_MAX_RETMAX = 10_000;

/** Options of {@link createPubmedSource}; unset values are read from the environment at each search. */
export interface PubmedSourceOptions extends RetryPolicy {
  /** E-utilities base URL; default env PUBMED_BASE_URL, else {@link DEFAULT_PUBMED_BASE_URL}. */
  baseUrl?: string;
  /** NCBI API key; default env NCBI_API_KEY. With a key the limiter allows 10 requests/s instead of 3. */
  apiKey?: string;
  /** Contact e-mail sent as `email`; default env NCBI_EMAIL. */
  email?: string;
  /** Tool name sent as `tool`; default "critica". */
  tool?: string;
  /** fetch implementation (tests). */
  fetch?: typeof fetch;
}

const esearchSchema = z.object({
  esearchresult: z.object({
    idlist: z.array(z.string()).optional(),
    ERROR: z.string().optional(),
  }),
});

/**
 * PubMed through NCBI E-utilities: `esearch.fcgi` (db=pubmed, sort=relevance, retmode=json, retmax=limit) for
 * the ranked PMIDs, then `efetch.fcgi` (retmode=xml) in batches of at most 200 ids, parsed by parsePubmedXml. The
 * efetch requests of concurrent searches on one source are coalesced while they wait for the NCBI limiter
 * (lib/sources/pubmed-efetch-batch.ts): one request for all their PMIDs.
 * With `since`, esearch is restricted to records modified on or after that day (`datetype=mdat&mindate=…`).
 * Every request carries `tool`, `email` (when known) and `api_key` (when known) and goes through the
 * process-wide PubMed rate limiter; 429/5xx are retried (see fetchText in http.ts).
 * `search` returns records in esearch order with relevance = rankRelevance(esearch rank, ids returned);
 * PMIDs that efetch does not return are left out.
 * @throws SourceError ("PubMed: …") on HTTP failure, an esearch error reply or malformed efetch XML
 *   (the PubmedXmlError is the `cause`); the signal's reason when the search is aborted.
 */
export function createPubmedSource(options: PubmedSourceOptions = {}): LiteratureSource {
  // One efetch batcher per base URL and common parameters (key, tool, e-mail), which are read at each search.
  const batchers = new Map<string, (ids: string[], signal?: AbortSignal) => Promise<Evidence[]>>();
  const efetchFor = (base: string, common: Record<string, string>) => {
    const key = `${base}?${params(common)}`;
    let efetch = batchers.get(key);
    if (!efetch) {
      efetch = createEfetchBatcher<Evidence[]>(
        async (ids, schedule, signal) => {
          const efetchParams = params({ db: "pubmed", retmode: "xml", id: ids.join(","), ...common });
          const fetchUrl = `${base}/efetch.fcgi?${efetchParams}`;
          const xml = await fetchText(fetchUrl, {
            ...retryPolicy(options),
            fetch: options.fetch,
            source: "pubmed",
            signal,
            schedule,
          });
          try {
            return parsePubmedXml(xml, "pubmed");
          } catch (error) {
            throw new SourceError("pubmed", `unreadable efetch response: ${(error as Error).message}`, {
              cause: error,
            });
          }
        },
        () => common.api_key !== undefined,
      );
      batchers.set(key, efetch);
    }
    return efetch;
  };
  return {
    id: "pubmed",
    async search(query: string, { limit, signal, since }: SearchOptions): Promise<Evidence[]> {
      const retmax = Math.min(Math.floor(limit), ESEARCH_MAX_RETMAX);
      if (retmax <= 0 || query.trim() === "") return [];
      const config = getConfig();
      const base = (options.baseUrl ?? config.PUBMED_BASE_URL ?? DEFAULT_PUBMED_BASE_URL).replace(/\/+$/, "");
      const apiKey = options.apiKey ?? config.NCBI_API_KEY ?? "";
      const common: Record<string, string> = { tool: options.tool ?? "critica" };
      const email = options.email ?? config.NCBI_EMAIL ?? "";
      if (email) common.email = email;
      if (apiKey) common.api_key = apiKey;
      const request = {
        ...retryPolicy(options),
        fetch: options.fetch,
        source: "pubmed" as const,
        signal,
        schedule: <T>(task: () => Promise<T>) => schedulePubmed(task, apiKey !== "", signal),
      };

      // A re-check asks for records whose modification date (mdat) is on or after `since`: new records and records
      // changed since (a retraction or correction updates the original's record), maxdate being required with mindate.
      const window: Record<string, string> = since
        ? { datetype: "mdat", mindate: sinceDay(since).replaceAll("-", "/"), maxdate: "3000" }
        : {};
      const esearchParams = params({
        db: "pubmed",
        retmode: "json",
        sort: "relevance",
        retmax: String(retmax),
        term: pubmedQuery(query),
        ...window,
        ...common,
      });
      const searchUrl = `${base}/esearch.fcgi?${esearchParams}`;
      const parsed = esearchSchema.safeParse(await fetchJson(searchUrl, request));
      if (!parsed.success) throw new SourceError("pubmed", "unexpected esearch response (no esearchresult)");
      if (parsed.data.esearchresult.ERROR) {
        throw new SourceError("pubmed", `esearch error: ${parsed.data.esearchresult.ERROR}`);
      }
      const pmids = (parsed.data.esearchresult.idlist ?? []).slice(0, retmax);
      if (pmids.length === 0) return [];

      const byPmid = new Map<string, Evidence>();
      const efetch = efetchFor(base, common);
      for (let i = 0; i < pmids.length; i += EFETCH_BATCH_SIZE) {
        // A coalesced reply may also hold other searches' records: only this search's PMIDs are looked up below.
        for (const record of await efetch(pmids.slice(i, i + EFETCH_BATCH_SIZE), signal))
          byPmid.set(record.citation.pmid ?? "", record);
      }
      return pmids.flatMap((pmid, rank) => {
        const record = byPmid.get(pmid);
        return record ? [{ ...record, relevance: rankRelevance(rank, pmids.length) }] : [];
      });
    },
  };
}

function params(values: Record<string, string>): string {
  return new URLSearchParams(values).toString();
}
