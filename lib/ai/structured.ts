import { generateText, NoObjectGeneratedError, Output, type LanguageModel, type ModelMessage } from "ai";
import type { z } from "zod";
import type { AgentHooks, AgentName, ModelUsage } from "@/lib/domain/agent";
import type { TextEmbedder } from "@/lib/ai/embeddings";

/** Which LLM agent made a call. */
export type LlmAgentName = Exclude<AgentName, "embedding">;

/** Token usage of one model call; see {@link ModelUsage}. */
export type LlmUsage = ModelUsage;

/**
 * Options shared by the LLM agents. `onUsage` is called once per model call, including failed attempts;
 * `timeoutMs` bounds each model call (AI SDK `timeout`, including the SDK's own retries), none when unset.
 */
export interface LlmCallOptions {
  onUsage?: (usage: LlmUsage) => void;
  timeoutMs?: number;
}

/** Options of an LLM agent: the call options plus the embedder that picks diverse evidence (default TF-IDF). */
export interface LlmAgentOptions extends LlmCallOptions {
  embedder?: TextEmbedder;
}

/** The call options with `hooks.onUsage` (a per-call hook of the workflow) called after `options.onUsage`. */
export function withHooks(options: LlmCallOptions, hooks: AgentHooks | undefined): LlmCallOptions {
  const outer = hooks?.onUsage;
  if (!outer) return { onUsage: options.onUsage, timeoutMs: options.timeoutMs };
  return {
    timeoutMs: options.timeoutMs,
    onUsage: (usage) => {
      options.onUsage?.(usage);
      outer(usage);
    },
  };
}

/** Longest validation message passed back to the model on retry, in characters (keeps the retry prompt small). */
const MAX_ERROR_CHARS = 2_000;

/** Why a structured answer was rejected: the parse/validation cause when there is one, else the error message. */
function describeInvalid(error: NoObjectGeneratedError): string {
  const cause = error.cause instanceof Error ? error.cause.message : error.cause ? String(error.cause) : "";
  const text = cause || error.message;
  return text.length > MAX_ERROR_CHARS ? `${text.slice(0, MAX_ERROR_CHARS)}…` : text;
}

/** Input of {@link generateStructured}. `prompt` is the user message; `schema` the model-facing zod schema. */
export interface StructuredCall<T> extends LlmCallOptions {
  agent: LlmAgentName;
  model: LanguageModel;
  schema: z.ZodType<T>;
  instructions: string;
  prompt: string;
  signal?: AbortSignal;
  /** Sampling temperature; the provider's default when unset. */
  temperature?: number;
}

/**
 * Asks the model for one object matching `schema` (AI SDK `generateText` + `Output.object`). When the answer
 * cannot be parsed or validated (`NoObjectGeneratedError`), asks once more in the same conversation: the invalid
 * answer as the assistant turn, then a user turn carrying the validation error.
 * @returns the validated object.
 * @throws Error("<agent> agent: the model returned an invalid object twice: <reason>") after the second invalid
 *   answer (the `cause` is the last NoObjectGeneratedError); any other error (network, abort, API, a
 *   DOMException "TimeoutError" after `timeoutMs`) is rethrown as is, after the SDK's own retries of transient
 *   API errors (2 retries with backoff for 429, 5xx and network failures).
 */
export async function generateStructured<T>(call: StructuredCall<T>): Promise<T> {
  const messages: ModelMessage[] = [{ role: "user", content: call.prompt }];
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await generateText({
        model: call.model,
        instructions: call.instructions,
        messages,
        output: Output.object({ schema: call.schema, name: `${call.agent}_output` }),
        abortSignal: call.signal,
        ...(call.timeoutMs ? { timeout: call.timeoutMs } : {}),
        ...(call.temperature !== undefined ? { temperature: call.temperature } : {}),
      });
      report(call, attempt, result.usage);
      return result.output as T;
    } catch (error) {
      if (!NoObjectGeneratedError.isInstance(error)) throw error;
      report(call, attempt, error.usage);
      const reason = describeInvalid(error);
      if (attempt >= 2) {
        throw new Error(`${call.agent} agent: the model returned an invalid object twice: ${reason}`, { cause: error });
      }
      if (error.text) messages.push({ role: "assistant", content: error.text });
      messages.push({
        role: "user",
        content:
          `Your previous answer was rejected because it is not a valid JSON object for the required schema.\n` +
          `Validation error: ${reason}\n` +
          `Answer again with one JSON object that matches the schema exactly (every field present; use null or [] when unknown).`,
      });
    }
  }
}

function report(call: StructuredCall<unknown>, attempt: number, usage: NoObjectGeneratedError["usage"] | undefined) {
  call.onUsage?.({
    agent: call.agent,
    attempt,
    inputTokens: usage?.inputTokens,
    outputTokens: usage?.outputTokens,
    totalTokens: usage?.totalTokens,
  });
}
