import { streamText, type DeepPartial, type LanguageModel } from "ai";
import type { z } from "zod";
import { getConfig } from "@/lib/config";
import type { AgentHooks } from "@/lib/domain/agent";
import { getLanguageModel, promptStyleFor } from "./providers";
import { generateStructured, withHooks, type LlmAgentName, type LlmCallOptions } from "./structured";

// The one way every mode's agents are described and called: an AgentSpec per agent (its name, purpose, instructions,
// answer schema and sampling; each mode lists its own: lib/research/agents/llm, lib/claims/agents/llm,
// lib/chat/backend.ts, with their sampling tables beside them), called with callAgent (one object of its schema) or
// streamAgentText (free text), on the model chooseModel picks, with the options agentOptions completes.

/** Sampling of one agent: temperature (0–2) and the most output tokens of one answer (`max_tokens`). */
export interface AgentSampling {
  temperature: number;
  maxOutputTokens: number;
}

/**
 * One model agent: its name (in usage events, logs and errors), what it is for (one line, docs/prompts.md), its
 * instructions (the system message), the zod schema of its answer (null for an answer in free text, streamed), and
 * its default sampling. The instructions a model receives may end with the answer format's aids of the server's
 * prompt style (lib/ai/structured instructionsFor).
 */
export interface AgentSpec<T = unknown> {
  name: LlmAgentName;
  purpose: string;
  instructions: string;
  schema: z.ZodType<T> | null;
  sampling: AgentSampling;
}

/** An agent whose answer is one object of its schema. */
export type StructuredAgentSpec<T> = AgentSpec<T> & { schema: z.ZodType<T> };

/** Sampling that replaces an agent's defaults, by agent name (configuration, tests). */
export type SamplingOverrides = Partial<Record<LlmAgentName, Partial<AgentSampling>>>;

/**
 * Options shared by every agent call of a backend: the call options (usage hook, per-call time limit, prompt style)
 * and sampling overrides by agent (default: none, each agent's own sampling).
 */
export interface AgentCallOptions extends LlmCallOptions {
  sampling?: SamplingOverrides;
}

/** The sampling of `spec`: its defaults with `overrides[spec.name]` over them. */
export function samplingOf(spec: AgentSpec, overrides?: SamplingOverrides): AgentSampling {
  return { ...spec.sampling, ...overrides?.[spec.name] };
}

/**
 * Sampling set by configuration for the agents of `specs`: CRITICA_TEMPERATURE_<AGENT> and
 * CRITICA_MAX_OUTPUT_TOKENS_<AGENT> (lib/config.ts; <AGENT> is the name in capitals, "-" as "_"), for the agents
 * configuration names; the others keep their defaults.
 * @throws Error from getConfig when a value is invalid.
 */
export function configuredSampling(
  specs: readonly AgentSpec[],
  env: NodeJS.ProcessEnv = process.env,
): SamplingOverrides {
  const config: Record<string, unknown> = getConfig(env);
  const overrides: SamplingOverrides = {};
  for (const spec of specs) {
    const suffix = spec.name.toUpperCase().replace(/-/g, "_");
    const temperature = config[`CRITICA_TEMPERATURE_${suffix}`];
    const maxOutputTokens = config[`CRITICA_MAX_OUTPUT_TOKENS_${suffix}`];
    const set = {
      ...(typeof temperature === "number" ? { temperature } : {}),
      ...(typeof maxOutputTokens === "number" ? { maxOutputTokens } : {}),
    };
    if (Object.keys(set).length > 0) overrides[spec.name] = set;
  }
  return overrides;
}

/** What one agent call carries besides its spec: the prompt, the run's signal and the workflow's per-call hooks. */
export interface AgentCall<T> {
  prompt: string;
  signal?: AbortSignal;
  hooks?: AgentHooks;
  /** Receives the answer's partial object as it streams; the call streams when set (lib/ai/structured). */
  onPartial?: (partial: DeepPartial<T>) => void;
  /** A check of a valid answer beyond its schema; a problem is asked about once (lib/ai/structured). */
  check?: (value: T) => string | null;
}

/**
 * Asks the agent of `spec` for one object of its schema (lib/ai/structured generateStructured, with its retries and
 * named failures), with the spec's instructions and sampling (`options.sampling` over it), the options' usage hook,
 * time limit and prompt style, and the call's hooks (`hooks.onUsage` hears every model call too).
 * @throws what generateStructured throws (an invalid answer twice, a refusal, a cut answer twice, API and abort
 *   errors).
 */
export function callAgent<T>(
  spec: StructuredAgentSpec<T>,
  model: LanguageModel,
  options: AgentCallOptions,
  call: AgentCall<T>,
): Promise<T> {
  return generateStructured({
    ...withHooks(options, call.hooks),
    ...samplingOf(spec, options.sampling),
    agent: spec.name,
    model,
    schema: spec.schema,
    instructions: spec.instructions,
    prompt: call.prompt,
    signal: call.signal,
    ...(call.onPartial ? { onPartial: call.onPartial } : {}),
    ...(call.check ? { check: call.check } : {}),
  });
}

/**
 * Streams the free-text answer of the agent of `spec` (AI SDK streamText, with the spec's instructions and sampling)
 * as text deltas. Once the stream has ended, its token usage goes to `options.onUsage` and `call.hooks.onUsage`.
 * @throws the provider's error (streamText reports stream errors through onError and ends its text stream; they are
 *   rethrown here once the stream ends, so a failed answer is recorded as failed, not as a short answer).
 */
export async function* streamAgentText(
  spec: AgentSpec,
  model: LanguageModel,
  options: AgentCallOptions,
  call: Omit<AgentCall<string>, "onPartial" | "check">,
): AsyncGenerator<string> {
  const { onUsage, timeoutMs } = withHooks(options, call.hooks);
  let failure: { error: unknown } | null = null;
  const result = streamText({
    model,
    instructions: spec.instructions,
    prompt: call.prompt,
    ...samplingOf(spec, options.sampling),
    abortSignal: call.signal,
    ...(timeoutMs ? { timeout: timeoutMs } : {}),
    onError: ({ error }) => {
      failure = { error };
    },
  });
  yield* result.textStream;
  if (failure) throw (failure as { error: unknown }).error;
  // The answer's tokens, for the run's cost; a stream stopped early never gets here.
  const usage = await result.usage;
  onUsage?.({
    agent: spec.name,
    attempt: 1,
    inputTokens: usage.inputTokens,
    outputTokens: usage.outputTokens,
    totalTokens: usage.totalTokens,
  });
}

/** A model chosen for a mode's agents: the model, the id runs record, and the options of every call. */
export interface ChosenModel {
  model: LanguageModel;
  modelId: string;
  /** The per-call time limit, and how the answer format reaches the model (the configured server's when unset). */
  options: Pick<AgentCallOptions, "timeoutMs" | "promptStyle">;
}

/** What a caller may choose instead of the configured model: a model (tests), its id, a per-call time limit. */
export interface ModelChoice {
  model?: LanguageModel;
  modelId?: string;
  /** Time limit of each model call in ms; default OPENAI_TIMEOUT_MS. */
  timeoutMs?: number;
}

/**
 * The model a mode's agents call, the one seam every mode chooses its backend at: `choice.model` when given (tests
 * and callers that inject one; its id `choice.modelId`, else the model's own), else the configured one
 * (lib/ai/providers getLanguageModel, with its server's prompt style), each call bounded by `choice.timeoutMs`
 * (default OPENAI_TIMEOUT_MS). Null when neither: the mode then runs its extractive backend.
 */
export function chooseModel(choice: ModelChoice = {}): ChosenModel | null {
  const configured = choice.model ? null : getLanguageModel();
  const model = choice.model ?? configured?.model;
  if (!model) return null;
  return {
    model,
    modelId: choice.modelId ?? configured?.modelId ?? (typeof model === "string" ? model : model.modelId),
    options: {
      timeoutMs: choice.timeoutMs ?? getConfig().OPENAI_TIMEOUT_MS,
      ...(configured ? { promptStyle: configured.promptStyle } : {}),
    },
  };
}

/**
 * The options of a backend's agent calls, with what the caller left unset filled in: the configured server's prompt
 * style (lib/ai/providers promptStyleFor) and the sampling configuration sets for the agents of `specs`
 * ({@link configuredSampling}).
 */
export function agentOptions<O extends AgentCallOptions>(specs: readonly AgentSpec[], given: O): O {
  return {
    ...given,
    promptStyle: given.promptStyle ?? promptStyleFor(),
    sampling: given.sampling ?? configuredSampling(specs),
  };
}
