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

/**
 * The claim-check backend that asks a language model (kind "llm"): one structured-output agent per step
 * (lib/claims/agents/llm), temperature {@link CLAIM_TEMPERATURE}; scoring and passage extraction run in
 * parallel batches. `options.onUsage` receives the token usage of every call, `options.timeoutMs` bounds each.
 */
export function createLlmClaimBackend(model: LanguageModel, modelId: string, options: ClaimAgentOptions = {}): ClaimCheckBackend {
  // A call's own usage hook (the agent runner's) hears every call too, besides `options.onUsage`.
  const withHooks = (hooks: AgentHooks | undefined): ClaimAgentOptions =>
    hooks?.onUsage
      ? {
          ...options,
          onUsage: (usage) => {
            options.onUsage?.(usage);
            hooks.onUsage?.(usage);
          },
        }
      : options;
  return {
    kind: "llm",
    model: modelId,
    temperature: CLAIM_TEMPERATURE,
    extractClaims: (text, signal, hooks) => extractClaimsLlm(model, text, { ...withHooks(hooks), signal }),
    counterStatement: (claim, signal, hooks) => writeCounterStatement(model, claim, { ...withHooks(hooks), signal }),
    scoreDocuments: (input) => scoreDocumentsLlm(model, input, withHooks(input.hooks)),
    extractPassages: (input) => extractPassagesLlm(model, input, withHooks(input.hooks)),
    writeCounterReport: (input) => writeCounterReportLlm(model, input, withHooks(input.hooks)),
    judgeClaim: (input) => judgeClaimLlm(model, input, withHooks(input.hooks)),
  };
}
