import { getConfig } from "@/lib/config";
import type { Evidence } from "@/lib/domain/evidence";
import { fetchJson, parseResponse, retryPolicy, type RetryPolicy } from "./http";
import { collectPages } from "./paging";
import { EuropePmcFormatError, parseEuropePmcSearch } from "@/lib/sources/parse/europepmc";
import { sinceDay, type LiteratureSource, type SearchOptions } from "./types";
import { europePmcQuery } from "@/lib/reading/query-expansion";

export const DEFAULT_EUROPEPMC_BASE_URL = "https://www.ebi.ac.uk/europepmc/webservices/rest";
/** Largest pageSize the Europe PMC search API accepts. */
export const EUROPEPMC_MAX_PAGE_SIZE = 1000;

/** Options of {@link createEuropePmcSource}; unset values are read from the environment at each search. */
export interface EuropePmcSourceOptions extends RetryPolicy {
  /** REST base URL; default env EUROPEPMC_BASE_URL, else {@link DEFAULT_EUROPEPMC_BASE_URL}. */
  baseUrl?: string;
  /** fetch implementation (tests). */
  fetch?: typeof fetch;
}

/**
 * Europe PMC REST search: `${base}/search?query=…&resultType=core&format=json&pageSize=…&cursorMark=*`, following
 * `nextCursorMark` until `limit` records are collected, a page brings no results, or the cursor stops moving.
 * Records are deduplicated by evidence key; relevance = rankRelevance(rank, records returned). With `since`, the query
 * becomes `(query) AND UPDATE_DATE:[YYYY-MM-DD TO *]`.
 * @throws SourceError ("Europe PMC: …") on HTTP failure or a response that is not a search result
 *   (the EuropePmcFormatError is the `cause`); the signal's reason when the search is aborted.
 */
export function createEuropePmcSource(options: EuropePmcSourceOptions = {}): LiteratureSource {
  return {
    id: "europepmc",
    async search(query: string, { limit, signal, since }: SearchOptions): Promise<Evidence[]> {
      const wanted = Math.floor(limit);
      if (wanted <= 0 || query.trim() === "") return [];
      const base = (options.baseUrl ?? getConfig().EUROPEPMC_BASE_URL ?? DEFAULT_EUROPEPMC_BASE_URL).replace(
        /\/+$/,
        "",
      );
      const pageSize = Math.min(wanted, EUROPEPMC_MAX_PAGE_SIZE);
      const request = { ...retryPolicy(options), fetch: options.fetch, source: "europepmc" as const, signal };

      // A re-check asks for records created or revised on or after `since` (Europe PMC's UPDATE_DATE field).
      // A free-text question is mapped to its concepts (MESH_HEADING, entry terms, narrower concepts).
      const mapped = europePmcQuery(query);
      const q = since ? `(${mapped}) AND UPDATE_DATE:[${sinceDay(since)} TO *]` : mapped;
      return collectPages(wanted, async (cursor) => {
        const cursorMark = cursor ?? "*";
        const searchParams = new URLSearchParams({
          query: q,
          resultType: "core",
          format: "json",
          pageSize: String(pageSize),
          cursorMark,
        });
        const url = `${base}/search?${searchParams}`;
        const json = await fetchJson(url, request);
        const result = parseResponse("europepmc", "unreadable search response", EuropePmcFormatError, () =>
          parseEuropePmcSearch(json, "europepmc"),
        );
        const exhausted = result.evidence.length + result.skipped === 0;
        const last = exhausted || !result.nextCursorMark || result.nextCursorMark === cursorMark;
        return { records: result.evidence, next: last ? null : result.nextCursorMark };
      });
    },
  };
}
