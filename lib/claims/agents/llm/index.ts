import type { LanguageModel } from "ai";
import type { ClaimCheckBackend } from "@/lib/claims/backend";
import { extractClaimsLlm } from "./extraction";
import { writeCounterStatement } from "./counter";
import { extractPassagesLlm } from "./passages";
import { writeCounterReportLlm } from "./counter-report";
import { scoreDocumentsLlm } from "./scoring";
import { CLAIM_TEMPERATURE, type ClaimAgentOptions } from "./settings";
import { judgeClaimLlm } from "./verdict";
import { promptStyleFor } from "../../../ai/providers";

/**
 * The claim-check backend that asks a language model (kind "llm"): one structured-output agent per step
 * (lib/claims/agents/llm), temperature {@link CLAIM_TEMPERATURE}; scoring and passage extraction run in
 * parallel batches. `options.onUsage` receives the token usage of every call, `options.timeoutMs` bounds each;
 * `options.promptStyle` defaults to the configured server's (a field guide for local servers, lib/ai/providers).
 */
export function createLlmClaimBackend(model: LanguageModel, modelId: string, given: ClaimAgentOptions = {}): ClaimCheckBackend {
  const options: ClaimAgentOptions = { ...given, promptStyle: given.promptStyle ?? promptStyleFor() };
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
