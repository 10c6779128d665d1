import { cosineSimilarity, tfidfVectors } from "./tfidf";

/** Similarity of items i and j of a list, symmetric, in [0, 1] (what selectMmr expects). */
export type PairSimilarity = (i: number, j: number) => number;

/**
 * Per-call options of {@link TextEmbedder.similarity}: cache keys, abort signal, and `onUsage`, called once per
 * provider request with the tokens it reported (undefined when none).
 */
export interface EmbedCallOptions {
  keys?: string[];
  signal?: AbortSignal;
  onUsage?: (tokens: number | undefined) => void;
}

/**
 * Turns texts into a pairwise similarity: provider embeddings (cosine) when a model is configured, else TF-IDF
 * cosine. `kind` says which one a run uses. The provider implementation is lib/ai/embeddings (the model seam);
 * evidence selection only needs this contract.
 */
export interface TextEmbedder {
  kind: "provider" | "tfidf";
  /** The embedding model id, null for TF-IDF. */
  modelId: string | null;
  /**
   * Pairwise similarity of `texts`. `keys` (one per text, e.g. evidence ids) let a provider embedder reuse the
   * vectors of texts it already embedded in this run. Aborts with `signal`.
   */
  similarity(texts: string[], options?: EmbedCallOptions): Promise<PairSimilarity>;
}

/**
 * TF-IDF cosine similarity of texts (lib/text/tfidf: raw tf × smoothed idf, L2-normalised), in [0, 1].
 * Computed lazily per pair.
 */
export function tfidfSimilarity(texts: string[]): PairSimilarity {
  const vectors = tfidfVectors(texts);
  return (i, j) => (i === j ? 1 : cosineSimilarity(vectors[i], vectors[j]));
}
