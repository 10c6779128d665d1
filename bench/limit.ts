import { LATENCY_MODEL } from "./latency-model";

/**
 * The lower bound of a search step under the latency model: sources and queries in parallel, each request
 * waiting `sourceMs`, PubMed's requests (an esearch per query, then one efetch: {@link ncbiMs}) started at most one
 * per `ncbiSpacingMs` through one limiter. `chains` gives, per non-PubMed source and query, how many requests it
 * needed one after another (e.g. Europe PMC pages); `pubmedQueries` how many queries PubMed answered.
 * @returns the step's duration in ms (0 for a step without requests).
 */
export function searchStepLimitMs(pubmedQueries: number, chains: number[]): number {
  const others = chains.length ? Math.max(...chains) * LATENCY_MODEL.sourceMs : 0;
  return Math.max(others, ncbiMs(pubmedQueries));
}

/**
 * When the last of `queries` PubMed searches ends if all start at once, through one limiter that starts a request
 * no sooner than `ncbiSpacingMs` after the previous start: the esearch requests at 0, 1, …, queries − 1 slots, then
 * one efetch for all their PMIDs (the fewest requests E-utilities allows, and what the client does since its
 * concurrent efetches are coalesced, lib/sources/pubmed-efetch-batch.ts; every bench step asks ≤ 200 PMIDs). That
 * efetch is ready when the first esearch answers (`sourceMs` < `ncbiSpacingMs`), so it takes the next slot.
 * @returns ms from the step's start to the efetch's answer: queries × ncbiSpacingMs + sourceMs (0 for no query).
 */
export function ncbiMs(queries: number): number {
  const { sourceMs, ncbiSpacingMs } = LATENCY_MODEL;
  if (queries <= 0) return 0;
  return Math.max(queries * ncbiSpacingMs, sourceMs) + sourceMs;
}
