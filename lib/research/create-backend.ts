import type { EmbeddingModel, LanguageModel } from "ai";
import { createTextEmbedder } from "@/lib/ai/embeddings";
import { getEmbeddingModel, getLanguageModel } from "@/lib/ai/providers";
import { getConfig } from "@/lib/config";
import { createExtractiveBackend } from "@/lib/research/agents/extractive";
import { createLlmBackend } from "@/lib/research/agents/llm";
import type { ReasoningBackend } from "@/lib/research/backend";

// Which reasoning backend a run uses. Apart from lib/research/backend.ts (the contract the agents implement), so the
// agents can import that contract without a file circle through their own factory.

/** Options of {@link createReasoningBackend}: an injected model (tests), its id, an embedding model, a call timeout. */
export interface BackendOptions {
  model?: LanguageModel;
  modelId?: string;
  /** Embedding model for MMR; default the configured one (OPENAI_EMBEDDING_MODEL), else TF-IDF. */
  embeddingModel?: EmbeddingModel | null;
  /** Time limit of each model call in ms; default OPENAI_TIMEOUT_MS. */
  timeoutMs?: number;
}

/**
 * The reasoning backend for a run: the LLM backend with `options.model` when given (tests and callers that
 * inject a model; `modelId` defaults to the model's own id), else with the configured model
 * ({@link getLanguageModel}), else the deterministic extractive backend. LLM backends pick diverse evidence with
 * provider embeddings when an embedding model is given or configured, else TF-IDF, and bound each model call by
 * `timeoutMs` (default OPENAI_TIMEOUT_MS, 120 s).
 */
export function createReasoningBackend(options: BackendOptions = {}): ReasoningBackend {
  const configured = options.model ? null : getLanguageModel();
  const model = options.model ?? configured?.model;
  if (!model) return createExtractiveBackend();
  const id = options.modelId ?? configured?.modelId ?? (typeof model === "string" ? model : model.modelId);
  const embedding =
    options.embeddingModel !== undefined ? options.embeddingModel : (getEmbeddingModel()?.model ?? null);
  return createLlmBackend(model, id, {
    timeoutMs: options.timeoutMs ?? getConfig().OPENAI_TIMEOUT_MS,
    embedder: createTextEmbedder({
      model: embedding,
      onFallback: (error) =>
        console.warn(
          `embedding model failed, using TF-IDF to pick diverse evidence: ${error instanceof Error ? error.message : String(error)}`,
        ),
    }),
  });
}

/** The backend a run switches to when the provider fails and the user chose to continue: the extractive one. */
export function createFallbackBackend(): ReasoningBackend {
  return createExtractiveBackend();
}
