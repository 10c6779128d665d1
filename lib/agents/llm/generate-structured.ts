import { generateText, NoObjectGeneratedError, Output, type LanguageModel, type ModelMessage } from "ai";
import type { z } from "zod";

/** Which LLM agent made a call. */
export type LlmAgentName = "hypothesis" | "judge" | "report";

/**
 * Token usage of one model call (AI SDK `result.usage`, counts in tokens; undefined when the provider did not
 * report them). `attempt` is 1 for the first call, 2 for the retry after an invalid object.
 */
export interface LlmUsage {
  agent: LlmAgentName;
  attempt: number;
  inputTokens: number | undefined;
  outputTokens: number | undefined;
  totalTokens: number | undefined;
}

/** Options shared by the LLM agents. `onUsage` is called once per model call, including failed attempts. */
export interface LlmCallOptions {
  onUsage?: (usage: LlmUsage) => void;
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
}

/**
 * Asks the model for one object matching `schema` (AI SDK `generateText` + `Output.object`). When the answer
 * cannot be parsed or validated (`NoObjectGeneratedError`), asks once more in the same conversation: the invalid
 * answer as the assistant turn, then a user turn carrying the validation error.
 * @returns the validated object.
 * @throws Error("<agent> agent: the model returned an invalid object twice: <reason>") after the second invalid
 *   answer (the `cause` is the last NoObjectGeneratedError); any other error (network, abort, API) is rethrown
 *   as is, after the SDK's own retries of transient API errors.
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
