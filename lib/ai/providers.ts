import { createOpenAI } from "@ai-sdk/openai";
import type { LanguageModel } from "ai";
import { createExtractiveBackend } from "@/lib/agents/extractive";
import { createLlmBackend } from "@/lib/agents/llm";
import type { ReasoningBackend } from "@/lib/agents/types";
import { getConfig } from "@/lib/config";

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
 * The reasoning backend for a run: the LLM backend with `options.model` when given (tests and callers that
 * inject a model; `modelId` defaults to the model's own id), else with the configured model
 * ({@link getLanguageModel}), else the deterministic extractive backend.
 */
export function createReasoningBackend(options: { model?: LanguageModel; modelId?: string } = {}): ReasoningBackend {
  if (options.model) {
    const id = options.modelId ?? (typeof options.model === "string" ? options.model : options.model.modelId);
    return createLlmBackend(options.model, id);
  }
  const configured = getLanguageModel();
  return configured ? createLlmBackend(configured.model, configured.modelId) : createExtractiveBackend();
}
