import { SOURCE_LABELS, type Evidence, type SourceId } from "@/lib/domain/evidence";
import type { LiteratureSource } from "./types";
import { isDnsFailure, markUnreachable, unreachableMark, utcTime } from "./reachability";

/**
 * What one source returned for one query. `error` is the shortfall message when it failed (then evidence is []);
 * `fromCache` whether the answer came from the source cache (lib/sources/cache.ts) rather than the network.
 */
export interface SourceSearchResult {
  source: SourceId;
  query: string;
  evidence: Evidence[];
  durationMs: number;
  error: string | null;
  fromCache: boolean;
}

class SourceTimeoutError extends Error {}

/**
 * Runs one query on every source in parallel, each under its own timeout (`timeoutMs`, milliseconds) and an
 * AbortSignal that also follows the run's `signal`. A failed or slow source never throws here: its result carries
 * a shortfall message such as "PubMed: timed out after 15 s, 0 records". A source whose DNS lookup fails is marked
 * unreachable for a few minutes (lib/sources/reachability.ts) and answers at once with a shortfall until then.
 * `onResult` is called (and awaited) with each source's result as soon as that source answers, so progress shows
 * without waiting for the slowest one.
 * @returns the results in the order of `sources`.
 * @throws only when the run's own `signal` is aborted (the run was cancelled), or what `onResult` throws.
 */
export async function searchSources(
  sources: LiteratureSource[],
  query: string,
  options: {
    limit: number;
    timeoutMs: number;
    signal?: AbortSignal;
    onResult?: (result: SourceSearchResult) => Promise<void> | void;
  },
): Promise<SourceSearchResult[]> {
  const results = await Promise.all(
    sources.map(async (source) => {
      const result = await searchOne(source, query, options);
      // A cancelled run's aborted searches are not results.
      if (!options.signal?.aborted) await options.onResult?.(result);
      return result;
    }),
  );
  options.signal?.throwIfAborted();
  return results;
}

async function searchOne(
  source: LiteratureSource,
  query: string,
  options: { limit: number; timeoutMs: number; signal?: AbortSignal },
): Promise<SourceSearchResult> {
  const started = performance.now();
  // A live source whose DNS lookup failed recently is not asked again until its mark expires (offline, each dead source
  // would cost every run seconds of DNS retries).
  const mark = unreachableMark(source.id);
  if (mark) {
    const label = SOURCE_LABELS[source.id];
    const error =
      `${label}: unreachable (DNS lookup failed at ${utcTime(mark.since)}; not asked again until ` +
      `${utcTime(mark.until)}), 0 records`;
    return { source: source.id, query, evidence: [], durationMs: 0, error, fromCache: false };
  }
  const controller = new AbortController();
  const onRunAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener("abort", onRunAbort, { once: true });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new SourceTimeoutError());
      controller.abort(new SourceTimeoutError());
    }, options.timeoutMs);
  });
  let fromCache = false;
  try {
    const evidence = await Promise.race([
      source.search(query, { limit: options.limit, signal: controller.signal, onCacheHit: () => (fromCache = true) }),
      timeout,
    ]);
    return {
      source: source.id,
      query,
      evidence: evidence.slice(0, options.limit),
      durationMs: elapsed(started),
      error: null,
      fromCache,
    };
  } catch (error) {
    if (isDnsFailure(error)) markUnreachable(source.id);
    const label = SOURCE_LABELS[source.id];
    const message =
      error instanceof SourceTimeoutError
        ? `${label}: timed out after ${formatSeconds(options.timeoutMs)}, 0 records`
        : `${label}: ${describeError(error).replace(new RegExp(`^${label}:\\s*`), "")}, 0 records`;
    return { source: source.id, query, evidence: [], durationMs: elapsed(started), error: message, fromCache: false };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onRunAbort);
  }
}

function elapsed(started: number): number {
  return Math.round(performance.now() - started);
}

function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    // Network failures read "fetch failed"; their cause says why (e.g. "connect ECONNREFUSED 127.0.0.1:9").
    const cause =
      error.cause instanceof Error && !error.message.includes(error.cause.message) ? ` (${error.cause.message})` : "";
    return `${error.message}${cause}`;
  }
  return String(error);
}
