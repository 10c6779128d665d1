import type { LanguageModel } from "ai";
import { callAgent, type AgentCall, type AgentCallOptions, type StructuredAgentSpec } from "@/lib/ai/agent";
import type { AgentHooks } from "@/lib/domain/agent";
import type { Evidence } from "@/lib/domain/evidence";
import type { FullText } from "@/lib/domain/fulltext";
import { chainLabel, type HypothesisSet } from "@/lib/domain/hypothesis";
import { citationKeys } from "@/lib/evidence/identity";
import { keyedEvidenceText, neutraliseForPrompt, type KeyedEvidence } from "@/lib/evidence/prompt-context/blocks";
import {
  buildKeyedEvidenceContext,
  DEFAULT_MAX_EVIDENCE,
  JUDGE_MAX_EVIDENCE,
  REPORT_MAX_EVIDENCE,
  type KeyedEvidenceContext,
} from "@/lib/evidence/prompt-context/context";
import { createExcerptStore, type ExcerptStore } from "@/lib/evidence/prompt-context/excerpt-store";
import { MAX_RECORDS_WITH_PASSAGES } from "@/lib/evidence/prompt-context/passage-excerpts";
import type { TextEmbedder } from "@/lib/text/similarity";
import type { EvidenceSelection, ReadingAgent } from "@/lib/research/backend";
import { withHooks } from "@/lib/ai/structured";

/**
 * Options of the research agents: the options of every agent call (usage hook, time limit, prompt style, sampling
 * overrides), the embedder that picks diverse evidence (default TF-IDF) and the run's excerpt store (every agent sees
 * the same excerpt of a record).
 */
export interface ResearchLlmOptions extends AgentCallOptions {
  embedder?: TextEmbedder;
  excerpts?: ExcerptStore;
}

/** Most records each reading agent is shown (lib/evidence/prompt-context/context: its prompt's budget). */
export const READING_MAX_EVIDENCE: Record<ReadingAgent, number> = {
  hypothesis: DEFAULT_MAX_EVIDENCE,
  judge: JUDGE_MAX_EVIDENCE,
  report: REPORT_MAX_EVIDENCE,
};

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
 * What every reading agent's input carries that chooses its evidence; `fullTexts` (by record id) are the records the
 * run read in full, whose body sentences follow the abstract's for the first MAX_RECORDS_WITH_PASSAGES shown.
 */
type ReadingInput = {
  question: string;
  evidence: Evidence[];
  fullTexts?: ReadonlyMap<string, FullText>;
  hooks?: AgentHooks;
  signal?: AbortSignal;
};

/**
 * The records `agent` would be shown, before any relevance pass: at most its number of blocks
 * ({@link READING_MAX_EVIDENCE}, buildKeyedEvidenceContext), scored against the question, excerpted with the
 * hypotheses as focus from the run's excerpt store, embeddings usage reported through the options' and the call's
 * usage hooks.
 */
export function agentContext(
  input: ReadingInput,
  options: ResearchLlmOptions,
  hypotheses: HypothesisSet | null,
  agent: ReadingAgent,
): Promise<KeyedEvidenceContext> {
  return buildKeyedEvidenceContext(input.evidence, {
    question: input.question,
    focus: hypothesesFocus(hypotheses),
    maxItems: READING_MAX_EVIDENCE[agent],
    embedder: options.embedder,
    excerpts: options.excerpts,
    fullTexts: input.fullTexts,
    onUsage: withHooks(options, input.hooks).onUsage,
    signal: input.signal,
  });
}

/**
 * The keyed evidence blocks one research agent reads. With a `selection` from the relevance stage (lib/research/run:
 * the records kept by the relevance pass, in block order), those records under their run-wide keys, excerpted as the
 * relevance stage showed them (the same store, question and focus); without one, the records {@link agentContext}
 * picks, none left out as irrelevant. The text is the blocks followed by the list of their keys.
 */
export async function agentEvidence(
  input: ReadingInput & { selection?: EvidenceSelection },
  options: ResearchLlmOptions,
  hypotheses: HypothesisSet | null,
  agent: ReadingAgent,
): Promise<AgentEvidence> {
  const selection = input.selection?.agent === agent ? input.selection : undefined;
  if (!selection) return { ...(await agentContext(input, options, hypotheses, agent)), irrelevant: 0 };
  const byId = new Map(input.evidence.map((e) => [e.id, e]));
  const keys = citationKeys(input.evidence);
  const store = options.excerpts ?? createExcerptStore();
  const focus = hypothesesFocus(hypotheses);
  let withPassages = 0;
  const items = selection.ids.flatMap((id) => {
    const evidence = byId.get(id);
    if (!evidence) return [];
    const fullText = input.fullTexts?.get(id);
    const read = fullText && withPassages < MAX_RECORDS_WITH_PASSAGES ? fullText : undefined;
    if (read) withPassages++;
    return [{ key: keys.get(id) ?? id, evidence, sentences: store.excerpt(evidence, input.question, focus, read) }];
  });
  return {
    items,
    text: keyedEvidenceText(items),
    omitted: selection.omitted,
    irrelevant: selection.dropped.length,
  };
}

/** One reading agent's call: the agent, its spec, its input, the hypotheses it reads with, its prompt. */
export interface ReadingCall<T, I> extends Pick<AgentCall<T>, "onPartial" | "check"> {
  agent: ReadingAgent;
  spec: StructuredAgentSpec<T>;
  input: I;
  hypotheses: HypothesisSet | null;
  prompt: (input: I, evidence: AgentEvidence) => string;
}

/**
 * Asks a reading agent (hypothesis, judge, report) for its answer: its evidence ({@link agentEvidence}), then one
 * call of its spec (lib/ai/agent callAgent) with the prompt built from that evidence, the run's signal and hooks.
 * @returns the answer and the evidence it was given (to resolve the keys it cites).
 * @throws what callAgent throws.
 */
export async function askReadingAgent<T, I extends ReadingInput & { selection?: EvidenceSelection }>(
  model: LanguageModel,
  options: ResearchLlmOptions,
  call: ReadingCall<T, I>,
): Promise<{ output: T; evidence: AgentEvidence }> {
  const evidence = await agentEvidence(call.input, options, call.hypotheses, call.agent);
  const output = await callAgent(call.spec, model, options, {
    prompt: call.prompt(call.input, evidence),
    signal: call.input.signal,
    hooks: call.input.hooks,
    ...(call.onPartial ? { onPartial: call.onPartial } : {}),
    ...(call.check ? { check: call.check } : {}),
  });
  return { output, evidence };
}

/**
 * An agent's evidence section: its heading (how many records are shown, and why others are not), then the blocks and
 * the list of their keys.
 */
export function evidenceSection(evidence: Pick<AgentEvidence, "items" | "text" | "omitted" | "irrelevant">): string {
  const notes = [
    evidence.omitted > 0 ? `${evidence.omitted} more not shown for room` : "",
    evidence.irrelevant > 0 ? `${evidence.irrelevant} judged not to bear on the question and left out` : "",
  ].filter(Boolean);
  const count = `${evidence.items.length} ${evidence.items.length === 1 ? "record" : "records"}`;
  return `## Evidence (${count}${notes.length > 0 ? `; ${notes.join("; ")}` : ""})\n${evidence.text}`;
}

/**
 * The keys under which `evidence` shows the records of `ids`, "none" when it shows none of them: a model is never
 * pointed at a key it cannot see.
 */
export function shownKeysOf(evidence: Pick<AgentEvidence, "items">): (ids: string[]) => string {
  const shown = new Map(evidence.items.map((i) => [i.evidence.id, i.key]));
  return (ids) => ids.flatMap((id) => (shown.has(id) ? [shown.get(id)!] : [])).join(", ") || "none";
}

/**
 * The hypotheses of a judge's or report agent's prompt, one line each: the chain (neutralised: model-written text),
 * its confidence and the keys of its supporting evidence the prompt shows (with `contradicting`, also of its
 * contradicting evidence); "(none)" when there are none.
 */
export function hypothesesLines(
  set: HypothesisSet,
  evidence: Pick<AgentEvidence, "items">,
  contradicting = false,
): string {
  if (set.hypotheses.length === 0) return "(none)";
  const keys = shownKeysOf(evidence);
  return set.hypotheses
    .map((h) => {
      const against = contradicting ? `; contradicting ${keys(h.contradictingEvidence)}` : "";
      const cited = `supporting ${keys(h.supportingEvidence)}${against}`;
      return `- ${neutraliseForPrompt(chainLabel(h))} (confidence ${h.confidence.toFixed(2)}; ${cited})`;
    })
    .join("\n");
}
