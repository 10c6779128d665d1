import { chooseModel, type ModelChoice } from "@/lib/ai/agent";
import { createTextEmbedder } from "@/lib/ai/embeddings";
import { getEmbeddingModel } from "@/lib/ai/providers";
import type { ModelUsage } from "@/lib/domain/agent";
import type { TextEmbedder } from "@/lib/text/similarity";
import { createExtractiveClaimBackend } from "@/lib/claims/agents/extractive";
import { createLlmClaimBackend } from "@/lib/claims/agents/llm";
import type { ClaimCheckBackend } from "./backend";

// Which claim-check backend and embedder a check uses. Apart from lib/claims/backend.ts (the contract the agents
// implement), so the agents can import that contract without a file circle through their own factory.

/** Options of {@link createClaimCheckBackend}: the model choice (a model, its id, a call timeout), a usage hook. */
export interface ClaimBackendOptions extends ModelChoice {
  onUsage?: (usage: ModelUsage) => void;
}

/**
 * The claim-check backend: the LLM claim agents (lib/claims/agents/llm) on the model lib/ai/agent chooseModel picks
 * (`options.model` when given, else the configured model), else the extractive claim check
 * (lib/claims/agents/extractive).
 */
export function createClaimCheckBackend(options: ClaimBackendOptions = {}): ClaimCheckBackend {
  const chosen = chooseModel(options);
  if (!chosen) return createExtractiveClaimBackend();
  return createLlmClaimBackend(chosen.model, chosen.modelId, { ...chosen.options, onUsage: options.onUsage });
}

/**
 * The embedder of a claim check's semantic and HyDE searches: provider embeddings when OPENAI_EMBEDDING_MODEL is
 * configured ({@link getEmbeddingModel}), else TF-IDF. `onFallback` hears of a failed provider call (TF-IDF is used).
 */
export function createClaimEmbedder(onFallback?: (error: unknown) => void): TextEmbedder {
  const configured = getEmbeddingModel();
  return createTextEmbedder({ model: configured?.model ?? null, modelId: configured?.modelId ?? null, onFallback });
}
