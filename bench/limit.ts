import { LATENCY_MODEL } from "./latency-model";

/**
 * The lower bound of a search step under the latency model: sources and queries in parallel, each request
 * waiting `sourceMs`, PubMed's requests (esearch then efetch per query) started at most one per `ncbiSpacingMs`
 * through one limiter. `chains` gives, per non-PubMed source and query, how many requests it needed one after
 * another (e.g. Europe PMC pages); `pubmedQueries` how many queries PubMed answered (2 requests each).
 * @returns the step's duration in ms (0 for a step without requests).
 */
export function searchStepLimitMs(pubmedQueries: number, chains: number[]): number {
  const others = chains.length ? Math.max(...chains) * LATENCY_MODEL.sourceMs : 0;
  return Math.max(others, ncbiMs(pubmedQueries));
}

/**
 * When the last of `queries` PubMed searches ends if all start at once: a discrete simulation of one limiter that
 * starts the earliest-ready request no sooner than `ncbiSpacingMs` after the previous start (esearch ready at 0,
 * its efetch ready when the esearch answers).
 */
export function ncbiMs(queries: number): number {
  const { sourceMs, ncbiSpacingMs } = LATENCY_MODEL;
  const pending: Array<{ ready: number; first: boolean }> = Array.from({ length: queries }, () => ({ ready: 0, first: true }));
  let lastStart = Number.NEGATIVE_INFINITY;
  let end = 0;
  while (pending.length) {
    pending.sort((a, b) => a.ready - b.ready);
    const next = pending.shift()!;
    const start = Math.max(next.ready, lastStart + ncbiSpacingMs);
    lastStart = start;
    end = Math.max(end, start + sourceMs);
    if (next.first) pending.push({ ready: start + sourceMs, first: false });
  }
  return end;
}
