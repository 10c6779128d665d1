import { SOURCE_LABELS, type Evidence, type SourceId } from "@/lib/domain/evidence";
import type { LiteratureSource } from "@/lib/sources/types";

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
 * a shortfall message such as "PubMed: timed out after 15 s, 0 records".
 * @throws only when the run's own `signal` is aborted (the run was cancelled).
 */
export async function searchSources(
  sources: LiteratureSource[],
  query: string,
  options: { limit: number; timeoutMs: number; signal?: AbortSignal },
): Promise<SourceSearchResult[]> {
  const results = await Promise.all(sources.map((source) => searchOne(source, query, options)));
  options.signal?.throwIfAborted();
  return results;
}

async function searchOne(
  source: LiteratureSource,
  query: string,
  options: { limit: number; timeoutMs: number; signal?: AbortSignal },
): Promise<SourceSearchResult> {
  const started = performance.now();
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
    const evidence = await Promise.race([source.search(query, { limit: options.limit, signal: controller.signal, onCacheHit: () => (fromCache = true) }), timeout]);
    return { source: source.id, query, evidence: evidence.slice(0, options.limit), durationMs: elapsed(started), error: null, fromCache };
  } catch (error) {
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
    const cause = error.cause instanceof Error && !error.message.includes(error.cause.message) ? ` (${error.cause.message})` : "";
    return `${error.message}${cause}`;
  }
  return String(error);
}
