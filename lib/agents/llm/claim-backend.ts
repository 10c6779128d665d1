import type { LanguageModel } from "ai";
import type { ClaimCheckBackend } from "@/lib/claims/backend";
import { extractClaimsLlm } from "./claim-extraction-agent";
import { writeCounterStatement } from "./claim-counter-agent";
import { extractPassagesLlm } from "./claim-passage-agent";
import { writeCounterReportLlm } from "./claim-report-agent";
import { scoreDocumentsLlm } from "./claim-scoring-agent";
import { CLAIM_TEMPERATURE, type ClaimAgentOptions } from "./claim-settings";
import { judgeClaimLlm } from "./claim-verdict-agent";

/**
 * The claim-check backend that asks a language model (kind "llm"): one structured-output agent per step
 * (lib/agents/llm/claim-*.ts), temperature {@link CLAIM_TEMPERATURE}; scoring and passage extraction run in
 * parallel batches. `options.onUsage` receives the token usage of every call, `options.timeoutMs` bounds each.
 */
export function createLlmClaimBackend(model: LanguageModel, modelId: string, options: ClaimAgentOptions = {}): ClaimCheckBackend {
  return {
    kind: "llm",
    model: modelId,
    temperature: CLAIM_TEMPERATURE,
    extractClaims: (text, signal) => extractClaimsLlm(model, text, { ...options, signal }),
    counterStatement: (claim, signal) => writeCounterStatement(model, claim, { ...options, signal }),
    scoreDocuments: (input) => scoreDocumentsLlm(model, input, options),
    extractPassages: (input) => extractPassagesLlm(model, input, options),
    writeCounterReport: (input) => writeCounterReportLlm(model, input, options),
    judgeClaim: (input) => judgeClaimLlm(model, input, options),
  };
}
