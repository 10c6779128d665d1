import type { EmbeddingModel } from "ai";
import { chooseModel, type ModelChoice } from "@/lib/ai/agent";
import { createTextEmbedder } from "@/lib/ai/embeddings";
import { getEmbeddingModel } from "@/lib/ai/providers";
import { createExtractiveBackend } from "@/lib/research/agents/extractive";
import { createLlmBackend } from "@/lib/research/agents/llm";
import type { ReasoningBackend } from "./backend";

// Which reasoning backend a run uses. Apart from lib/research/backend.ts (the contract the agents implement), so the
// agents can import that contract without a file circle through their own factory.

/**
 * Options of {@link createReasoningBackend}: the model choice (a model, its id, a call timeout), an embedding model.
 */
export interface BackendOptions extends ModelChoice {
  /** Embedding model for MMR; default the configured one (OPENAI_EMBEDDING_MODEL), else TF-IDF. */
  embeddingModel?: EmbeddingModel | null;
}

/**
 * The reasoning backend for a run: the LLM backend on the model lib/ai/agent chooseModel picks (`options.model`
 * when given, its id `modelId` or the model's own; else the configured model), else the deterministic extractive
 * backend. LLM backends pick diverse evidence with provider embeddings when an embedding model is given or
 * configured, else TF-IDF, and bound each model call by `timeoutMs` (default OPENAI_TIMEOUT_MS, 120 s).
 */
export function createReasoningBackend(options: BackendOptions = {}): ReasoningBackend {
  const chosen = chooseModel(options);
  if (!chosen) return createExtractiveBackend();
  const embedding =
    options.embeddingModel !== undefined ? options.embeddingModel : (getEmbeddingModel()?.model ?? null);
  return createLlmBackend(chosen.model, chosen.modelId, {
    ...chosen.options,
    embedder: createTextEmbedder({
      model: embedding,
      onFallback: (error) =>
        console.warn(
          "embedding model failed, using TF-IDF to pick diverse evidence:",
          error instanceof Error ? error.message : String(error),
        ),
    }),
  });
}

/** The backend a run switches to when the provider fails and the user chose to continue: the extractive one. */
export function createFallbackBackend(): ReasoningBackend {
  return createExtractiveBackend();
}
