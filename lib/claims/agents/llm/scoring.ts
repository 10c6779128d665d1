import type { LanguageModel } from "ai";
import { z } from "zod";
import type { ScoringInput, ScoringOutput } from "@/lib/claims/backend";
import { COUNTER_SCORE_THRESHOLD, MAX_COUNTER_SCORE, type DocumentScore } from "@/lib/domain/claim-check";
import { mapNumberedBatches, perBlockSchema, recordsSection } from "./numbered-blocks";
import { CLAIM_SAMPLING } from "./sampling";
import { CLAIM_TEXT_NOTICE, claimSection } from "./user-text";
import { EVIDENCE_DATA_NOTICE } from "@/lib/evidence/prompt-context/blocks";
import { clampScore } from "@/lib/ai/scores";
import { callAgent, type AgentCallOptions, type StructuredAgentSpec } from "@/lib/ai/agent";
import { emptyTally, scrubContext, scrubText } from "@/lib/grounding/scrub";
import { promptConcepts } from "@/lib/reading/prompt-concepts";

/**
 * Documents scored per model call: 10. Source: our budget — 10 abstracts of ≤ 1,500 characters are about 4–5k
 * input tokens, and 100 documents take 10 calls instead of PaperChecker's 100.
 */
export const SCORING_BATCH_SIZE = 10;
/** Scoring calls running at once. Source: our choice — parallel, yet within common provider rate limits. */
export const SCORING_CONCURRENCY = 4;
/**
 * Abstract length shown per scored document, in characters: an excerpt that keeps the abstract's RESULTS and
 * CONCLUSIONS (lib/evidence/prompt-context/excerpts). Source: our budget, see above.
 */
export const SCORING_ABSTRACT_CHARS = 1500;

/** Model-facing schema of one scoring call: per record the rationale, then the score (reason before number). */
export const claimScoringSchema = perBlockSchema(
  "scores",
  {
    rationale: z
      .string()
      .describe(
        "First, one sentence: what this record reports that bears on the counter-statement, or that it " +
          "reports nothing.",
      ),
    score: z
      .number()
      .describe(
        `Then the integer 0–${MAX_COUNTER_SCORE}: how strongly this record supports the counter-statement ` +
          `(see rubric).`,
      ),
  },
  "One entry per evidence block shown.",
);

/** Instructions of the scoring agent: the 0–5 rubric (our wording, after PaperChecker's document scoring). */
export const CLAIM_SCORING_INSTRUCTIONS =
  `You score biomedical records for how strongly each supports a ` +
  `counter-statement (the negation of a claim).

Score each record 0–${MAX_COUNTER_SCORE}:
- 0: unrelated to the claim.
- 1: on the claim's topic, but says nothing for the counter-statement (or supports the original claim).
- 2: weak or indirect support (another population, a surrogate outcome, a hint without a result).
- 3: a reported finding that supports the counter-statement.
- 4: a direct finding that supports the counter-statement, on the claim's own population and outcome.
- 5: direct, quantitative support from a strong design (randomised trial, meta-analysis, large cohort).

Rules:
- Judge only what the record's title and abstract say; never assume results that are not written.
- Score every block shown, by its number n: first say in one sentence what it reports, then give the score.

${EVIDENCE_DATA_NOTICE}
${CLAIM_TEXT_NOTICE}`;

/** Scores each found record 0–5 for how strongly it supports the counter-statement, in batches of 10. */
export const claimScoringAgent: StructuredAgentSpec<z.infer<typeof claimScoringSchema>> = {
  name: "claim-scoring",
  purpose: "Scores each found record 0–5 for how strongly it supports the counter-statement, in batches of 10.",
  instructions: CLAIM_SCORING_INSTRUCTIONS,
  schema: claimScoringSchema,
  sampling: CLAIM_SAMPLING["claim-scoring"],
};

/**
 * Scores documents with the model in batches of {@link SCORING_BATCH_SIZE}, {@link SCORING_CONCURRENCY} calls at a
 * time (never one call per document): ⌈N / 10⌉ calls for N documents, plus a retry for an invalid answer. Each
 * batch shows its records as numbered evidence blocks with abstract excerpts of about {@link SCORING_ABSTRACT_CHARS}
 * characters that keep the findings (RESULTS and CONCLUSIONS). Scores are clamped to integers 0–5; a block the model
 * did not score gets 0 ("not scored by the
 * model"). `stance` is "counter" at or above the threshold, else "neutral" (the model does not say whether a
 * record supports the claim).
 * @throws Error after two invalid answers in a batch; API and abort errors propagate.
 */
export async function scoreDocumentsLlm(
  model: LanguageModel,
  input: ScoringInput,
  options: AgentCallOptions = {},
): Promise<ScoringOutput> {
  let modelCalls = 0;
  const batches = await mapNumberedBatches(input.documents, SCORING_BATCH_SIZE, SCORING_CONCURRENCY, async (items) => {
    modelCalls++;
    const output = await callAgent(claimScoringAgent, model, options, {
      signal: input.signal,
      prompt: [
        claimSection("Claim", input.claim),
        promptConcepts(input.claim),
        claimSection("Counter-statement", input.counter.counterStatement),
        recordsSection(items, SCORING_ABSTRACT_CHARS, `${input.claim} ${input.counter.counterStatement}`),
        `## Task\nScore each of the ${items.length} records 0–${MAX_COUNTER_SCORE} for support of the ` +
          `counter-statement.`,
      ]
        .filter(Boolean)
        .join("\n\n"),
    });
    const byN = new Map(output.scores.map((s) => [Math.round(s.n), s]));
    // Rationales are shown with the scores: scrubbed as all model text, quotations checked against the batch's records.
    const ctx = scrubContext(items.map((i) => i.evidence));
    const tally = emptyTally();
    return items.map(({ n }): DocumentScore => {
      const s = byN.get(n);
      if (!s) return { score: 0, stance: "neutral", rationale: "Not scored by the model." };
      const score = clampScore(s.score, MAX_COUNTER_SCORE);
      return {
        score,
        stance: score >= COUNTER_SCORE_THRESHOLD ? "counter" : "neutral",
        rationale: scrubText(s.rationale, ctx, tally),
      };
    });
  });
  return { scores: batches.flat(), modelCalls };
}
