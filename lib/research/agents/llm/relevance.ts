import type { LanguageModel } from "ai";
import { z } from "zod";
import type { AgentHooks } from "@/lib/domain/agent";
import { EVIDENCE_DATA_NOTICE, formatKeyedBlocks, type KeyedEvidence } from "@/lib/evidence/prompt-context/blocks";
import { balancedBatches, mapConcurrent } from "../../../ai/batches";
import { classifyProviderError } from "../../../ai/provider-errors";
import { generateStructured, withHooks, type LlmAgentOptions } from "../../../ai/structured";

/**
 * Least relevance score (0–10) a record needs to be shown to the research agents: 1, PaperQA2's default
 * `evidence_relevance_score_cutoff` — only records the model scores 0 ("does not bear on the question") are dropped.
 */
export const RELEVANCE_MIN_SCORE = 1;

/**
 * Most blocks one relevance call reads. The records an agent is about to see are split into near-equal batches of at
 * most this many, asked at once (as PaperQA2 summarises its chunks concurrently): a model writes its output one token
 * after another, so 25 summaries in one answer (≈ 1,100 tokens, 14 s at 80 tokens/s) kept the first hypothesis waiting
 * about four times as long as four batches of 6–7 do. Source: our choice; 8 keeps each batch's answer near 360 tokens.
 */
export const RELEVANCE_BATCH = 8;

/**
 * Sampling of one relevance call: temperature 0 (a score should not depend on the draw) and 1,000 output tokens,
 * about 2.5 times what {@link RELEVANCE_BATCH} one-sentence summaries with a score take (≈ 45 tokens each).
 */
export const RELEVANCE_SAMPLING = { temperature: 0, maxOutputTokens: 1_000 };

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
            'First, one sentence: what this record reports that bears on the question (with its numbers), or "Not applicable".',
          ),
        score: z
          .number()
          .describe(
            "Then the integer 0–10: how much the record bears on the question (0: not at all; 10: it answers it directly).",
          ),
      }),
    )
    .describe("One entry per evidence block shown, in block order."),
});

/** Instructions of the relevance pass (our wording of PaperQA2's summary-then-score step). */
export const RELEVANCE_INSTRUCTIONS = `You read biomedical evidence records and judge how much each one bears on a research question.

For every evidence block, in order:
1. Summarise in one sentence what the record reports that helps answer the question, with its numbers when it gives them. Do not answer the question itself. When the record does not bear on the question, write "Not applicable".
2. Then score it from 0 to 10: 0 when it does not bear on the question at all, 1–3 when it is only background or indirectly related, 4–7 when it reports a relevant finding, 8–10 when it answers the question directly.
Judge only what each block says; never invent findings.

${EVIDENCE_DATA_NOTICE}`;

/**
 * The relevance scores a run's records got, by question and evidence id, so each record is shown to the relevance
 * pass once per run: a score 0–10, null when the pass ran but gave the record none, undefined when it never ran.
 */
export interface RelevanceStore {
  get(question: string, evidenceId: string): number | null | undefined;
  set(question: string, evidenceId: string, score: number | null): void;
}

/** A new, empty {@link RelevanceStore}. */
export function createRelevanceStore(): RelevanceStore {
  const scores = new Map<string, number | null>();
  const key = (question: string, id: string) => `${question}\u0000${id}`;
  return {
    get: (question, id) => scores.get(key(question, id)),
    set: (question, id, score) => void scores.set(key(question, id), score),
  };
}

/** What the relevance pass kept and dropped of the blocks it was given (both in block order). */
export interface RelevanceFilter {
  kept: KeyedEvidence[];
  dropped: KeyedEvidence[];
}

/**
 * The batched relevance pass (PaperQA2's evidence step): the blocks not scored yet in this run are shown to the
 * model with the question, in batches of at most {@link RELEVANCE_BATCH} asked at once; each block gets a one-sentence
 * summary, then a score 0–10 (clamped, rounded). Blocks scoring below {@link RELEVANCE_MIN_SCORE} are dropped; a block
 * the model gave no score keeps its place (no judgement is no reason to drop it). Scores are remembered in `store`, so
 * the judge and report agents of the run reuse the hypothesis agent's. When a batch's call fails with anything but a
 * provider error (e.g. an invalid answer twice) nothing of that batch is dropped; the first provider error or abort of
 * any batch propagates (after every batch has settled: lib/ai/batches mapConcurrent), for the run's provider-error
 * policy.
 */
export async function filterRelevant(
  model: LanguageModel,
  question: string,
  items: KeyedEvidence[],
  store: RelevanceStore,
  options: LlmAgentOptions & { hooks?: AgentHooks; signal?: AbortSignal },
): Promise<RelevanceFilter> {
  const unscored = items.filter((i) => store.get(question, i.evidence.id) === undefined);
  await mapConcurrent(balancedBatches(unscored, RELEVANCE_BATCH), Number.POSITIVE_INFINITY, (batch) =>
    scoreBatch(model, question, batch, store, options),
  );
  // Asked once: a record the model gave no score (or an unusable answer) is not asked about again in this run.
  for (const i of unscored)
    if (store.get(question, i.evidence.id) === undefined) store.set(question, i.evidence.id, null);
  const relevant = (i: KeyedEvidence) =>
    (store.get(question, i.evidence.id) ?? RELEVANCE_MIN_SCORE) >= RELEVANCE_MIN_SCORE;
  return { kept: items.filter(relevant), dropped: items.filter((i) => !relevant(i)) };
}

/**
 * One relevance call for `batch`: stores each block's score. @throws a provider error or the abort, as the call threw
 * it; any other failure (an answer that is not the schema's, twice) stores nothing and resolves.
 */
async function scoreBatch(
  model: LanguageModel,
  question: string,
  batch: KeyedEvidence[],
  store: RelevanceStore,
  options: LlmAgentOptions & { hooks?: AgentHooks; signal?: AbortSignal },
): Promise<void> {
  try {
    const output = await generateStructured({
      ...withHooks(options, options.hooks),
      ...RELEVANCE_SAMPLING,
      agent: "relevance",
      model,
      schema: relevanceOutputSchema,
      instructions: RELEVANCE_INSTRUCTIONS,
      prompt: [
        `## Research question\n${question}`,
        `## Evidence\n${formatKeyedBlocks(batch)}`,
        `## Task\nFor each of the ${batch.length} blocks (${batch.map((i) => i.key).join(", ")}), summarise what it reports that bears on the question, then score it 0–10.`,
      ].join("\n\n"),
      signal: options.signal,
    });
    const byKey = new Map(batch.map((i) => [i.key, i]));
    for (const r of output.records) {
      const item = byKey.get(r.key.trim().toUpperCase());
      if (item && Number.isFinite(r.score))
        store.set(question, item.evidence.id, Math.min(10, Math.max(0, Math.round(r.score))));
    }
  } catch (error) {
    if (options.signal?.aborted || classifyProviderError(error, { step: "relevance" })) throw error;
  }
}
