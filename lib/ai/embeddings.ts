import { embedMany, type EmbeddingModel } from "ai";
import { tfidfSimilarity, type TextEmbedder } from "@/lib/text/similarity";

/** Options of {@link createTextEmbedder}. */
export interface TextEmbedderOptions {
  /** The provider's embedding model (OPENAI_EMBEDDING_MODEL); null or absent means TF-IDF. */
  model?: EmbeddingModel | null;
  modelId?: string | null;
  /** Called when the provider failed and TF-IDF was used instead (the run goes on). */
  onFallback?: (error: unknown) => void;
}

/**
 * Cosine similarity of two dense vectors, clamped to [0, 1] (negative cosines count as unrelated, as MMR's
 * diversity term needs a non-negative similarity). 0 when either vector is zero or the lengths differ.
 */
export function denseCosine(a: number[], b: number[]): number {
  if (a.length !== b.length || a.length === 0) return 0;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let k = 0; k < a.length; k++) {
    dot += a[k] * b[k];
    na += a[k] * a[k];
    nb += b[k] * b[k];
  }
  if (na === 0 || nb === 0) return 0;
  return Math.min(1, Math.max(0, dot / Math.sqrt(na * nb)));
}

/**
 * A text embedder for one run. With `options.model`, texts are embedded by the provider with AI SDK `embedMany`
 * (vectors cached by key for the embedder's lifetime, so each record is embedded once per run) and compared by
 * cosine; when the provider call fails (other than by the caller's abort), TF-IDF is used for that call and
 * `onFallback` is told. Without a model, TF-IDF cosine ({@link tfidfSimilarity}).
 */
export function createTextEmbedder(options: TextEmbedderOptions = {}): TextEmbedder {
  const model = options.model ?? null;
  if (!model) {
    return { kind: "tfidf", modelId: null, similarity: async (texts) => tfidfSimilarity(texts) };
  }
  const cache = new Map<string, number[]>();
  return {
    kind: "provider",
    modelId: options.modelId ?? (typeof model === "string" ? model : model.modelId),
    async similarity(texts, { keys, signal, onUsage } = {}) {
      const keyOf = (i: number) => keys?.[i] ?? `text:${texts[i]}`;
      const missing = [
        ...new Set(
          texts
            .map((_, i) => i)
            .filter((i) => !cache.has(keyOf(i)))
            .map(keyOf),
        ),
      ];
      if (missing.length > 0) {
        const textByKey = new Map(texts.map((t, i) => [keyOf(i), t]));
        try {
          const result = await embedMany({
            model,
            values: missing.map((k) => textByKey.get(k) ?? ""),
            abortSignal: signal,
          });
          onUsage?.(result.usage?.tokens);
          missing.forEach((k, i) => cache.set(k, result.embeddings[i]));
        } catch (error) {
          if (signal?.aborted) throw error;
          options.onFallback?.(error);
          return tfidfSimilarity(texts);
        }
      }
      const vectors = texts.map((_, i) => cache.get(keyOf(i)) ?? []);
      return (i, j) => (i === j ? 1 : denseCosine(vectors[i], vectors[j]));
    },
  };
}
