import type { LanguageModel } from "ai";
import type { ReasoningBackend } from "@/lib/research/backend";
import { checkEntailment } from "./critic";
import { createExcerptStore } from "@/lib/evidence/prompt-context/excerpt-store";
import { promptStyleFor } from "../../../ai/providers";
import { getAgentSampling } from "../../../ai/sampling";
import type { ResearchLlmOptions } from "./agent-evidence";
import { createRelevanceStore } from "./relevance";
import { generateHypotheses } from "./hypothesis";
import { judgeEvidence } from "./judge";
import { writeReport } from "./report";

/**
 * The reasoning backend that asks a language model (kind "llm"). Each method is one agent call with structured
 * output (one retry on an invalid object); `critique` is the critic's entailment check. `modelId` is what runs
 * record as their model. `options.onUsage` receives the token usage of every model call (each call's
 * `input.hooks.onUsage` too), `options.timeoutMs` bounds each call, and `options.embedder` picks diverse evidence
 * when a run has more records than an agent is shown (default TF-IDF). Unless given in `options`: one excerpt
 * store for the backend's runs (every agent sees the same excerpt of a record), one relevance store (the batched
 * relevance pass scores each record once and the agents see only the records that bear on the question), sampling
 * per agent from configuration (lib/ai/sampling), and the prompt style of the configured server
 * (lib/ai/providers promptStyleFor).
 */
export function createLlmBackend(
  model: LanguageModel,
  modelId: string,
  given: ResearchLlmOptions = {},
): ReasoningBackend {
  const options: ResearchLlmOptions = {
    ...given,
    excerpts: given.excerpts ?? createExcerptStore(),
    relevance: given.relevance ?? createRelevanceStore(),
    sampling: given.sampling ?? getAgentSampling(),
    promptStyle: given.promptStyle ?? promptStyleFor(),
  };
  return {
    kind: "llm",
    model: modelId,
    hypothesize: (input) => generateHypotheses(model, input, options),
    judge: (input) => judgeEvidence(model, input, options),
    report: (input) => writeReport(model, input, options),
    critique: (input) => checkEntailment(model, input, options),
  };
}
