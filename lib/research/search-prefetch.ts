import { randomUUID } from "node:crypto";
import type { LiteratureSource } from "@/lib/sources/types";
import { searchSources, type SourceSearchResult } from "@/lib/sources/search";

/** Searches started ahead of their step, by prefetch key, then by normalised query. In this process only. */
const started = new Map<
  string,
  { controller: AbortController; searches: Map<string, Promise<SourceSearchResult[]>> }
>();

/** A prefetch no step took is forgotten (and its searches aborted) after this long: the run failed or moved on. */
const FORGET_AFTER_MS = 10 * 60_000;

/** Options of {@link startSearchPrefetch}: where and how the step's searches would run. */
export interface SearchPrefetchOptions {
  sources: LiteratureSource[];
  limit: number;
  timeoutMs: number;
  /** The run's signal: cancelling the run aborts the prefetched searches. */
  signal?: AbortSignal;
  /** Most searches started (the step's own cap on queries). */
  max: number;
  /** The query as the step compares queries (lower case, single spaces). */
  normalise: (query: string) => string;
}

/** A handle on searches started ahead of their step: `start` the queries as they become known; `key` names them. */
export interface SearchPrefetch {
  key: string;
  start(queries: string[]): void;
  /** Whether any search was started (a key worth keeping in the run's state). */
  readonly used: boolean;
}

/**
 * Starts a research step's searches before the step, to hide their latency (the targeted searches of an iteration begin
 * while the hypothesis agent is still writing, as each hypothesis's search suggestions are complete, instead of after
 * its whole answer). At most `max` searches, each query once; the results are held, not recorded: the step takes them
 * with {@link takePrefetched} and records them as its own (search events, merge), so the timeline and the evidence are
 * those of the step. A suggestion the step does not use (the final answer ordered hypotheses differently, or dropped
 * one) cost a search; {@link endPrefetch} aborts those still waiting. The held searches live in this process: a step
 * running elsewhere (durable engine) searches again, and the source cache (on by default) answers it from what the
 * prefetch stored.
 */
export function startSearchPrefetch(options: SearchPrefetchOptions): SearchPrefetch {
  const key = randomUUID();
  const controller = new AbortController();
  const onRunAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener("abort", onRunAbort, { once: true });
  const searches = new Map<string, Promise<SourceSearchResult[]>>();
  started.set(key, { controller, searches });
  setTimeout(() => endPrefetch(key), FORGET_AFTER_MS).unref?.();
  controller.signal.addEventListener("abort", () => options.signal?.removeEventListener("abort", onRunAbort), {
    once: true,
  });
  return {
    key,
    get used() {
      return searches.size > 0;
    },
    start(queries) {
      for (const query of queries) {
        const q = options.normalise(query);
        if (searches.size >= options.max || searches.has(q) || controller.signal.aborted) continue;
        const search = searchSources(options.sources, query, {
          limit: options.limit,
          timeoutMs: options.timeoutMs,
          signal: controller.signal,
        });
        // A search no step takes may be aborted; the step that takes it sees the rejection.
        search.catch(() => undefined);
        searches.set(q, search);
      }
    },
  };
}

/** The prefetched search of `query` (normalised) under `key`, removed from the prefetch; undefined when none. */
export function takePrefetched(
  key: string | undefined,
  normalisedQuery: string,
): Promise<SourceSearchResult[]> | undefined {
  const entry = key ? started.get(key) : undefined;
  const search = entry?.searches.get(normalisedQuery);
  entry?.searches.delete(normalisedQuery);
  return search;
}

/** Ends a prefetch: searches no step took are aborted (freeing, e.g., their places in PubMed's rate limiter). */
export function endPrefetch(key: string | undefined): void {
  const entry = key ? started.get(key) : undefined;
  if (!entry || !key) return;
  started.delete(key);
  // Taken searches are already awaited by their step; only untaken ones remain to be aborted.
  if (entry.searches.size > 0) entry.controller.abort(new Error("prefetched search not used"));
  else entry.controller.abort(new Error("prefetch ended"));
}
