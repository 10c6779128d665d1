import type { LanguageModel } from "ai";
import type { ModelUsage } from "@/lib/domain/agent";
import { createTextEmbedder } from "@/lib/ai/embeddings";
import type { TextEmbedder } from "@/lib/text/similarity";
import { getEmbeddingModel, getLanguageModel } from "@/lib/ai/providers";
import { getConfig } from "@/lib/config";
import { createExtractiveClaimBackend } from "@/lib/claims/agents/extractive";
import { createLlmClaimBackend } from "@/lib/claims/agents/llm";
import type { ClaimCheckBackend } from "@/lib/claims/backend";

// Which claim-check backend and embedder a check uses. Apart from lib/claims/backend.ts (the contract the agents
// implement), so the agents can import that contract without a file circle through their own factory.

/** Options of {@link createClaimCheckBackend}: an injected model (tests), its id, a per-call time limit, a usage hook. */
export interface ClaimBackendOptions {
  model?: LanguageModel;
  modelId?: string;
  /** Time limit of each model call in ms; default OPENAI_TIMEOUT_MS. */
  timeoutMs?: number;
  onUsage?: (usage: ModelUsage) => void;
}

/**
 * The claim-check backend: the LLM claim agents (lib/claims/agents/llm) with `options.model` when given,
 * else with the configured model ({@link getLanguageModel}), else the extractive claim check
 * (lib/claims/agents/extractive).
 */
export function createClaimCheckBackend(options: ClaimBackendOptions = {}): ClaimCheckBackend {
  const configured = options.model ? null : getLanguageModel();
  const model = options.model ?? configured?.model;
  if (!model) return createExtractiveClaimBackend();
  const id = options.modelId ?? configured?.modelId ?? (typeof model === "string" ? model : model.modelId);
  return createLlmClaimBackend(model, id, {
    timeoutMs: options.timeoutMs ?? getConfig().OPENAI_TIMEOUT_MS,
    onUsage: options.onUsage,
  });
}

/**
 * The embedder of a claim check's semantic and HyDE searches: provider embeddings when OPENAI_EMBEDDING_MODEL is
 * configured ({@link getEmbeddingModel}), else TF-IDF. `onFallback` hears of a failed provider call (TF-IDF is used).
 */
export function createClaimEmbedder(onFallback?: (error: unknown) => void): TextEmbedder {
  const configured = getEmbeddingModel();
  return createTextEmbedder({ model: configured?.model ?? null, modelId: configured?.modelId ?? null, onFallback });
}
