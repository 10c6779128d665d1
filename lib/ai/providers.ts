import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { EmbeddingModel, LanguageModel } from "ai";
import { getConfig } from "@/lib/config";
import type { ModelPrices } from "./pricing";
import type { PromptStyle } from "./structured";

/** The configured language model, its id, and how the answer format must reach it (see PromptStyle). */
export interface ConfiguredModel {
  model: LanguageModel;
  modelId: string;
  /** True when OPENAI_BASE_URL is not OpenAI's API (a local or hosted OpenAI-compatible server). */
  compatible: boolean;
  promptStyle: PromptStyle;
}

/** True when a base URL is OpenAI's own API (unset means OpenAI's default, https://api.openai.com/v1). */
export function isOpenAIBaseUrl(baseURL: string | undefined): boolean {
  return !baseURL || new URL(baseURL).hostname === "api.openai.com";
}

/**
 * How the answer format reaches a model: OpenAI reads the descriptions of a strict json_schema, so nothing is
 * added; an OpenAI-compatible server (Ollama, vLLM, LM Studio, llama.cpp) uses the schema only to constrain
 * decoding, so a field guide is added; with OPENAI_STRUCTURED_OUTPUT=json_object the schema is also written
 * into the instructions.
 */
export function promptStyleFor(env: NodeJS.ProcessEnv = process.env): PromptStyle {
  const config = getConfig(env);
  if (isOpenAIBaseUrl(config.OPENAI_BASE_URL)) return { fieldGuide: false, schemaInPrompt: false };
  return { fieldGuide: true, schemaInPrompt: config.OPENAI_STRUCTURED_OUTPUT === "json_object" };
}

/**
 * The configured language model. This is the one place where the model is chosen:
 * - OPENAI_BASE_URL unset or api.openai.com: OpenAI Chat Completions (`@ai-sdk/openai`, strict json_schema);
 * - any other base URL: `@ai-sdk/openai-compatible` (`/chat/completions` of Ollama, vLLM, LM Studio,
 *   llama.cpp…), with `response_format` json_schema (OPENAI_STRUCTURED_OUTPUT unset or "json_schema") or
 *   json_object ("json_object"), and usage requested in streams.
 * Model OPENAI_MODEL (default "gpt-4o-mini"), key OPENAI_API_KEY (local servers accept any non-empty key).
 * @returns null when OPENAI_API_KEY is not set (the app then runs the extractive backend).
 * @throws Error from getConfig when an environment value is invalid (e.g. OPENAI_BASE_URL is not a URL).
 */
export function getLanguageModel(env: NodeJS.ProcessEnv = process.env): ConfiguredModel | null {
  const config = getConfig(env);
  if (!config.OPENAI_API_KEY) return null;
  const promptStyle = promptStyleFor(env);
  if (isOpenAIBaseUrl(config.OPENAI_BASE_URL)) {
    const provider = createOpenAI({ baseURL: config.OPENAI_BASE_URL, apiKey: config.OPENAI_API_KEY });
    return { model: provider.chat(config.OPENAI_MODEL), modelId: config.OPENAI_MODEL, compatible: false, promptStyle };
  }
  const provider = createOpenAICompatible({
    name: "openai-compatible",
    baseURL: config.OPENAI_BASE_URL!,
    apiKey: config.OPENAI_API_KEY,
    supportsStructuredOutputs: config.OPENAI_STRUCTURED_OUTPUT !== "json_object",
    includeUsage: true,
  });
  return { model: provider.chatModel(config.OPENAI_MODEL), modelId: config.OPENAI_MODEL, compatible: true, promptStyle };
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

