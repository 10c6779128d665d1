import type { LanguageModel } from "ai";
import type { AgentHooks } from "@/lib/domain/agent";
import type { ClaimCheckBackend } from "@/lib/claims/backend";
import { extractClaimsLlm } from "./extraction";
import { writeCounterStatement } from "./counter";
import { extractPassagesLlm } from "./passages";
import { writeCounterReportLlm } from "./counter-report";
import { scoreDocumentsLlm } from "./scoring";
import { CLAIM_TEMPERATURE, type ClaimAgentOptions } from "./settings";
import { judgeClaimLlm } from "./verdict";
import { promptStyleFor } from "../../../ai/providers";
import { withHooks } from "../../../ai/structured";

/**
 * The claim-check backend that asks a language model (kind "llm"): one structured-output agent per step
 * (lib/claims/agents/llm), temperature 0 for the agents that score, decide or copy and {@link CLAIM_TEMPERATURE} for the prose agents (the
 * temperature the claim check's metadata names), and an output limit per agent (claimCallSettings); scoring and passage extraction run in
 * parallel batches. `options.onUsage` receives the token usage of every call, `options.timeoutMs` bounds each;
 * `options.promptStyle` defaults to the configured server's (a field guide for local servers, lib/ai/providers).
 */
export function createLlmClaimBackend(
  model: LanguageModel,
  modelId: string,
  given: ClaimAgentOptions = {},
): ClaimCheckBackend {
  const options: ClaimAgentOptions = { ...given, promptStyle: given.promptStyle ?? promptStyleFor() };
  // A call's own usage hook (the agent runner's) hears every call too, besides `options.onUsage`.
  const hooked = (hooks: AgentHooks | undefined): ClaimAgentOptions => ({ ...options, ...withHooks(options, hooks) });
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
