import type { LanguageModel } from "ai";
import { agentOptions, type AgentCallOptions, type AgentSpec } from "@/lib/ai/agent";
import { withHooks } from "@/lib/ai/structured";
import type { AgentHooks } from "@/lib/domain/agent";
import type { ClaimCheckBackend } from "@/lib/claims/backend";
import { counterStatementAgent, writeCounterStatement } from "./counter";
import { counterReportAgent, writeCounterReportLlm } from "./counter-report";
import { claimExtractionAgent, extractClaimsLlm } from "./extraction";
import { claimPassagesAgent, extractPassagesLlm } from "./passages";
import { CLAIM_TEMPERATURE } from "./sampling";
import { claimScoringAgent, scoreDocumentsLlm } from "./scoring";
import { claimVerdictAgent, judgeClaimLlm } from "./verdict";

/** The claim check's model agents, in the order a check calls them (their sampling: ./sampling.ts). */
export const claimAgents: readonly AgentSpec[] = [
  claimExtractionAgent,
  counterStatementAgent,
  claimScoringAgent,
  claimPassagesAgent,
  counterReportAgent,
  claimVerdictAgent,
];

/**
 * The claim-check backend that asks a language model (kind "llm"): one structured-output agent per step
 * (lib/ai/agent callAgent with each agent's sampling, ./sampling.ts: temperature 0 for the agents that score, decide
 * or copy, {@link CLAIM_TEMPERATURE} for the prose agents, the temperature the claim check's metadata names);
 * scoring and passage extraction run in parallel batches. `options.onUsage` receives the token usage of every call
 * (each call's own hooks too), `options.timeoutMs` bounds each; unless given, the prompt style of the configured
 * server (a field guide for local servers) and the sampling configuration sets (lib/ai/agent agentOptions).
 */
export function createLlmClaimBackend(
  model: LanguageModel,
  modelId: string,
  given: AgentCallOptions = {},
): ClaimCheckBackend {
  const options = agentOptions(claimAgents, given);
  // A call's own usage hook (the agent runner's) hears every call too, besides `options.onUsage`.
  const hooked = (hooks: AgentHooks | undefined): AgentCallOptions => ({ ...options, ...withHooks(options, hooks) });
  return {
    kind: "llm",
    model: modelId,
    temperature: CLAIM_TEMPERATURE,
    extractClaims: (text, signal, hooks) => extractClaimsLlm(model, text, { ...hooked(hooks), signal }),
    counterStatement: (claim, signal, hooks) => writeCounterStatement(model, claim, { ...hooked(hooks), signal }),
    scoreDocuments: (input) => scoreDocumentsLlm(model, input, hooked(input.hooks)),
    extractPassages: (input) => extractPassagesLlm(model, input, hooked(input.hooks)),
    writeCounterReport: (input) => writeCounterReportLlm(model, input, hooked(input.hooks)),
    judgeClaim: (input) => judgeClaimLlm(model, input, hooked(input.hooks)),
  };
}
