import type { AgentName, ModelUsage } from "@/lib/domain/agent";
import type { BackendKind } from "@/lib/domain/run";
import { estimateCostUsd, type ModelPrices } from "@/lib/ai/pricing";
import { classifyProviderError } from "@/lib/ai/provider-errors";
import type { LlmUsage } from "@/lib/ai/structured";
import type { EmitEvent, RunEventPayloads } from "@/lib/domain/events";

/** What a run does when the language-model provider fails: end as failed, or finish on the extractive backend. */
export type ProviderErrorPolicy = "fail" | "extractive";

/** A workflow step that calls an agent: every agent but the embedding model (research steps and the claim check's). */
export type AgentStep = Exclude<AgentName, "embedding">;

/** Thrown when the provider failed and the run cannot go on; its message is the user-facing explanation. */
export class ProviderFailureError extends Error {}

/** What the runner needs of a backend: its kind (provider errors are classified for "llm" only) and its model id. */
export interface RunnerBackend {
  kind: BackendKind;
  model: string | null;
}

/** Options of {@link createAgentRunner}. */
export interface AgentRunnerOptions<B extends RunnerBackend = RunnerBackend> {
  backend: B;
  /** The backend to switch to when the provider fails and `policy` is "extractive". */
  fallback?: B;
  policy: ProviderErrorPolicy;
  emit: EmitEvent;
  prices?: ModelPrices | null;
  signal?: AbortSignal;
  /** The backend's per-call time limit in ms, named in timeout messages. */
  timeoutMs?: number;
  /** Whether each model call's usage is emitted as a `usage` event (default true). */
  recordUsage?: boolean;
}

/**
 * Calls the agents of a run and records what each call cost. `backend` is the one in use (it changes once, to
 * the fallback, when the provider fails under the "extractive" policy). `call(step, run)` runs `run` with the
 * current backend and an `onUsage` hook; afterwards (also on failure) it emits one `usage` event per model call
 * with its estimated cost, each followed by a warning `notice` per notice the call carried (LlmUsage.notices: a
 * truncated answer retried, a prompt the server cut). When the call throws a provider error (401/403/404/429/5xx,
 * context overflow, timeout, unreachable, an answer cut twice, a refusal, an empty answer; see
 * classifyProviderError): under "extractive" with a fallback, it emits a warning `notice`, switches to the
 * fallback and runs the step again there; otherwise it throws a {@link ProviderFailureError} with the message.
 * Other errors propagate unchanged.
 */
export interface AgentRunner<B extends RunnerBackend = RunnerBackend> {
  readonly backend: B;
  call<T>(step: AgentStep, run: (backend: B, onUsage: (usage: ModelUsage) => void) => Promise<T>): Promise<T>;
}

/** The `usage` event of one model call: its tokens and the estimated cost from the configured prices. */
export function usagePayload(
  u: ModelUsage,
  model: string | null,
  prices: AgentRunnerOptions["prices"],
): RunEventPayloads["usage"] {
  const inputTokens = u.inputTokens ?? null;
  const outputTokens = u.outputTokens ?? null;
  return {
    agent: u.agent,
    attempt: u.attempt,
    model,
    inputTokens,
    outputTokens,
    totalTokens: u.totalTokens ?? (inputTokens !== null && outputTokens !== null ? inputTokens + outputTokens : null),
    costUsd: estimateCostUsd({ agent: u.agent, inputTokens, outputTokens }, prices),
  };
}

/** Creates the {@link AgentRunner} of one run. */
export function createAgentRunner<B extends RunnerBackend>(options: AgentRunnerOptions<B>): AgentRunner<B> {
  let current = options.backend;
  const flush = async (usages: LlmUsage[], model: string | null) => {
    const recorded = usages.splice(0);
    if (options.recordUsage === false) return;
    for (const u of recorded) {
      await options.emit("usage", usagePayload(u, model, options.prices));
      // What the model seam noticed about this call (an answer cut and retried, a prompt the server cut).
      for (const message of u.notices ?? []) await options.emit("notice", { level: "warning", message });
    }
  };
  const attempt = async <T>(backend: B, run: (b: B, onUsage: (u: ModelUsage) => void) => Promise<T>) => {
    const usages: LlmUsage[] = [];
    try {
      return await run(backend, (u) => usages.push(u));
    } finally {
      await flush(usages, backend.model);
    }
  };
  return {
    get backend() {
      return current;
    },
    async call(step, run) {
      try {
        return await attempt(current, run);
      } catch (error) {
        const failure =
          current.kind === "llm"
            ? classifyProviderError(error, { step, signal: options.signal, timeoutMs: options.timeoutMs })
            : null;
        if (!failure) throw error;
        if (options.policy !== "extractive" || !options.fallback) {
          throw new ProviderFailureError(`${failure.message} Everything found so far is kept.`, { cause: error });
        }
        await options.emit("notice", {
          level: "warning",
          message:
            `${failure.message} As chosen for this run, the remaining steps use the extractive backend (no ` +
            `language model).`,
        });
        current = options.fallback;
        return attempt(current, run);
      }
    },
  };
}
