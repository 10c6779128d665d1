import { createOpenAI } from "@ai-sdk/openai";
import type { EmbeddingModel, LanguageModel } from "ai";
import { getConfig } from "@/lib/config";
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

