import type { HypothesisSet } from "@/lib/domain/hypothesis";
import type { AgentHooks } from "@/lib/domain/agent";
import { buildKeyedEvidenceContext, type KeyedEvidenceContext } from "@/lib/evidence/prompt-context/context";
import { withHooks, type LlmAgentOptions } from "../../../ai/structured";
import type { Evidence } from "@/lib/domain/evidence";

/** The hypotheses as excerpt focus text: each chain's drug, target, pathway and effect ("" when none). */
export function hypothesesFocus(assessment: HypothesisSet | null): string {
  return (assessment?.hypotheses ?? []).map((h) => `${h.drug} ${h.target} ${h.pathway} ${h.effect}`).join(" ");
}

/**
 * The keyed evidence blocks one research agent reads (buildKeyedEvidenceContext): at most `maxItems` records,
 * scored against the question, excerpted with the hypotheses as focus from the run's excerpt store, embeddings
 * usage reported through the agent's and the call's usage hooks.
 */
export function agentEvidence(
  input: { question: string; evidence: Evidence[]; hooks?: AgentHooks; signal?: AbortSignal },
  options: LlmAgentOptions,
  hypotheses: HypothesisSet | null,
  maxItems: number,
): Promise<KeyedEvidenceContext> {
  return buildKeyedEvidenceContext(input.evidence, {
    question: input.question,
    focus: hypothesesFocus(hypotheses),
    maxItems,
    embedder: options.embedder,
    excerpts: options.excerpts,
    onUsage: withHooks(options, input.hooks).onUsage,
    signal: input.signal,
  });
}
