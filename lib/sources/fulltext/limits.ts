import Bottleneck from "bottleneck";
import { untilAborted } from "@/lib/sources/abortable";

/**
 * How fast full texts are asked of each host. Europe PMC states no per-client limit for its REST service; we keep to
 * 10 requests a second, 3 at a time (NCBI's rate for a keyed client: a public service's polite ceiling). bioRxiv's
 * API asks nothing either; its JATS files come from its web servers, which we ask one at a time, 4 a second. Source:
 * our choice, documented in docs/library.md.
 */
export const FULL_TEXT_LIMITS = {
  europepmc: { maxConcurrent: 3, minTime: 100 },
  biorxiv: { maxConcurrent: 1, minTime: 250 },
} as const;

type Host = keyof typeof FULL_TEXT_LIMITS;

// Kept on globalThis so that one limiter per host serves the whole process even when Next.js dev reloads this module.
const GLOBAL_KEY = Symbol.for("critica.fullTextLimiters");
type GlobalWithLimiters = typeof globalThis & { [GLOBAL_KEY]?: Map<Host, Bottleneck> };

function limiter(host: Host): Bottleneck {
  const g = globalThis as GlobalWithLimiters;
  g[GLOBAL_KEY] ??= new Map();
  let l = g[GLOBAL_KEY].get(host);
  if (!l) g[GLOBAL_KEY].set(host, (l = new Bottleneck(FULL_TEXT_LIMITS[host])));
  return l;
}

/**
 * Runs one request attempt through the host's process-wide limiter (bottleneck), so every full-text request and retry
 * of every run keeps to the host's pace. When `signal` aborts while the attempt waits its turn, it rejects at once with
 * the signal's reason and never runs.
 */
export function scheduleFullText<T>(host: Host, task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  const job = limiter(host).schedule(async () => {
    signal?.throwIfAborted();
    return task();
  });
  return untilAborted(job, signal);
}
