import type { LanguageModel } from "ai";
import { z } from "zod";
import type { PassageInput, PassageProposal } from "@/lib/claims/backend";
import { mapNumberedBatches, perBlockSchema, recordsSection } from "./numbered-blocks";
import { CLAIM_SAMPLING } from "./sampling";
import { CLAIM_TEXT_NOTICE, claimSection } from "./user-text";
import { EVIDENCE_DATA_NOTICE } from "@/lib/evidence/prompt-context/blocks";
import { callAgent, type AgentCallOptions, type StructuredAgentSpec } from "@/lib/ai/agent";
import { SCORING_CONCURRENCY } from "./scoring";

/** Documents per passage-extraction call: 5 whole abstracts. Source: our budget (about 2–3k input tokens). */
export const PASSAGE_BATCH_SIZE = 5;
/**
 * Abstract length shown for passage extraction, in characters: whole abstracts, so passages can be copied (a longer
 * abstract is shown as an excerpt that keeps its RESULTS and CONCLUSIONS).
 */
export const PASSAGE_ABSTRACT_CHARS = 6000;

/** Model-facing schema of one passage-extraction call. */
export const claimPassagesSchema = perBlockSchema(
  "passages",
  { passage: z.string().describe("1–3 consecutive sentences copied exactly from that block's abstract.") },
  "At most one passage per block; leave a block out when its abstract has no supporting passage.",
);

/** Instructions of the passage agent (our wording, after PaperChecker's citation extraction). */
export const CLAIM_PASSAGES_INSTRUCTIONS =
  `You extract, from each record's abstract, the passage that best supports a counter-statement.

Rules:
- Copy the passage character for character from the abstract: 1–3 consecutive sentences, no paraphrase, no ` +
  `ellipses, no added words.
- Take it from the Abstract line only, not from the title.
- Leave a record out when its abstract has no passage that supports the counter-statement.
Passages are checked against the abstracts; a passage that is not in its abstract is discarded.

${EVIDENCE_DATA_NOTICE}
${CLAIM_TEXT_NOTICE}`;

/** Copies from each record's abstract the passage that best supports the counter-statement. */
export const claimPassagesAgent: StructuredAgentSpec<z.infer<typeof claimPassagesSchema>> = {
  name: "claim-passages",
  purpose: "Copies from each record's abstract the passage that best supports the counter-statement.",
  instructions: CLAIM_PASSAGES_INSTRUCTIONS,
  schema: claimPassagesSchema,
  sampling: CLAIM_SAMPLING["claim-passages"],
};

/**
 * Asks the model for one supporting passage per document, {@link PASSAGE_BATCH_SIZE} documents per call, batches
 * in parallel. Proposals are returned unverified (the workflow verifies them against the abstracts); block
 * numbers the batch did not show are ignored.
 * @throws Error after two invalid answers in a batch; API and abort errors propagate.
 */
export async function extractPassagesLlm(
  model: LanguageModel,
  input: PassageInput,
  options: AgentCallOptions = {},
): Promise<PassageProposal[]> {
  const batches = await mapNumberedBatches(input.documents, PASSAGE_BATCH_SIZE, SCORING_CONCURRENCY, async (items) => {
    const output = await callAgent(claimPassagesAgent, model, options, {
      signal: input.signal,
      prompt: [
        claimSection("Counter-statement", input.counter.counterStatement),
        recordsSection(items, PASSAGE_ABSTRACT_CHARS, input.counter.counterStatement),
        "## Task\nFor each record, copy the abstract passage that supports the counter-statement.",
      ].join("\n\n"),
    });
    return output.passages.flatMap((p) => {
      const item = items.find((i) => i.n === Math.round(p.n));
      return item && p.passage.trim() ? [{ evidenceId: item.evidence.id, passage: p.passage.trim() }] : [];
    });
  });
  return batches.flat();
}
