import type { LanguageModel } from "ai";
import type { HypothesisSet } from "@/lib/domain/hypothesis";
import type { AgentHooks } from "@/lib/domain/agent";
import type { Evidence } from "@/lib/domain/evidence";
import type { FullText } from "@/lib/domain/fulltext";
import { keyedEvidenceText, type KeyedEvidence } from "@/lib/evidence/prompt-context/blocks";
import { buildKeyedEvidenceContext } from "@/lib/evidence/prompt-context/context";
import { withHooks, type LlmAgentOptions } from "../../../ai/structured";
import { filterRelevant, type RelevanceStore } from "./relevance";

/**
 * Options of the research agents: the LLM agent options and, when the backend runs it, the run's relevance store
 * (lib/research/agents/llm/relevance): then every agent's evidence goes through the batched relevance pass first.
 */
export interface ResearchLlmOptions extends LlmAgentOptions {
  relevance?: RelevanceStore;
}

/**
 * The evidence of one research agent's prompt: the blocks shown (with the list of their keys, the only ones that may
 * be cited), how many records were left out for room (`omitted`), and how many of the selected ones the relevance pass
 * found not to bear on the question (`irrelevant`).
 */
export interface AgentEvidence {
  items: KeyedEvidence[];
  text: string;
  omitted: number;
  irrelevant: number;
}

/** The hypotheses as excerpt focus text: each chain's drug, target, pathway and effect ("" when none). */
export function hypothesesFocus(assessment: HypothesisSet | null): string {
  return (assessment?.hypotheses ?? []).map((h) => `${h.drug} ${h.target} ${h.pathway} ${h.effect}`).join(" ");
}

/**
 * The keyed evidence blocks one research agent reads: at most `maxItems` records (buildKeyedEvidenceContext),
 * scored against the question, excerpted with the hypotheses as focus from the run's excerpt store, embeddings usage
 * reported through the agent's and the call's usage hooks; then, with `options.relevance`, the relevance pass drops
 * the records that do not bear on the question (filterRelevant, one batched call for the records not scored yet).
 * The text is the blocks followed by the list of their keys.
 */
export async function agentEvidence(
  model: LanguageModel,
  input: {
    question: string;
    evidence: Evidence[];
    fullTexts?: ReadonlyMap<string, FullText>;
    hooks?: AgentHooks;
    signal?: AbortSignal;
  },
  options: ResearchLlmOptions,
  hypotheses: HypothesisSet | null,
  maxItems: number,
): Promise<AgentEvidence> {
  const context = await buildKeyedEvidenceContext(input.evidence, {
    question: input.question,
    focus: hypothesesFocus(hypotheses),
    maxItems,
    embedder: options.embedder,
    excerpts: options.excerpts,
    fullTexts: input.fullTexts,
    onUsage: withHooks(options, input.hooks).onUsage,
    signal: input.signal,
  });
  if (!options.relevance) return { ...context, irrelevant: 0 };
  const { kept, dropped } = await filterRelevant(model, input.question, context.items, options.relevance, {
    ...options,
    hooks: input.hooks,
    signal: input.signal,
  });
  return { items: kept, text: keyedEvidenceText(kept), omitted: context.omitted, irrelevant: dropped.length };
}

/** The heading of an agent's evidence section: how many records are shown, and why others are not. */
export function evidenceHeading(evidence: Pick<AgentEvidence, "items" | "omitted" | "irrelevant">): string {
  const notes = [
    evidence.omitted > 0 ? `${evidence.omitted} more not shown for room` : "",
    evidence.irrelevant > 0 ? `${evidence.irrelevant} judged not to bear on the question and left out` : "",
  ].filter(Boolean);
  return `## Evidence (${evidence.items.length} ${evidence.items.length === 1 ? "record" : "records"}${notes.length > 0 ? `; ${notes.join("; ")}` : ""})`;
}

/**
 * The keys of the records of `ids` that the prompt shows (`shown`: evidence id → key), "none" when it shows none of
 * them: a model is never pointed at a key it cannot see.
 */
export function shownKeys(ids: string[], shown: Map<string, string>): string {
  return ids.flatMap((id) => (shown.has(id) ? [shown.get(id)!] : [])).join(", ") || "none";
}
