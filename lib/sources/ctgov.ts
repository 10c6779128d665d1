import { getConfig } from "@/lib/config";
import { z } from "zod";
import type { Evidence } from "@/lib/domain/evidence";
import { fetchJson, parseResponse, retryPolicy, type RetryPolicy } from "./http";
import { collectPages } from "./paging";
import { CtgovFormatError, parseCtgovStudies } from "@/lib/sources/parse/ctgov";
import { sinceDay, type LiteratureSource, type SearchOptions } from "./types";

export const DEFAULT_CTGOV_BASE_URL = "https://clinicaltrials.gov/api/v2";
/** Largest pageSize the ClinicalTrials.gov v2 API accepts. */
export const CTGOV_MAX_PAGE_SIZE = 1000;
/** Essie filter restricting a search to interventional studies. */
export const INTERVENTIONAL_FILTER = "AREA[StudyType]INTERVENTIONAL";

/** Options of {@link createCtgovSource}; unset values are read from the environment at each search. */
export interface CtgovSourceOptions extends RetryPolicy {
  /** API base URL; default env CTGOV_BASE_URL, else {@link DEFAULT_CTGOV_BASE_URL}. */
  baseUrl?: string;
  /**
   * Only interventional studies (`filter.advanced=AREA[StudyType]INTERVENTIONAL`); the caller decides from the
   * question.
   */
  interventionalOnly?: boolean;
  /** fetch implementation (tests). */
  fetch?: typeof fetch;
}

/** Search options of this source: `interventionalOnly` overrides the factory option for one search. */
export interface CtgovSearchOptions extends SearchOptions {
  interventionalOnly?: boolean;
}

/** The ClinicalTrials.gov source: a LiteratureSource whose `search` also takes {@link CtgovSearchOptions}. */
export interface CtgovSource extends LiteratureSource {
  search(query: string, options: CtgovSearchOptions): Promise<Evidence[]>;
}

const pageSchema = z.object({ nextPageToken: z.string().optional() });

/**
 * ClinicalTrials.gov API v2: `${base}/studies?query.term=…&pageSize=…&format=json` (plus the interventional filter
 * when asked, and `AREA[LastUpdatePostDate]RANGE[<since>,MAX]` with `since`), following `nextPageToken` until `limit`
 * studies are collected. Studies are returned in the API's
 * order with relevance = rankRelevance(rank, studies returned).
 * @throws SourceError ("ClinicalTrials.gov: …") on HTTP failure or a response that is not API v2 JSON
 *   (the CtgovFormatError is the `cause`); the signal's reason when the search is aborted.
 */
export function createCtgovSource(options: CtgovSourceOptions = {}): CtgovSource {
  return {
    id: "ctgov",
    async search(query: string, searchOptions: CtgovSearchOptions): Promise<Evidence[]> {
      const { limit, signal, since } = searchOptions;
      const wanted = Math.floor(limit);
      if (wanted <= 0 || query.trim() === "") return [];
      const base = (options.baseUrl ?? getConfig().CTGOV_BASE_URL ?? DEFAULT_CTGOV_BASE_URL).replace(/\/+$/, "");
      const interventionalOnly = searchOptions.interventionalOnly ?? options.interventionalOnly ?? false;
      const request = { ...retryPolicy(options), fetch: options.fetch, source: "ctgov" as const, signal };

      // A re-check asks for studies whose last update was posted on or after `since` (a status or results change).
      const filters = [
        interventionalOnly ? INTERVENTIONAL_FILTER : "",
        since ? `AREA[LastUpdatePostDate]RANGE[${sinceDay(since)},MAX]` : "",
      ].filter(Boolean);
      return collectPages(wanted, async (pageToken) => {
        const params = new URLSearchParams({
          "query.term": query,
          pageSize: String(Math.min(wanted, CTGOV_MAX_PAGE_SIZE)),
          format: "json",
        });
        if (filters.length) params.set("filter.advanced", filters.join(" AND "));
        if (pageToken) params.set("pageToken", pageToken);
        const json = await fetchJson(`${base}/studies?${params}`, request);
        const records = parseResponse("ctgov", "unreadable studies response", CtgovFormatError, () =>
          parseCtgovStudies(json, "ctgov"),
        );
        const next = pageSchema.safeParse(json);
        const token = next.success ? next.data.nextPageToken : undefined;
        return { records, next: records.length === 0 || !token ? null : token };
      });
    },
  };
}
