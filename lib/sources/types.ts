import type { Evidence, SourceId } from "@/lib/domain/evidence";

/**
 * Options of one search: `limit` is the maximum number of records returned; `signal` aborts the request;
 * `onCacheHit` is called when the answer comes from the source cache (lib/sources/cache.ts), not the network;
 * `since` restricts the search to records added or updated on or after that UTC day, where the source can filter by
 * date (a watch's re-check: PubMed's modification date, Europe PMC's UPDATE_DATE, ClinicalTrials.gov's last update
 * posted, the library's import date); see {@link sinceDay}.
 */
export interface SearchOptions {
  limit: number;
  signal?: AbortSignal;
  onCacheHit?: () => void;
  since?: Date;
}

/** The UTC day of a `since` restriction as "YYYY-MM-DD" (sources filter by whole days, the day itself included). */
export function sinceDay(since: Date): string {
  return since.toISOString().slice(0, 10);
}

/**
 * A literature source (one file per source in lib/sources). `search` returns at most `options.limit`
 * records, best first, each with `relevance` in 0–1 derived from its rank.
 * Implementations throw on transport or parse failure; the caller records that as a shortfall.
 */
export interface LiteratureSource {
  id: SourceId;
  search(query: string, options: SearchOptions): Promise<Evidence[]>;
}

/** Relevance from a 0-based rank among `count` results: 1 for the first, falling linearly to 1/count. */
export function rankRelevance(rank: number, count: number): number {
  return count <= 0 ? 0 : (count - rank) / count;
}
