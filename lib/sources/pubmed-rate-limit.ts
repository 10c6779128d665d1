import Bottleneck from "bottleneck";
import { untilAborted } from "./abortable";

/**
 * Minimum spacing between the starts of two NCBI E-utilities requests, in ms. NCBI allows 3 requests/s per IP
 * without an API key and 10/s with one (E-utilities usage guidelines, https://www.ncbi.nlm.nih.gov/books/NBK25497/).
 */
export const PUBMED_MIN_TIME_MS = { withoutKey: 334, withKey: 100 } as const;

/** Spacing for a request made with or without an API key (see {@link PUBMED_MIN_TIME_MS}). */
export function pubmedMinTime(hasApiKey: boolean): number {
  return hasApiKey ? PUBMED_MIN_TIME_MS.withKey : PUBMED_MIN_TIME_MS.withoutKey;
}

/**
 * Extra spacing, in ms, added to a job's real start beyond minTime: between a job's release and its request
 * leaving, timers and request setup take up to ~1 ms, which must not eat into the 334 ms.
 */
const START_MARGIN_MS = 2;

interface LimiterState {
  limiter: Bottleneck;
  minTime: number;
  /** performance.now() of the latest granted start (see {@link schedulePubmed}). */
  lastStart: number;
}

// Kept on globalThis so that one limiter serves the whole process even when Next.js dev reloads this module.
const GLOBAL_KEY = Symbol.for("critica.pubmedRateLimiter");
type GlobalWithLimiter = typeof globalThis & { [GLOBAL_KEY]?: LimiterState };

function state(): LimiterState {
  const g = globalThis as GlobalWithLimiter;
  if (!g[GLOBAL_KEY]) {
    const minTime = PUBMED_MIN_TIME_MS.withoutKey;
    g[GLOBAL_KEY] = {
      limiter: new Bottleneck({ minTime, maxConcurrent: null }),
      minTime,
      lastStart: Number.NEGATIVE_INFINITY,
    };
  }
  return g[GLOBAL_KEY];
}

/**
 * Runs `task` through the one process-wide PubMed limiter (bottleneck), so that all PubMed requests — every
 * search, every retry — start at least 334 ms apart without an API key, 100 ms apart with one. The spacing
 * follows the latest call's key status.
 * Bottleneck spaces its *planned* start times; when the event loop is busy (e.g. parsing a large efetch reply)
 * a job starts a few ms late and the next one would follow less than minTime after it. Each job therefore also
 * reserves its real start at least minTime (+2 ms margin) after the previous real start, and waits for it.
 * When `signal` aborts while the job waits its turn, the returned promise rejects at once with the signal's
 * reason and the task is never run.
 * @returns the task's result; rejects with the task's error.
 */
export function schedulePubmed<T>(task: () => Promise<T>, hasApiKey: boolean, signal?: AbortSignal): Promise<T> {
  const s = state();
  const minTime = pubmedMinTime(hasApiKey);
  if (s.minTime !== minTime) {
    s.limiter.updateSettings({ minTime });
    s.minTime = minTime;
  }
  const job = s.limiter.schedule(async () => {
    signal?.throwIfAborted();
    const startAt = Math.max(performance.now(), s.lastStart + minTime + START_MARGIN_MS);
    s.lastStart = startAt; // reserved before waiting, so a job released meanwhile queues behind this one
    for (let wait = startAt - performance.now(); wait > 0; wait = startAt - performance.now()) {
      await new Promise((resolve) => setTimeout(resolve, Math.ceil(wait)));
    }
    s.lastStart = Math.max(s.lastStart, performance.now());
    signal?.throwIfAborted();
    return task();
  });
  return untilAborted(job, signal);
}
