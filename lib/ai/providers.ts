import { createOpenAI } from "@ai-sdk/openai";
import type { EmbeddingModel, LanguageModel } from "ai";
import { createExtractiveBackend } from "@/lib/agents/extractive";
import { createLlmBackend } from "@/lib/agents/llm";
import type { ModelUsage, ReasoningBackend } from "@/lib/agents/types";
import { getConfig } from "@/lib/config";
import { createTextEmbedder, type TextEmbedder } from "@/lib/text/embeddings";
import type { ClaimCheckBackend } from "@/lib/claims/backend";
import { createExtractiveClaimBackend } from "@/lib/claims/extractive-backend";
import { createLlmClaimBackend } from "@/lib/agents/llm/claim-backend";
import type { ModelPrices } from "./pricing";

/**
 * The configured language model: OpenAI Chat Completions (`/chat/completions`, which OpenAI-compatible servers
 * such as vLLM or Ollama implement) at OPENAI_BASE_URL (default https://api.openai.com/v1) with OPENAI_API_KEY,
 * model OPENAI_MODEL (default "gpt-4o-mini"). This is the one place where the model is chosen.
 * @returns null when OPENAI_API_KEY is not set (the app then runs the extractive backend).
 * @throws Error from getConfig when an environment value is invalid (e.g. OPENAI_BASE_URL is not a URL).
 */
export function getLanguageModel(env: NodeJS.ProcessEnv = process.env): { model: LanguageModel; modelId: string } | null {
  const config = getConfig(env);
  if (!config.OPENAI_API_KEY) return null;
  const provider = createOpenAI({ baseURL: config.OPENAI_BASE_URL, apiKey: config.OPENAI_API_KEY });
  return { model: provider.chat(config.OPENAI_MODEL), modelId: config.OPENAI_MODEL };
}

/**
 * The configured embedding model (`/embeddings` at OPENAI_BASE_URL, model OPENAI_EMBEDDING_MODEL), used to pick
 * diverse evidence by MMR. Null when OPENAI_API_KEY or OPENAI_EMBEDDING_MODEL is unset (TF-IDF is used then).
 */
export function getEmbeddingModel(env: NodeJS.ProcessEnv = process.env): { model: EmbeddingModel; modelId: string } | null {
  const config = getConfig(env);
  if (!config.OPENAI_API_KEY || !config.OPENAI_EMBEDDING_MODEL) return null;
  const provider = createOpenAI({ baseURL: config.OPENAI_BASE_URL, apiKey: config.OPENAI_API_KEY });
  return { model: provider.embedding(config.OPENAI_EMBEDDING_MODEL), modelId: config.OPENAI_EMBEDDING_MODEL };
}

/**
 * Model prices from configuration (USD per million tokens: OPENAI_PRICE_INPUT_PER_MTOK,
 * OPENAI_PRICE_OUTPUT_PER_MTOK, OPENAI_EMBEDDING_PRICE_PER_MTOK). Null when none is set.
 */
export function getModelPrices(env: NodeJS.ProcessEnv = process.env): ModelPrices | null {
  const c = getConfig(env);
  const prices: ModelPrices = {
    inputPerMTok: c.OPENAI_PRICE_INPUT_PER_MTOK ?? null,
    outputPerMTok: c.OPENAI_PRICE_OUTPUT_PER_MTOK ?? null,
    embeddingPerMTok: c.OPENAI_EMBEDDING_PRICE_PER_MTOK ?? null,
  };
  return Object.values(prices).every((p) => p === null) ? null : prices;
}

/** Whether a language model is configured (OPENAI_API_KEY set), i.e. whether runs use the LLM backend by default. */
export function isModelConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  return !!getConfig(env).OPENAI_API_KEY;
}

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
  const embedding = options.embeddingModel !== undefined ? options.embeddingModel : (getEmbeddingModel()?.model ?? null);
  return createLlmBackend(model, id, {
    timeoutMs: options.timeoutMs ?? getConfig().OPENAI_TIMEOUT_MS,
    embedder: createTextEmbedder({
      model: embedding,
      onFallback: (error) => console.warn(`embedding model failed, using TF-IDF to pick diverse evidence: ${error instanceof Error ? error.message : String(error)}`),
    }),
  });
}

/** The backend a run switches to when the provider fails and the user chose to continue: the extractive one. */
export function createFallbackBackend(): ReasoningBackend {
  return createExtractiveBackend();
}

/** Options of {@link createClaimCheckBackend}: an injected model (tests), its id, a per-call time limit, a usage hook. */
export interface ClaimBackendOptions {
  model?: LanguageModel;
  modelId?: string;
  /** Time limit of each model call in ms; default OPENAI_TIMEOUT_MS. */
  timeoutMs?: number;
  onUsage?: (usage: ModelUsage) => void;
}

/**
 * The claim-check backend: the LLM claim agents (lib/agents/llm/claim-backend.ts) with `options.model` when given,
 * else with the configured model ({@link getLanguageModel}), else the extractive claim check
 * (lib/claims/extractive-backend.ts).
 */
export function createClaimCheckBackend(options: ClaimBackendOptions = {}): ClaimCheckBackend {
  const configured = options.model ? null : getLanguageModel();
  const model = options.model ?? configured?.model;
  if (!model) return createExtractiveClaimBackend();
  const id = options.modelId ?? configured?.modelId ?? (typeof model === "string" ? model : model.modelId);
  return createLlmClaimBackend(model, id, { timeoutMs: options.timeoutMs ?? getConfig().OPENAI_TIMEOUT_MS, onUsage: options.onUsage });
}

/**
 * The embedder of a claim check's semantic and HyDE searches: provider embeddings when OPENAI_EMBEDDING_MODEL is
 * configured ({@link getEmbeddingModel}), else TF-IDF. `onFallback` hears of a failed provider call (TF-IDF is used).
 */
export function createClaimEmbedder(onFallback?: (error: unknown) => void): TextEmbedder {
  const configured = getEmbeddingModel();
  return createTextEmbedder({ model: configured?.model ?? null, modelId: configured?.modelId ?? null, onFallback });
}
