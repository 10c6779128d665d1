import type { LanguageModel } from "ai";
import type { ReasoningBackend } from "@/lib/agents/types";
import type { LlmCallOptions } from "./generate-structured";
import { generateHypotheses } from "./hypothesis-agent";
import { judgeEvidence } from "./judge-agent";
import { writeReport } from "./report-agent";

/**
 * The reasoning backend that asks a language model (kind "llm"). Each method is one agent call with structured
 * output (one retry on an invalid object); `modelId` is what runs record as their model.
 * `options.onUsage` receives the token usage of every model call.
 */
export function createLlmBackend(model: LanguageModel, modelId: string, options: LlmCallOptions = {}): ReasoningBackend {
  return {
    kind: "llm",
    model: modelId,
    hypothesize: (input) => generateHypotheses(model, input, options),
    judge: (input) => judgeEvidence(model, input, options),
    report: (input) => writeReport(model, input, options),
  };
}
