import type { LanguageModel } from "ai";
import { agentOptions, type AgentSpec } from "@/lib/ai/agent";
import { createExcerptStore } from "@/lib/evidence/prompt-context/excerpt-store";
import type { ReasoningBackend } from "@/lib/research/backend";
import type { ResearchLlmOptions } from "./agent-evidence";
import { checkEntailment, criticAgent } from "./critic";
import { generateHypotheses, hypothesisAgent } from "./hypothesis";
import { judgeAgent, judgeEvidence } from "./judge";
import { relevanceAgent, selectAgentEvidence } from "./relevance";
import { reportAgent, writeReport } from "./report";

/** The research mode's model agents, in the order a run calls them (their sampling: ./sampling.ts). */
export const researchAgents: readonly AgentSpec[] = [
  relevanceAgent,
  hypothesisAgent,
  judgeAgent,
  reportAgent,
  criticAgent,
];

/**
 * The reasoning backend that asks a language model (kind "llm"). Each method is one agent call with structured
 * output (lib/ai/agent callAgent: one retry on an invalid object); `selectEvidence` is the relevance pass (batched,
 * concurrent), `critique` the critic's entailment check. `modelId` is what runs record as their model.
 * `options.onUsage` receives the token usage of every model call (each call's `input.hooks.onUsage` too),
 * `options.timeoutMs` bounds each call, and `options.embedder` picks diverse evidence when a run has more records
 * than an agent is shown (default TF-IDF). Unless given in `options`: one excerpt store for the backend's runs (every
 * agent sees the same excerpt of a record), the prompt style of the configured server and the sampling configuration
 * sets (lib/ai/agent agentOptions).
 */
export function createLlmBackend(
  model: LanguageModel,
  modelId: string,
  given: ResearchLlmOptions = {},
): ReasoningBackend {
  const options = agentOptions(researchAgents, { ...given, excerpts: given.excerpts ?? createExcerptStore() });
  return {
    kind: "llm",
    model: modelId,
    selectEvidence: (input) => selectAgentEvidence(model, input, options),
    hypothesize: (input) => generateHypotheses(model, input, options),
    judge: (input) => judgeEvidence(model, input, options),
    report: (input) => writeReport(model, input, options),
    critique: (input) => checkEntailment(model, input, options),
  };
}
