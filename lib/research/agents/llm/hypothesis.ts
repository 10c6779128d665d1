import type { LanguageModel } from "ai";
import { z } from "zod";
import type { HypothesisInput } from "@/lib/research/backend";
import { chainLabel, type HypothesisSet, type MechanismHypothesis } from "@/lib/domain/hypothesis";
import { EVIDENCE_DATA_NOTICE, neutraliseForPrompt } from "@/lib/evidence/prompt-context/blocks";
import type { StructuredAgentSpec } from "@/lib/ai/agent";
import { askReadingAgent, evidenceSection, type AgentEvidence, type ResearchLlmOptions } from "./agent-evidence";
import { indexEvidence, resolveEvidenceRef, type EvidenceRefIndex } from "./evidence-refs";
import type { AgentHooks } from "@/lib/domain/agent";
import type { DeepPartial } from "ai";
import { finishedSearchSuggestions, streamPreview, hypothesesPreview } from "./stream-previews";
import { canonicalCitationKey } from "@/lib/evidence/identity";
import { emptyTally, scrubContext, scrubText, type ScrubContext } from "@/lib/grounding/scrub";
import { RESEARCH_SAMPLING } from "./sampling";
import { searchQuerySchema } from "./search-query";
import { promptConcepts } from "@/lib/reading/prompt-concepts";

/** Most hypotheses kept from one answer (the instructions ask for 2–4, after DeepCritical phase 7). */
export const MAX_HYPOTHESES = 4;

const evidenceRefs = (what: string) =>
  z
    .array(z.string().describe('The key of an evidence block, such as "E3".'))
    .describe(`Evidence blocks that ${what}. Cite only blocks shown in the prompt; [] when none.`);

/**
 * One hypothesis of the answer: the chain, the evidence for and against it, then the confidence that evidence gives.
 */
const modelHypothesisSchema = z.object({
  drug: z.string().describe("The drug or exposure, e.g. lithium."),
  target: z
    .string()
    .describe("Specific molecular target: gene, protein, receptor or channel (e.g. GSK-3β, AQP2, V2 receptor)."),
  pathway: z
    .string()
    .describe("Biological pathway or process affected " + "(e.g. cAMP–PKA signalling, AQP2 trafficking)."),
  effect: z.string().describe("Downstream effect on the disease or outcome in the question."),
  supportingEvidence: evidenceRefs("support this hypothesis"),
  contradictingEvidence: evidenceRefs("contradict or weaken this hypothesis"),
  confidence: z
    .number()
    .describe("Then, from that evidence: confidence in the hypothesis, 0 (none) to 1 (established)."),
  searchSuggestions: z.array(searchQuerySchema).describe("2–4 searches that would test this hypothesis."),
  links: z
    .array(
      z.object({
        from: z.string().describe("Start of the link, e.g. the drug."),
        to: z.string().describe("End of the link, e.g. the target."),
        evidence: evidenceRefs("support this link"),
      }),
    )
    .nullable()
    .describe("Evidence for each link of the chain drug → target → pathway → effect; null when you cannot tell."),
});

/**
 * Model-facing schema of the hypothesis agent (strict-JSON-schema friendly: all fields required, nullable). What the
 * evidence establishes comes first, so a model reads before it proposes, and may propose nothing: an empty list with
 * that reading as the reason.
 */
export const hypothesisOutputSchema = z.object({
  evidenceReading: z
    .string()
    .describe(
      "First, 1–2 sentences: what the evidence shown establishes about a mechanism for the question; when it " +
        "supports none, say why (this is the reason for giving no hypothesis).",
    ),
  hypotheses: z
    .array(modelHypothesisSchema)
    .describe("0–4 mechanistic hypotheses, most promising first; [] when the evidence supports no mechanism."),
  primaryHypothesis: z
    .number()
    .nullable()
    .describe("1-based position in `hypotheses` of the most promising one; null when there are none."),
  knowledgeGaps: z
    .array(
      z.object({
        gap: z.string().describe("One open question the evidence does not yet answer."),
        search: z.string().describe("A literature search query (a few keywords) that could answer it."),
      }),
    )
    .describe("What the evidence does not yet establish, each with a search to fill it."),
  recommendedSearches: z
    .array(z.string().describe("A literature search query."))
    .describe("Other searches worth running, most useful first."),
});
/** What the model returns to the hypothesis agent. */
export type HypothesisOutput = z.infer<typeof hypothesisOutputSchema>;

/** Instructions of the hypothesis agent (our wording of DeepCritical phase 7's intent). */
export const HYPOTHESIS_INSTRUCTIONS =
  `You are a biomedical research scientist who proposes mechanistic hypotheses from published evidence.

A good hypothesis:
1. States a mechanism as a chain: drug → molecular target → pathway → effect.
2. Is specific: it names actual genes, proteins, receptors, channels or enzymes and actual pathways, not vague ` +
  `processes.
3. Is testable: literature searches could support or refute it, and you suggest those searches.
4. Is grounded: it cites only the evidence blocks shown to you, by their key (E3).

First say what the evidence establishes. Then give up to 4 hypotheses (2–4 when the evidence supports them), ` +
  `most promising first, and rate each one's confidence from 0 to 1 by the strength and consistency of the cited ` +
  `evidence (animal or in-vitro evidence alone rarely justifies more than 0.6).
List evidence that contradicts a hypothesis as contradicting evidence. Never invent evidence keys.
When previous hypotheses are given, refine, keep or drop them in the light of the current evidence.
When the evidence shown supports no mechanism for the question, give no hypothesis (an empty list) and say why ` +
  `in your reading of the evidence: inventing a chain the evidence does not support is worse than proposing none.

${EVIDENCE_DATA_NOTICE}`;

/** The hypothesis agent: mechanistic hypotheses (drug → target → pathway → effect) from the evidence shown. */
export const hypothesisAgent: StructuredAgentSpec<HypothesisOutput> = {
  name: "hypothesis",
  purpose: "Reads the evidence, then proposes up to 4 mechanistic hypotheses (drug → target → pathway → effect).",
  instructions: HYPOTHESIS_INSTRUCTIONS,
  schema: hypothesisOutputSchema,
  sampling: RESEARCH_SAMPLING.hypothesis,
};

function previousSection(previous: HypothesisSet | null): string {
  if (!previous || previous.hypotheses.length === 0) return "(none — this is the first iteration)";
  return previous.hypotheses
    .map((h) => `- ${neutraliseForPrompt(chainLabel(h))} (confidence ${h.confidence.toFixed(2)})`)
    .join("\n");
}

/** The user prompt of the hypothesis agent: question, previous hypotheses, evidence blocks, task. */
export function formatHypothesisPrompt(
  input: HypothesisInput,
  evidence: Pick<AgentEvidence, "items" | "text" | "omitted" | "irrelevant">,
): string {
  return [
    `## Research question\n${input.question}`,
    promptConcepts(input.question),
    `## Previous hypotheses (model-written: not evidence)\n${previousSection(input.previous)}`,
    evidenceSection(evidence),
    "## Task\nSay what the evidence establishes, then propose up to 4 mechanistic hypotheses (drug → target → " +
      "pathway → effect) that answer the question, citing evidence blocks by key (E3) — " +
      "or none, with the reason, " +
      "when the evidence supports none.",
  ]
    .filter(Boolean)
    .join("\n\n");
}

/**
 * The partial-answer handler of one hypothesis call: live viewers' cards (`onPartial`, via hypothesesPreview) and
 * the finished hypotheses' search suggestions (`onSearchSuggestions`, called when that list grows).
 */
function onHypothesisPartial(hooks: AgentHooks): (partial: DeepPartial<HypothesisOutput>) => void {
  const preview = hooks.onPartial ? streamPreview(hooks.onPartial, hypothesesPreview) : null;
  let suggested = 0;
  return (partial) => {
    preview?.(partial);
    if (!hooks.onSearchSuggestions) return;
    const queries = finishedSearchSuggestions(partial);
    if (queries.length > suggested) {
      suggested = queries.length;
      hooks.onSearchSuggestions(queries);
    }
  };
}

const clamp01 = (x: number) => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);

/** Maps refs to evidence ids (deduplicated, in order), collecting the refs that name nothing offered. */
function mapRefs(index: EvidenceRefIndex, refs: string[], unknown: string[]): string[] {
  const ids: string[] = [];
  for (const ref of refs) {
    const id = resolveEvidenceRef(index, ref);
    if (id === null) unknown.push(ref);
    else if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

/**
 * The model's answer with every text a reader sees scrubbed (lib/grounding/scrub: identifiers naming no retrieved
 * record, citation markers, author–year citations and quotations no record holds removed): the reading of the
 * evidence, chain nodes, search suggestions, links, knowledge gaps and searches. Evidence references are left to
 * {@link toHypothesisSet}, which keeps only those naming a block shown.
 */
export function scrubHypothesisOutput(output: HypothesisOutput, ctx: ScrubContext): HypothesisOutput {
  const tally = emptyTally();
  const t = (text: string) => scrubText(text, ctx, tally);
  return {
    ...output,
    evidenceReading: t(output.evidenceReading),
    hypotheses: output.hypotheses.map((h) => ({
      ...h,
      drug: t(h.drug),
      target: t(h.target),
      pathway: t(h.pathway),
      effect: t(h.effect),
      searchSuggestions: h.searchSuggestions.map(t),
      links: h.links?.map((l) => ({ ...l, from: t(l.from), to: t(l.to) })) ?? null,
    })),
    knowledgeGaps: output.knowledgeGaps.map((g) => ({ gap: t(g.gap), search: t(g.search) })),
    recommendedSearches: output.recommendedSearches.map(t),
  };
}

/**
 * A reference the model gave that named no block shown, as it may be recorded and shown: a key ("E77") as written,
 * anything that holds an identifier naming no retrieved record only as that fact (the identifier is never shown).
 */
function recordableRef(ref: string, ctx: ScrubContext): string {
  const key = canonicalCitationKey(ref);
  if (key) return key;
  const cleaned = scrubText(ref, ctx);
  return cleaned === ref.trim() && cleaned ? cleaned : "(an identifier that names no retrieved record)";
}

/** Options of {@link generateHypotheses}: usage reporting, and a report of dropped evidence references. */
export interface HypothesisAgentOptions extends ResearchLlmOptions {
  /** Called once per run with the references that named no offered evidence block (dropped); not called when none. */
  onUnknownReferences?: (refs: string[]) => void;
}

/** Placeholders a model writes when it cannot name a chain element; such a hypothesis is not specific. */
const PLACEHOLDER = /^(?:|unknown|unclear|unspecified|not specified|n\/?a|none|various|multiple|other|tbd|\?+|-+)$/i;

/** True when drug, target, pathway and effect are all named (non-empty and not a placeholder such as "unknown"). */
export function isSpecificHypothesis(h: Pick<MechanismHypothesis, "drug" | "target" | "pathway" | "effect">): boolean {
  return [h.drug, h.target, h.pathway, h.effect].every((x) => !PLACEHOLDER.test(x.trim()));
}

/**
 * Turns the model's answer into a HypothesisSet: drops hypotheses that do not name all of drug, target,
 * pathway and effect ({@link isSpecificHypothesis}), keeps at most {@link MAX_HYPOTHESES}, maps evidence
 * references (numbers or ids) to evidence ids of the offered blocks and drops unknown ones (returned in
 * `unknownRefs`), takes the knowledge gaps' texts as `knowledgeGaps` and puts their searches first in
 * `recommendedSearches` (so the gaps feed the next iteration's queries), clamps confidence to 0–1, sets `links: []`
 * when the model gave none, and picks the primary
 * hypothesis by its 1-based position (the first hypothesis when the position is null or out of range). When no
 * hypothesis is left, the model's reading of the evidence is kept as `noHypothesisReason`.
 */
export function toHypothesisSet(
  output: HypothesisOutput,
  index: EvidenceRefIndex,
): { assessment: HypothesisSet; unknownRefs: string[] } {
  const unknownRefs: string[] = [];
  const specific = output.hypotheses.filter((h) => isSpecificHypothesis(h));
  const hypotheses: MechanismHypothesis[] = specific.slice(0, MAX_HYPOTHESES).map((h) => ({
    drug: h.drug.trim(),
    target: h.target.trim(),
    pathway: h.pathway.trim(),
    effect: h.effect.trim(),
    confidence: clamp01(h.confidence),
    supportingEvidence: mapRefs(index, h.supportingEvidence, unknownRefs),
    contradictingEvidence: mapRefs(index, h.contradictingEvidence, unknownRefs),
    searchSuggestions: h.searchSuggestions.map((s) => s.trim()).filter(Boolean),
    links: (h.links ?? []).map((l) => ({
      from: l.from,
      to: l.to,
      evidenceIds: mapRefs(index, l.evidence, unknownRefs),
    })),
  }));
  const position = output.primaryHypothesis === null ? 1 : Math.round(output.primaryHypothesis);
  const chosen = output.hypotheses[position - 1];
  const at = chosen ? specific.indexOf(chosen) : -1;
  const primaryHypothesis = (at >= 0 ? hypotheses[at] : undefined) ?? hypotheses[0] ?? null;
  return {
    assessment: {
      hypotheses,
      primaryHypothesis,
      knowledgeGaps: output.knowledgeGaps.map((g) => g.gap.trim()).filter(Boolean),
      // The gaps' searches come first: they are what the next iteration searches (see runResearch).
      recommendedSearches: [
        ...new Set(
          [...output.knowledgeGaps.map((g) => g.search), ...output.recommendedSearches]
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ],
      // No hypothesis: the model's reading of the evidence says why (none when it gave none).
      ...(hypotheses.length === 0 && output.evidenceReading.trim()
        ? { noHypothesisReason: output.evidenceReading.trim() }
        : {}),
    },
    unknownRefs,
  };
}

/**
 * The LLM hypothesis agent: shows the records the relevance stage chose (`input.selection`; without one, at most
 * DEFAULT_MAX_EVIDENCE records, MMR-selected when there are more: agentEvidence) as keyed blocks and asks for
 * its reading of the evidence, then up to 4 mechanistic hypotheses, or none with the reason (see
 * {@link toHypothesisSet} for the post-processing, after {@link scrubHypothesisOutput}). Dropped references go to
 * `options.onUnknownReferences` and `input.hooks.onDroppedEvidenceIds` (keys as written; any identifier only as the
 * fact that one was given).
 * @throws Error("hypothesis agent: the model returned an invalid object twice: …") after two invalid answers;
 *   API and abort errors propagate.
 */
export async function generateHypotheses(
  model: LanguageModel,
  input: HypothesisInput,
  options: HypothesisAgentOptions = {},
): Promise<HypothesisSet> {
  const { output, evidence: context } = await askReadingAgent(model, options, {
    agent: "hypothesis",
    spec: hypothesisAgent,
    input,
    hypotheses: input.previous,
    prompt: formatHypothesisPrompt,
    // Live viewers see the answer as it streams; without a hook the call waits for the whole answer.
    ...(input.hooks?.onPartial || input.hooks?.onSearchSuggestions
      ? { onPartial: onHypothesisPartial(input.hooks) }
      : {}),
  });
  const ctx = scrubContext(input.evidence);
  const { assessment, unknownRefs } = toHypothesisSet(scrubHypothesisOutput(output, ctx), indexEvidence(context.items));
  if (unknownRefs.length > 0) {
    const recorded = unknownRefs.map((ref) => recordableRef(ref, ctx));
    options.onUnknownReferences?.(recorded);
    input.hooks?.onDroppedEvidenceIds?.(recorded);
  }
  return assessment;
}
