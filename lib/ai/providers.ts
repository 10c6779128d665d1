import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { EmbeddingModel, LanguageModel } from "ai";
import { getConfig, type AppConfig } from "@/lib/config";
import { cassetteFetch, recordedSettings, type CassetteRecordedWith } from "./cassette";
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

/** OpenAI's API, the base URL of `@ai-sdk/openai` when OPENAI_BASE_URL is unset. */
const OPENAI_API_URL = "https://api.openai.com/v1";

/** The key of a replayed model when none is set: replay sends nothing, so any non-empty key does. */
const REPLAY_API_KEY = "cassette-replay";

/**
 * The environment the model is built from. Under CRITICA_LLM_CASSETTE=replay, each of OPENAI_BASE_URL, OPENAI_MODEL,
 * OPENAI_STRUCTURED_OUTPUT and OPENAI_EMBEDDING_MODEL left unset is taken from the cassette's recorded settings,
 * and OPENAI_API_KEY defaults to a placeholder: a recorded run replays with no server and no key, and a variable
 * that is set (say another model) is used as given, so its requests miss, by name.
 * @throws Error when replaying from a missing or invalid cassette file.
 */
function modelEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const config = getConfig(env);
  if (config.CRITICA_LLM_CASSETTE !== "replay") return env;
  const recorded = recordedSettings(config.CRITICA_LLM_CASSETTE_PATH);
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const fromCassette = {
    OPENAI_API_KEY: REPLAY_API_KEY,
    OPENAI_BASE_URL: recorded.baseURL ?? undefined,
    OPENAI_MODEL: recorded.model,
    OPENAI_STRUCTURED_OUTPUT: recorded.structuredOutput ?? undefined,
    OPENAI_EMBEDDING_MODEL: recorded.embeddingModel ?? undefined,
  };
  return {
    ...Object.fromEntries(Object.entries(fromCassette).filter(([, v]) => v !== undefined)),
    ...given,
  } as NodeJS.ProcessEnv;
}

/**
 * The fetch of the providers: the cassette's (lib/ai/cassette.ts) when CRITICA_LLM_CASSETTE is record or replay
 * (file CRITICA_LLM_CASSETTE_PATH), else undefined (the SDK's own fetch).
 */
function providerFetch(config: AppConfig): typeof fetch | undefined {
  if (config.CRITICA_LLM_CASSETTE === "off") return undefined;
  const recordedWith: CassetteRecordedWith = {
    baseURL: config.OPENAI_BASE_URL ?? null,
    model: config.OPENAI_MODEL,
    structuredOutput: config.OPENAI_STRUCTURED_OUTPUT ?? null,
    embeddingModel: config.OPENAI_EMBEDDING_MODEL ?? null,
  };
  return cassetteFetch({
    cassette: config.CRITICA_LLM_CASSETTE,
    file: config.CRITICA_LLM_CASSETTE_PATH,
    baseURL: config.OPENAI_BASE_URL ?? OPENAI_API_URL,
    recordedWith,
  });
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
  const config = getConfig(modelEnv(env));
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
 * With CRITICA_LLM_CASSETTE=record|replay the provider's requests go through the cassette (lib/ai/cassette.ts);
 * replay needs neither a key nor a server (see modelEnv).
 * @returns null when OPENAI_API_KEY is not set and no cassette is replayed (the app then runs the extractive backend).
 * @throws Error from getConfig when an environment value is invalid (e.g. OPENAI_BASE_URL is not a URL), or when
 *   replaying from a missing cassette.
 */
export function getLanguageModel(env: NodeJS.ProcessEnv = process.env): ConfiguredModel | null {
  const config = getConfig(modelEnv(env));
  if (!config.OPENAI_API_KEY) return null;
  const promptStyle = promptStyleFor(env);
  const fetch = providerFetch(config);
  if (isOpenAIBaseUrl(config.OPENAI_BASE_URL)) {
    const provider = createOpenAI({ baseURL: config.OPENAI_BASE_URL, apiKey: config.OPENAI_API_KEY, fetch });
    return { model: provider.chat(config.OPENAI_MODEL), modelId: config.OPENAI_MODEL, compatible: false, promptStyle };
  }
  const provider = createOpenAICompatible({
    name: "openai-compatible",
    baseURL: config.OPENAI_BASE_URL!,
    apiKey: config.OPENAI_API_KEY,
    fetch,
    supportsStructuredOutputs: config.OPENAI_STRUCTURED_OUTPUT !== "json_object",
    includeUsage: true,
  });
  return {
    model: provider.chatModel(config.OPENAI_MODEL),
    modelId: config.OPENAI_MODEL,
    compatible: true,
    promptStyle,
  };
}

/**
 * The configured embedding model (`/embeddings` at OPENAI_BASE_URL, model OPENAI_EMBEDDING_MODEL), used to pick
 * diverse evidence by MMR, through the cassette as the language model is. Null when OPENAI_API_KEY (outside
 * replay) or OPENAI_EMBEDDING_MODEL is unset (TF-IDF is used then).
 */
export function getEmbeddingModel(
  env: NodeJS.ProcessEnv = process.env,
): { model: EmbeddingModel; modelId: string } | null {
  const config = getConfig(modelEnv(env));
  if (!config.OPENAI_API_KEY || !config.OPENAI_EMBEDDING_MODEL) return null;
  const provider = createOpenAI({
    baseURL: config.OPENAI_BASE_URL,
    apiKey: config.OPENAI_API_KEY,
    fetch: providerFetch(config),
  });
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
