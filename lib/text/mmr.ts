/**
 * λ of maximal marginal relevance: 0.7, as in DeepCritical's `select_diverse_evidence` (relevance weighted
 * over diversity). Source of the method: Carbonell & Goldstein 1998, "The use of MMR, diversity-based
 * reranking for reordering documents and producing summaries", SIGIR.
 */
export const DEFAULT_MMR_LAMBDA = 0.7;

/** Options of {@link selectMmr}: how many items, λ, and which items may be picked at all. */
export interface MmrOptions {
  k: number;
  lambda?: number;
  /** Items with relevance ≤ this (after normalisation) are never picked; default 0 (items must match the query). */
  minRelevance?: number;
}

/**
 * Greedy maximal marginal relevance (Carbonell & Goldstein 1998): repeatedly picks the item maximising
 * λ·rel(i) − (1 − λ)·max_{j picked} sim(i, j). Relevance is divided by its maximum so both terms are in [0, 1]
 * (similarity is expected in [0, 1], e.g. TF-IDF cosine). Ties go to the lower index (deterministic).
 * @param relevance one score ≥ 0 per item (e.g. BM25).
 * @param similarity pairwise similarity of items i and j, symmetric, in [0, 1].
 * @returns indices of the picked items in pick order (at most k; fewer when too few items are relevant).
 * @throws RangeError when λ is outside [0, 1] or k < 0.
 */
export function selectMmr(
  relevance: number[],
  similarity: (i: number, j: number) => number,
  options: MmrOptions,
): number[] {
  const lambda = options.lambda ?? DEFAULT_MMR_LAMBDA;
  if (lambda < 0 || lambda > 1) throw new RangeError("MMR lambda must be within [0, 1]");
  if (options.k < 0) throw new RangeError("MMR k must be non-negative");
  const max = Math.max(0, ...relevance);
  if (max === 0) return [];
  const rel = relevance.map((r) => r / max);
  const minRelevance = options.minRelevance ?? 0;
  const candidates = rel.map((_, i) => i).filter((i) => rel[i] > minRelevance);
  const picked: number[] = [];
  const maxSim = new Map<number, number>(candidates.map((i) => [i, 0]));
  while (picked.length < options.k && maxSim.size > 0) {
    let best = -1;
    let bestScore = -Infinity;
    for (const [i, s] of maxSim) {
      const score = lambda * rel[i] - (1 - lambda) * s;
      if (score > bestScore || (score === bestScore && i < best)) {
        best = i;
        bestScore = score;
      }
    }
    picked.push(best);
    maxSim.delete(best);
    for (const [i, s] of maxSim) maxSim.set(i, Math.max(s, similarity(i, best)));
  }
  return picked;
}
