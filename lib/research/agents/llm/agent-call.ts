import type { LanguageModel } from "ai";
import type { AgentHooks } from "@/lib/domain/agent";
import { samplingFor, type ResearchAgent } from "../../../ai/sampling";
import { withHooks, type LlmAgentOptions } from "../../../ai/structured";

/**
 * What every research agent's model call carries, whatever it asks: the caller's call options with the workflow's
 * per-call hooks (usage), the agent's sampling (temperature and output limit, with the caller's overrides), its name
 * (logs, usage, errors) and the run's cancel signal. Spread into generateStructured's options with the call's own
 * schema, instructions and prompt.
 */
export function researchAgentCall(
  agent: ResearchAgent,
  model: LanguageModel,
  options: LlmAgentOptions,
  input: { hooks?: AgentHooks; signal?: AbortSignal },
) {
  return {
    ...withHooks(options, input.hooks),
    ...samplingFor(agent, options.sampling),
    agent,
    model,
    signal: input.signal,
  };
}
