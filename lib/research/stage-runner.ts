import { createAgentRunner } from "@/lib/runs/agent-runner";
import type { ResearchRunInput, ResearchState } from "./state";

/**
 * The agent runner of one research stage (lib/runs/agent-runner: usage events, the provider-error policy), on the
 * fallback backend when an earlier stage already switched to it; `done()` records in the state whether this stage did.
 */
export function stageRunner(input: ResearchRunInput, state: ResearchState) {
  const runner = createAgentRunner({
    backend: state.usingFallback && input.fallbackBackend ? input.fallbackBackend : input.backend,
    fallback: input.fallbackBackend,
    policy: input.onProviderError ?? "fail",
    emit: input.recorder.emit,
    prices: input.prices,
    signal: input.signal,
    timeoutMs: input.modelTimeoutMs,
  });
  const done = () => {
    state.usingFallback =
      state.usingFallback || (input.fallbackBackend !== undefined && runner.backend === input.fallbackBackend);
  };
  return { runner, done };
}
