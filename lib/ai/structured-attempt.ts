import {
  generateText,
  NoObjectGeneratedError,
  Output,
  streamText,
  type DeepPartial,
  type LanguageModel,
  type ModelMessage,
} from "ai";
import type { z } from "zod";

/** Longest validation message passed back to the model on retry, in characters (keeps the retry prompt small). */
const MAX_ERROR_CHARS = 2_000;

/** Token usage of one call as the AI SDK reports it (undefined when the call gave none). */
export type AttemptUsage = NoObjectGeneratedError["usage"] | undefined;

/** The outcome of one call: the validated object, or why there is none (see generateStructured). */
export type Attempt<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      kind: "invalid" | "length" | "refused" | "empty";
      text: string;
      reason: string;
      reasoningChars: number;
      error?: unknown;
    };

/**
 * What one call needs: the agent (names the output), model, model-facing schema, abort signal, time limit,
 * temperature, and `onPartial`, which makes the call stream (AI SDK `streamText`) and receives each partial object.
 */
export interface AttemptRequest<T> {
  agent: string;
  model: LanguageModel;
  schema: z.ZodType<T>;
  signal?: AbortSignal;
  timeoutMs?: number;
  temperature?: number;
  onPartial?: (partial: DeepPartial<T>) => void;
}

/** Why a structured answer was rejected: the parse/validation cause when there is one, else the error message. */
function describeInvalid(error: NoObjectGeneratedError): string {
  const cause = error.cause instanceof Error ? error.cause.message : error.cause ? String(error.cause) : "";
  const text = cause || error.message;
  return text.length > MAX_ERROR_CHARS ? `${text.slice(0, MAX_ERROR_CHARS)}…` : text;
}

/** The settings both call styles send: instructions, messages, the object output, signal, limits and sampling. */
function settings<T>(
  request: AttemptRequest<T>,
  instructions: string,
  messages: ModelMessage[],
  maxOutputTokens: number | undefined,
) {
  return {
    model: request.model,
    instructions,
    messages,
    output: Output.object({ schema: request.schema, name: `${request.agent}_output` }),
    abortSignal: request.signal,
    ...(request.timeoutMs ? { timeout: request.timeoutMs } : {}),
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    ...(maxOutputTokens !== undefined ? { maxOutputTokens } : {}),
  };
}

/**
 * One model call, its outcome classified (refused, cut at the limit, empty, invalid, or the object). Without
 * `request.onPartial` it is one `generateText` call; with it, one `streamText` call whose partial objects go to
 * `onPartial` as they arrive (the same request otherwise, the same classification of the complete answer).
 * Non-answer errors (network, API, abort, timeout) propagate as the provider raised them.
 * @param seeUsage sees the call's usage first (e.g. to spot a silently truncated prompt) and returns it.
 */
export async function attemptCall<T>(
  request: AttemptRequest<T>,
  instructions: string,
  messages: ModelMessage[],
  maxOutputTokens: number | undefined,
  seeUsage: (usage: AttemptUsage) => AttemptUsage,
): Promise<{ usage: AttemptUsage; outcome: Attempt<T> }> {
  if (request.onPartial)
    return attemptStream(request, request.onPartial, instructions, messages, maxOutputTokens, seeUsage);
  try {
    const result = await generateText(settings(request, instructions, messages, maxOutputTokens));
    const usage = seeUsage(result.usage);
    const classified = classify(result.finishReason, result.text, result.reasoningText?.length ?? 0, "");
    if (classified.kind !== "invalid") return { usage, outcome: classified };
    return { usage, outcome: { ok: true, value: result.output as T } };
  } catch (error) {
    if (!NoObjectGeneratedError.isInstance(error)) throw error;
    const usage = seeUsage(error.usage);
    const outcome = classify(
      error.finishReason,
      error.text ?? "",
      reasoningLength(error.response),
      describeInvalid(error),
    );
    return { usage, outcome: { ...outcome, error } };
  }
}

/**
 * The streaming call: `streamText` with the object output; each partial object of `partialOutputStream` goes to
 * `onPartial`. `streamText` reports a provider error through `onError` (its promises then reject with "no output
 * generated"), so that error is rethrown as is, for the provider-error policy to classify.
 */
async function attemptStream<T>(
  request: AttemptRequest<T>,
  onPartial: (partial: DeepPartial<T>) => void,
  instructions: string,
  messages: ModelMessage[],
  maxOutputTokens: number | undefined,
  seeUsage: (usage: AttemptUsage) => AttemptUsage,
): Promise<{ usage: AttemptUsage; outcome: Attempt<T> }> {
  let streamError: unknown = null;
  const result = streamText({
    ...settings(request, instructions, messages, maxOutputTokens),
    onError: ({ error }) => {
      streamError ??= error;
    },
  });
  try {
    for await (const partial of result.partialOutputStream) onPartial(partial as DeepPartial<T>);
    const [text, finishReason, reasoning] = await Promise.all([result.text, result.finishReason, result.reasoningText]);
    const usage = seeUsage(await result.usage);
    const classified = classify(finishReason, text, reasoning?.length ?? 0, "");
    if (classified.kind !== "invalid") return { usage, outcome: classified };
    try {
      return { usage, outcome: { ok: true, value: (await result.output) as T } };
    } catch (error) {
      if (!NoObjectGeneratedError.isInstance(error)) throw error;
      return { usage, outcome: { ...classified, reason: describeInvalid(error), error } };
    }
  } catch (error) {
    if (streamError) throw streamError;
    throw error;
  }
}

/**
 * Characters of reasoning in a failed call's response: the "reasoning" parts of its response messages (the SDK
 * maps `reasoning_content` / `reasoning` of Chat Completions servers to them); 0 when none.
 */
function reasoningLength(response: unknown): number {
  const messages = (response as { messages?: Array<{ content?: unknown }> } | undefined)?.messages ?? [];
  let chars = 0;
  for (const m of messages) {
    if (!Array.isArray(m.content)) continue;
    for (const part of m.content as Array<{ type?: string; text?: unknown }>)
      if (part.type === "reasoning" && typeof part.text === "string") chars += part.text.length;
  }
  return chars;
}

/** What an answer's finish reason and text say: refused, cut, empty, or (possibly) a parseable answer. */
function classify(
  finishReason: string | undefined,
  text: string,
  reasoningChars: number,
  reason: string,
): Extract<Attempt<never>, { ok: false }> {
  const base = { ok: false as const, text, reason, reasoningChars };
  if (finishReason === "content-filter") return { ...base, kind: "refused" };
  if (finishReason === "length") return { ...base, kind: "length" };
  if (!text.trim()) return { ...base, kind: "empty" };
  return { ...base, kind: "invalid" };
}
