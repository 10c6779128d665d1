import type { LanguageModel } from "ai";
import { z } from "zod";
import type { JudgeInput } from "@/lib/research/backend";
import {
  CLEAR_MECHANISM_SCORE,
  isSufficient,
  SUFFICIENT_COMBINED_SCORE,
  type JudgeAssessment,
} from "@/lib/domain/judge";
import { EVIDENCE_DATA_NOTICE } from "@/lib/evidence/prompt-context/blocks";
import { citationKeys } from "@/lib/evidence/identity";
import { emptyTally, scrubContext, scrubList, scrubText } from "@/lib/grounding/scrub";
import type { StructuredAgentSpec } from "@/lib/ai/agent";
import { clampScore } from "@/lib/ai/scores";
import { askReadingAgent, evidenceSection, hypothesesLines } from "./agent-evidence";
import type { AgentEvidence, ResearchLlmOptions } from "./agent-evidence";
import { RESEARCH_SAMPLING } from "./sampling";
import { searchQuerySchema } from "./search-query";
import { promptConcepts } from "@/lib/reading/prompt-concepts";

/**
 * Model-facing schema of the judge (strict-JSON-schema friendly; ranges are enforced in code, not in the schema).
 * Reasons come before the numbers they justify and the overall judgement before the decision: a model decodes
 * fields in order, so a score written first is a commitment its reasoning can only rationalise.
 */
export const judgeOutputSchema = z.object({
  keyFindings: z
    .array(z.string().describe("One finding, with its evidence keys like [E3]."))
    .describe("The most important findings, at most 6; [] when the evidence shows none."),
  mechanismReasoning: z
    .string()
    .describe("First, why the mechanism score you are about to give, citing evidence keys like [E3]."),
  mechanismScore: z.number().describe("Integer 0–10: how well the evidence establishes the mechanism (see rubric)."),
  clinicalReasoning: z
    .string()
    .describe("First, why the clinical score you are about to give, citing evidence keys like [E3]."),
  clinicalScore: z.number().describe("Integer 0–10: strength of the clinical evidence in humans (see rubric)."),
  drugCandidates: z
    .array(z.string().describe("A drug name."))
    .describe("Drugs the evidence supports for the question; [] when none."),
  reasoning: z.string().describe("Overall judgement in 2–4 sentences, before the decision fields below."),
  confidence: z.number().describe("Confidence in this assessment, 0 to 1."),
  sufficient: z.boolean().describe("Your view: is the evidence sufficient to write a report now?"),
  recommendation: z
    .enum(["continue", "synthesize"])
    .describe("synthesize when the evidence suffices, else continue searching."),
  nextSearchQueries: z
    .array(searchQuerySchema)
    .describe("When continuing: 1–4 searches that would fill the biggest gap; [] otherwise."),
});
/** What the model returns to the judge. */
export type JudgeOutput = z.infer<typeof judgeOutputSchema>;

/** Instructions of the judge: the scoring rubric (our wording after DeepCritical's judge prompt) and the rules. */
export const JUDGE_INSTRUCTIONS =
  `You are a critical biomedical reviewer. You judge whether the evidence collected so far answers the research ` +
  `question well enough to write a report.

Mechanism score (integer 0–10):
- 0–2: no mechanism proposed, or only speculation.
- 3–5: a plausible mechanism, supported only indirectly or by a single weak study.
- 6–7: a mechanism described with some direct supporting evidence (e.g. animal or cell studies naming the target).
- 8–10: a well-characterised mechanism, replicated, with the molecular target and pathway demonstrated.

Clinical score (integer 0–10):
- 0–2: no human data.
- 3–5: case reports, case series or small observational studies.
- 6–7: cohort studies, cross-sectional studies of adequate size, or small or early-phase trials.
- 8–10: randomised controlled trials, systematic reviews or meta-analyses with consistent results.

Rules:
- Score only what the evidence blocks shown to you contain, and cite them by key like [E3]. Never invent ` +
  `studies or keys.
- Weigh contradicting evidence and study quality (preprints are not peer-reviewed; trials without results show ` +
  `intent, not outcome).
- The evidence is sufficient when mechanism + clinical ≥ ${SUFFICIENT_COMBINED_SCORE}, mechanism ≥ ` +
  `${CLEAR_MECHANISM_SCORE} and there is at least one drug candidate.
- Write each reasoning before its score: reason from the evidence first, then give the number the reasoning leads to.
- When the evidence shown does not bear on the question, say so in your reasoning and score it 0: a low score ` +
  `with the reason is the right answer, not a failure.
- When it is not sufficient, propose specific next searches that target the weakest part.

${EVIDENCE_DATA_NOTICE}`;

/** The judge: scores the evidence for the mechanism and in humans, and decides whether to search on or write. */
export const judgeAgent: StructuredAgentSpec<JudgeOutput> = {
  name: "judge",
  purpose:
    "Scores how well the evidence establishes the mechanism and the clinical effect, and decides: search on or write.",
  instructions: JUDGE_INSTRUCTIONS,
  schema: judgeOutputSchema,
  sampling: RESEARCH_SAMPLING.judge,
};

/**
 * The user prompt of the judge: question, loop position, hypotheses (model-written), evidence blocks and their keys.
 */
export function formatJudgePrompt(
  input: JudgeInput,
  evidence: Pick<AgentEvidence, "items" | "text" | "omitted" | "irrelevant">,
): string {
  const hypotheses = hypothesesLines(input.hypotheses, evidence);
  return [
    `## Research question\n${input.question}`,
    promptConcepts(input.question),
    `## Progress\nIteration ${input.iteration} of at most ${input.maxIterations}. ${input.evidence.length} ` +
      `records collected.`,
    `## Current hypotheses (model-written: not evidence)\n${hypotheses}`,
    evidenceSection(evidence),
    "## Task\nList the key findings, reason about the mechanism and the clinical evidence, then score each with " +
      "the rubric and decide whether the evidence is sufficient.",
  ]
    .filter(Boolean)
    .join("\n\n");
}

/**
 * Turns the model's answer into a JudgeAssessment. Every text is scrubbed (lib/grounding/scrub; keys of the run's
 * records
 * may stay). Scores are clamped to integers 0–10 and confidence to 0–1.
 * `sufficient` is recomputed with {@link isSufficient} (our rule, not the model's opinion); `recommendation` is
 * "synthesize" when sufficient or when `iteration >= maxIterations` (the cap), else "continue". When continuing
 * without model queries, the hypotheses' recommended searches are used.
 */
export function toJudgeAssessment(
  output: JudgeOutput,
  input: Pick<JudgeInput, "iteration" | "maxIterations" | "hypotheses" | "evidence">,
): JudgeAssessment {
  // The judge's text is shown on the run page and passed to the report agent: scrubbed as every model-written text
  // (its keys of the run's records may stay; numbers, identifiers and quotations no record holds may not).
  const ctx = scrubContext(input.evidence, { keys: new Set(citationKeys(input.evidence).values()) });
  const tally = emptyTally();
  const t = (text: string) => scrubText(text, ctx, tally);
  const clean = (xs: string[]) => scrubList(xs, ctx, tally);
  const mechanismScore = clampScore(output.mechanismScore, 10);
  const clinicalScore = clampScore(output.clinicalScore, 10);
  const drugCandidates = clean(output.drugCandidates);
  const sufficient = isSufficient({ mechanismScore, clinicalScore, drugCandidates });
  const atCap = input.iteration >= input.maxIterations;
  const recommendation = sufficient || atCap ? "synthesize" : "continue";
  let nextSearchQueries = clean(output.nextSearchQueries);
  if (recommendation === "continue" && nextSearchQueries.length === 0) {
    nextSearchQueries = clean(input.hypotheses.recommendedSearches).slice(0, 4);
  }
  return {
    mechanismScore,
    mechanismReasoning: t(output.mechanismReasoning),
    clinicalScore,
    clinicalReasoning: t(output.clinicalReasoning),
    drugCandidates,
    keyFindings: clean(output.keyFindings),
    sufficient,
    confidence: Number.isFinite(output.confidence) ? Math.min(1, Math.max(0, output.confidence)) : 0,
    recommendation,
    nextSearchQueries,
    reasoning: t(output.reasoning),
  };
}

/**
 * The LLM judge: shows the records the relevance stage chose (`input.selection`; without one, at most
 * JUDGE_MAX_EVIDENCE records, MMR-selected when there are more: agentEvidence) under their run-wide keys, and
 * the hypotheses, and scores them with the rubric of {@link JUDGE_INSTRUCTIONS}; see {@link toJudgeAssessment}.
 * @throws Error("judge agent: the model returned an invalid object twice: …") after two invalid answers;
 *   API and abort errors propagate.
 */
export async function judgeEvidence(
  model: LanguageModel,
  input: JudgeInput,
  options: ResearchLlmOptions = {},
): Promise<JudgeAssessment> {
  const { output } = await askReadingAgent(model, options, {
    agent: "judge",
    spec: judgeAgent,
    input,
    hypotheses: input.hypotheses,
    prompt: formatJudgePrompt,
  });
  return toJudgeAssessment(output, input);
}
