import { termCounts } from "./tokens";

/** A sparse TF-IDF vector: index term → weight, L2-normalised (so cosine similarity is a dot product). */
export type SparseVector = Map<string, number>;

/**
 * TF-IDF vectors of a set of documents: raw term frequency × smoothed IDF ln((1 + N)/(1 + df)) + 1
 * (Salton & Buckley 1988 tf·idf weighting; the smoothing is scikit-learn's TfidfVectorizer default),
 * L2-normalised. Terms and counts come from termCounts (lib/text/tokens.ts). A document without terms gets an empty
 * vector.
 * @returns one vector per document, in input order.
 */
export function tfidfVectors(documents: string[]): SparseVector[] {
  const { tf: tfs, df } = termCounts(documents);
  const n = tfs.length;
  return tfs.map((tf) => {
    const v: SparseVector = new Map();
    let norm = 0;
    for (const [t, f] of tf) {
      const w = f * (Math.log((1 + n) / (1 + (df.get(t) ?? 0))) + 1);
      v.set(t, w);
      norm += w * w;
    }
    norm = Math.sqrt(norm);
    if (norm > 0) for (const [t, w] of v) v.set(t, w / norm);
    return v;
  });
}

/**
 * Cosine similarity of two sparse vectors, in [0, 1] for non-negative weights; 0 when either is empty.
 * Does not assume normalised input.
 */
export function cosineSimilarity(a: SparseVector, b: SparseVector): number {
  if (a.size === 0 || b.size === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [t, w] of small) {
    const other = large.get(t);
    if (other !== undefined) dot += w * other;
  }
  let na = 0;
  let nb = 0;
  for (const w of a.values()) na += w * w;
  for (const w of b.values()) nb += w * w;
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}
