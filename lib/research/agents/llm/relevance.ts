import type { LanguageModel } from "ai";
import { z } from "zod";
import { callAgent, type StructuredAgentSpec } from "@/lib/ai/agent";
import { balancedBatches, mapConcurrent } from "@/lib/ai/batches";
import { classifyProviderError } from "@/lib/ai/provider-errors";
import { clampScore } from "@/lib/ai/scores";
import type { AgentHooks } from "@/lib/domain/agent";
import { EVIDENCE_DATA_NOTICE, formatKeyedBlocks, type KeyedEvidence } from "@/lib/evidence/prompt-context/blocks";
import type { RelevanceInput, RelevanceOutcome, RelevanceScores } from "@/lib/research/backend";
import { agentContext, type ResearchLlmOptions } from "./agent-evidence";
import { RESEARCH_SAMPLING } from "./sampling";

/**
 * Least relevance score (0–10) a record needs to be shown to the research agents: 1, PaperQA2's default
 * `evidence_relevance_score_cutoff` — only records the model scores 0 ("does not bear on the question") are dropped.
 */
export const RELEVANCE_MIN_SCORE = 1;

/**
 * Most blocks one relevance call reads. The records an agent is about to see are split into near-equal batches of at
 * most this many, asked at once (as PaperQA2 summarises its chunks concurrently): a model writes its output one token
 * after another, so 25 summaries in one answer (≈ 1,100 tokens, 14 s at 80 tokens/s) kept the first hypothesis
 * waiting about four times as long as four batches of 6–7 do. Source: our choice; 8 keeps each batch's answer near
 * 360 tokens.
 */
export const RELEVANCE_BATCH = 8;

/**
 * Model-facing schema of the relevance pass: per record its summary first, then its score (summary before score,
 * as PaperQA2's evidence summaries), so a model that decodes in order reads before it scores.
 */
export const relevanceOutputSchema = z.object({
  records: z
    .array(
      z.object({
        key: z.string().describe('The key of the evidence block, e.g. "E3".'),
        summary: z
          .string()
          .describe(
            "First, one sentence: what this record reports that bears on the question (with its numbers), or " +
              '"Not applicable".',
          ),
        score: z
          .number()
          .describe(
            "Then the integer 0–10: how much the record bears on the question (0: not at all; 10: it answers it " +
              "directly).",
          ),
      }),
    )
    .describe("One entry per evidence block shown, in block order."),
});

/** Instructions of the relevance pass (our wording of PaperQA2's summary-then-score step). */
export const RELEVANCE_INSTRUCTIONS =
  `You read biomedical evidence records and judge how much each one bears on a research question.

For every evidence block, in order:
1. Summarise in one sentence what the record reports that helps answer the question, with its numbers when it ` +
  `gives them. Do not answer the question itself. When the record does not bear on the question, write "Not ` +
  `applicable".
2. Then score it from 0 to 10: 0 when it does not bear on the question at all, 1–3 when it is only ` +
  `background or indirectly related, 4–7 when it reports a relevant finding, 8–10 when it answers the ` +
  `question directly.
Judge only what each block says; never invent findings.

${EVIDENCE_DATA_NOTICE}`;

/** The relevance pass as an agent: one batch of records summarised, then scored 0–10. */
export const relevanceAgent: StructuredAgentSpec<z.infer<typeof relevanceOutputSchema>> = {
  name: "relevance",
  purpose: "Summarises what each record shown to an agent reports on the question, then scores it 0–10.",
  instructions: RELEVANCE_INSTRUCTIONS,
  schema: relevanceOutputSchema,
  sampling: RESEARCH_SAMPLING.relevance,
};

/** What the relevance pass kept and dropped of the blocks it was given (both in block order), and the new scores. */
export interface RelevanceFilter {
  kept: KeyedEvidence[];
  dropped: KeyedEvidence[];
  scores: RelevanceScores;
}

/** The call options of the relevance pass: the agents' options, and the run's hooks and signal. */
type RelevanceCallOptions = ResearchLlmOptions & { hooks?: AgentHooks; signal?: AbortSignal };

/**
 * The batched relevance pass (PaperQA2's evidence step): the blocks without a score in `known` are shown to the model
 * with the question, in batches of at most {@link RELEVANCE_BATCH} asked at once; each block gets a one-sentence
 * summary, then a score 0–10 (clamped, rounded). Blocks scoring below {@link RELEVANCE_MIN_SCORE} are dropped; a
 * block the model gave no score keeps its place (no judgement is no reason to drop it) and is recorded with null, so
 * it is not asked about again. When a batch's call fails with anything but a provider error (e.g. an invalid answer
 * twice)
 * nothing of that batch is dropped; the first provider error or abort of any batch propagates (after every batch has
 * settled: lib/ai/batches mapConcurrent), for the run's provider-error policy.
 * @returns the blocks kept and dropped, and the scores given now (one entry per block not in `known`).
 */
export async function filterRelevant(
  model: LanguageModel,
  question: string,
  items: KeyedEvidence[],
  known: RelevanceScores,
  options: RelevanceCallOptions,
): Promise<RelevanceFilter> {
  const scores: RelevanceScores = {};
  const unscored = items.filter((i) => known[i.evidence.id] === undefined);
  await mapConcurrent(balancedBatches(unscored, RELEVANCE_BATCH), Number.POSITIVE_INFINITY, (batch) =>
    scoreBatch(model, question, batch, scores, options),
  );
  // Asked once: a record the model gave no score (or an unusable answer) is not asked about again in this run.
  for (const i of unscored) scores[i.evidence.id] ??= null;
  const relevant = (i: KeyedEvidence) =>
    (scores[i.evidence.id] ?? known[i.evidence.id] ?? RELEVANCE_MIN_SCORE) >= RELEVANCE_MIN_SCORE;
  return { kept: items.filter(relevant), dropped: items.filter((i) => !relevant(i)), scores };
}

/**
 * One relevance call for `batch`: puts each block's score in `scores`. @throws a provider error or the abort, as the
 * call threw it; any other failure (an answer that is not the schema's, twice) scores nothing and resolves.
 */
async function scoreBatch(
  model: LanguageModel,
  question: string,
  batch: KeyedEvidence[],
  scores: RelevanceScores,
  options: RelevanceCallOptions,
): Promise<void> {
  try {
    const output = await callAgent(relevanceAgent, model, options, {
      prompt: [
        `## Research question\n${question}`,
        `## Evidence\n${formatKeyedBlocks(batch)}`,
        `## Task\nFor each of the ${batch.length} blocks (${batch.map((i) => i.key).join(", ")}), ` +
          "summarise what it reports that bears on the question, then score it 0–10.",
      ].join("\n\n"),
      signal: options.signal,
      hooks: options.hooks,
    });
    const byKey = new Map(batch.map((i) => [i.key, i]));
    for (const r of output.records) {
      const item = byKey.get(r.key.trim().toUpperCase());
      if (item && Number.isFinite(r.score)) scores[item.evidence.id] = clampScore(r.score, 10);
    }
  } catch (error) {
    if (options.signal?.aborted || classifyProviderError(error, { step: "relevance" })) throw error;
  }
}

/**
 * The relevance stage's work on the model path: the records `input.agent` would be shown (agentContext: at most its
 * number of blocks, MMR-picked with the hypotheses as the excerpts' focus), then the relevance pass over those the
 * run has not scored yet ({@link filterRelevant}); what the agent will read is the records kept, in block order.
 */
export async function selectAgentEvidence(
  model: LanguageModel,
  input: RelevanceInput,
  options: ResearchLlmOptions,
): Promise<RelevanceOutcome> {
  const context = await agentContext(input, options, input.hypotheses, input.agent);
  const { kept, dropped, scores } = await filterRelevant(model, input.question, context.items, input.scores, {
    ...options,
    hooks: input.hooks,
    signal: input.signal,
  });
  return {
    selection: {
      agent: input.agent,
      ids: kept.map((i) => i.evidence.id),
      omitted: context.omitted,
      dropped: dropped.map((i) => i.evidence.id),
    },
    scores,
  };
}
