import { indexTerms, termCounts } from "./tokens";

/** Okapi BM25 parameters: term-frequency saturation `k1` and length normalisation `b`. */
export interface Bm25Params {
  k1: number;
  b: number;
}

/**
 * Default parameters k1 = 1.2, b = 0.75 (Robertson & Zaragoza 2009, "The Probabilistic Relevance Framework: BM25 and
 * Beyond", §3).
 */
export const DEFAULT_BM25: Bm25Params = { k1: 1.2, b: 0.75 };

/**
 * Okapi BM25 scores of every document against a query (Robertson & Zaragoza 2009, eq. 3.15 with the
 * non-negative IDF ln(1 + (N − df + 0.5)/(df + 0.5)) used by Lucene).
 * Implemented directly rather than with MiniSearch because callers (MMR) need a score for every document,
 * including 0 for documents that match no query term, and the exact Okapi formula (MiniSearch uses BM25+).
 * Documents and query go through {@link indexTerms} (stopwords removed, S-stemmed); repeated query terms count once.
 * @param documents texts to score (sentences or abstracts).
 * @returns one score ≥ 0 per document, in input order; all zeros when the query has no index terms.
 */
export function bm25Scores(query: string, documents: string[], params: Bm25Params = DEFAULT_BM25): number[] {
  const queryTerms = [...new Set(indexTerms(query))];
  if (documents.length === 0 || queryTerms.length === 0) return documents.map(() => 0);
  const { terms: docs, tf: tfs, df } = termCounts(documents);
  const n = docs.length;
  const avgLength = docs.reduce((sum, d) => sum + d.length, 0) / n || 1;
  return tfs.map((tf, i) => {
    let score = 0;
    for (const term of queryTerms) {
      const f = tf.get(term);
      if (!f) continue;
      const dfi = df.get(term) ?? 0;
      const idf = Math.log(1 + (n - dfi + 0.5) / (dfi + 0.5));
      const norm = params.k1 * (1 - params.b + (params.b * docs[i].length) / avgLength);
      score += (idf * f * (params.k1 + 1)) / (f + norm);
    }
    return score;
  });
}

/** One ranked document: its index in the input and its BM25 score. */
export interface RankedDocument {
  index: number;
  score: number;
}

/**
 * Documents ranked by BM25 against the query, best first; ties keep input order (stable, deterministic).
 * Documents scoring 0 are left out.
 */
export function rankBm25(query: string, documents: string[], params: Bm25Params = DEFAULT_BM25): RankedDocument[] {
  return bm25Scores(query, documents, params)
    .map((score, index) => ({ index, score }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index);
}
