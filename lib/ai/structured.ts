import type { DeepPartial, LanguageModel, ModelMessage } from "ai";
import type { z } from "zod";
import type { AgentHooks, AgentName, ModelUsage } from "@/lib/domain/agent";
import { fieldGuide, schemaText } from "./field-guide";
import { ModelOutputError } from "./model-output-errors";
import { truncationNotice } from "./truncation";
import { attemptCall, type AttemptUsage } from "./structured-attempt";

/** Which LLM agent made a call. */
export type LlmAgentName = Exclude<AgentName, "embedding">;

/**
 * Token usage of one model call (see {@link ModelUsage}), with what the workflow should tell the user about it:
 * `notices` (a truncated answer retried, a prompt the server seems to have cut), shown as warnings in the timeline
 * by the agent runner (lib/runs/agent-runner).
 */
export interface LlmUsage extends ModelUsage {
  notices?: string[];
}

/**
 * How the answer format reaches the model:
 * - `fieldGuide`: append a guide to the fields (names, meanings, ranges) to the instructions — for servers that use
 *   the JSON schema only to constrain decoding (Ollama, vLLM, LM Studio, llama.cpp);
 * - `schemaInPrompt`: also write the JSON schema into the instructions — for servers asked for `json_object`
 *   only (OPENAI_STRUCTURED_OUTPUT=json_object).
 */
export interface PromptStyle {
  fieldGuide: boolean;
  schemaInPrompt: boolean;
}

/**
 * Options shared by the LLM agents. `onUsage` is called once per model call, including failed attempts;
 * `timeoutMs` bounds each model call (AI SDK `timeout`, including the SDK's own retries), none when unset;
 * `promptStyle` says how the answer format reaches the model (default: the schema only, as OpenAI reads it).
 */
export interface LlmCallOptions {
  onUsage?: (usage: LlmUsage) => void;
  timeoutMs?: number;
  promptStyle?: PromptStyle;
}

/** The call options with `hooks.onUsage` (a per-call hook of the workflow) called after `options.onUsage`. */
export function withHooks(options: LlmCallOptions, hooks: AgentHooks | undefined): LlmCallOptions {
  const base = { timeoutMs: options.timeoutMs, promptStyle: options.promptStyle };
  const outer = hooks?.onUsage;
  if (!outer) return { ...base, onUsage: options.onUsage };
  return {
    ...base,
    onUsage: (usage) => {
      options.onUsage?.(usage);
      outer(usage);
    },
  };
}

/**
 * Factor by which the output limit grows for the one retry after a truncated answer (finish_reason "length").
 * Source: our choice — twice the limit covers an answer that was cut near its end, and bounds the cost.
 */
export const LENGTH_RETRY_FACTOR = 2;

/** Output limit assumed for the length retry when the first call had none, in tokens (the report agent's default). */
const FALLBACK_OUTPUT_TOKENS = 4_000;

/** Input of {@link generateStructured}. `prompt` is the user message; `schema` the model-facing zod schema. */
export interface StructuredCall<T> extends LlmCallOptions {
  agent: LlmAgentName;
  model: LanguageModel;
  schema: z.ZodType<T>;
  instructions: string;
  prompt: string;
  signal?: AbortSignal;
  /** Sampling temperature; the provider's default when unset (the SDK drops it for reasoning models). */
  temperature?: number;
  /** Most output tokens (`max_tokens`); no limit when unset. */
  maxOutputTokens?: number;
  /**
   * Receives the answer's partial object as it streams (AI SDK partial output); when set, the call streams
   * (`streamText`) instead of waiting for the whole answer. A retry starts again from an empty object.
   */
  onPartial?: (partial: DeepPartial<T>) => void;
  /**
   * A check of a valid answer beyond its schema (e.g. the report agent's "no bare [3]"): the problem to tell the
   * model, or null. An answer with a problem is asked again once, in the same conversation; a second answer with a
   * problem is returned as it is, for the caller to clean.
   */
  check?: (value: T) => string | null;
}

/** The instructions with the answer-format aids of `style` appended (field guide, then the JSON schema). */
export function instructionsFor(
  call: Pick<StructuredCall<unknown>, "instructions" | "schema" | "promptStyle">,
): string {
  const parts = [call.instructions];
  if (call.promptStyle?.fieldGuide || call.promptStyle?.schemaInPrompt) parts.push(fieldGuide(call.schema));
  if (call.promptStyle?.schemaInPrompt)
    parts.push(
      `Answer with one JSON object, and nothing else, that matches this JSON schema:\n${schemaText(call.schema)}`,
    );
  return parts.join("\n\n");
}

/**
 * Asks the model for one object matching `schema` (AI SDK `generateText` + `Output.object`; `streamText` when
 * `onPartial` is given, which then receives each partial object), with the call's `temperature` and
 * `maxOutputTokens`. What can go wrong is named, the same way for both:
 * - an answer that cannot be parsed or validated: asked once more in the same conversation (the invalid answer
 *   as the assistant turn, then a user turn carrying the validation error); a second one throws
 *   Error("<agent> agent: the model returned an invalid object twice: <reason>");
 * - an answer cut at the output limit (finish_reason "length"): asked once more in a FRESH conversation (the
 *   truncated JSON is not sent back) with {@link LENGTH_RETRY_FACTOR}× the limit, and the usage carries a notice
 *   saying so; cut again → ModelOutputError "truncated";
 * - a refusal (finish_reason "content-filter", incl. OpenAI's `refusal` message) → ModelOutputError "refused",
 *   "the model refused: …", without retry;
 * - an answer without text (e.g. the JSON went into a thinking model's reasoning) → ModelOutputError "empty-output";
 * - a valid answer that `check` finds a problem in: asked once more in the same conversation (the answer, then the
 *   problem); the second answer is returned whatever `check` says of it.
 * Every call's usage goes to `onUsage`, with a notice when the reported input tokens suggest a silently
 * truncated prompt (lib/ai/truncation). Other errors (network, abort, API, a DOMException "TimeoutError" after
 * `timeoutMs`) are rethrown as is, after the SDK's own retries of transient API errors.
 * @returns the validated object.
 */
export async function generateStructured<T>(call: StructuredCall<T>): Promise<T> {
  const instructions = instructionsFor(call);
  const fresh: ModelMessage[] = [{ role: "user", content: call.prompt }];
  let messages = fresh;
  let maxOutputTokens = call.maxOutputTokens;
  let invalidSeen = false;
  let lengthSeen = false;
  let checked = false;
  for (let attempt = 1; ; attempt++) {
    const promptChars =
      instructions.length + messages.reduce((n, m) => n + (typeof m.content === "string" ? m.content.length : 0), 0);
    const notices: string[] = [];
    const result = await attemptCall(call, instructions, messages, maxOutputTokens, (usage) => {
      const notice = truncationNotice(call.agent, usage?.inputTokens, promptChars);
      if (notice) notices.push(notice);
      return usage;
    });
    const report = (extra: string[] = []) => reportUsage(call, attempt, result.usage, [...notices, ...extra]);
    const outcome = result.outcome;
    if (outcome.ok) {
      report();
      const problem = checked ? null : (call.check?.(outcome.value) ?? null);
      if (problem === null) return outcome.value;
      checked = true;
      messages = [
        ...messages,
        { role: "assistant" as const, content: JSON.stringify(outcome.value) },
        {
          role: "user" as const,
          content:
            `Your previous answer was rejected: ${problem}\nAnswer again with one JSON object that matches the ` +
            `schema and fixes this.`,
        },
      ];
      continue;
    }
    if (outcome.kind === "refused") {
      report();
      throw new ModelOutputError(
        "refused",
        `${call.agent} agent: the model refused: ${outcome.text.trim().slice(0, 300) || "(no reason given)"}`,
        { cause: outcome.error },
      );
    }
    if (outcome.kind === "empty") {
      report();
      const thinking =
        outcome.reasoningChars > 0
          ? ` (it wrote ${outcome.reasoningChars} characters of reasoning but no answer text: a thinking model ` +
            `may have put its JSON in its reasoning; use a model or setting without thinking)`
          : "";
      throw new ModelOutputError("empty-output", `${call.agent} agent: the model returned an empty answer${thinking}`, {
        cause: outcome.error,
      });
    }
    if (outcome.kind === "length") {
      const limit = maxOutputTokens ?? FALLBACK_OUTPUT_TOKENS;
      if (lengthSeen) {
        report();
        throw new ModelOutputError(
          "truncated",
          `${call.agent} agent: the answer was cut at the output limit twice (${limit} tokens); raise the ` +
            `limit in CRITICA_MAX_OUTPUT_TOKENS_* or use a model that answers more briefly`,
          { cause: outcome.error },
        );
      }
      lengthSeen = true;
      maxOutputTokens = limit * LENGTH_RETRY_FACTOR;
      report([
        `The ${call.agent} agent's answer was cut at its output limit (${limit} tokens); it was asked once ` +
          `more, in a fresh conversation, with a limit of ${maxOutputTokens} tokens.`,
      ]);
      messages = fresh;
      continue;
    }
    report();
    if (invalidSeen) {
      throw new Error(`${call.agent} agent: the model returned an invalid object twice: ${outcome.reason}`, {
        cause: outcome.error,
      });
    }
    invalidSeen = true;
    messages = [
      ...messages,
      ...(outcome.text ? [{ role: "assistant" as const, content: outcome.text }] : []),
      {
        role: "user" as const,
        content:
          `Your previous answer was rejected because it is not a valid JSON object for the required schema.\n` +
          `Validation error: ${outcome.reason}\n` +
          `Answer again with one JSON object that matches the schema exactly (every field present; use null or ` +
          `[] when unknown).`,
      },
    ];
  }
}

function reportUsage(
  call: Pick<StructuredCall<unknown>, "agent" | "onUsage">,
  attempt: number,
  usage: AttemptUsage,
  notices: string[],
) {
  call.onUsage?.({
    agent: call.agent,
    attempt,
    inputTokens: usage?.inputTokens,
    outputTokens: usage?.outputTokens,
    totalTokens: usage?.totalTokens,
    ...(notices.length > 0 ? { notices } : {}),
  });
}
