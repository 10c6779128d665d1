import type { LanguageModel } from "ai";
import { z } from "zod";
import type { CounterStatement } from "@/lib/domain/claim-check";
import { CLAIM_SAMPLING } from "./sampling";
import { CLAIM_TEXT_NOTICE, neutraliseUserText } from "./user-text";
import { callAgent, type AgentCallOptions, type StructuredAgentSpec } from "@/lib/ai/agent";
import { emptyTally, scrubContext, scrubList, scrubText } from "@/lib/grounding/scrub";
import { unsupportedSpecifics } from "@/lib/grounding/statement-support";
import { analyseClaim } from "@/lib/claims/analysis";
import { counterStatementText } from "@/lib/claims/agents/extractive/counter";

/**
 * Hypothetical abstracts per claim for the HyDE search. Source: our choice — two abstracts give HyDE two phrasings of
 * the counter-statement at a small cost.
 */
export const HYDE_ABSTRACTS = 2;

/** Model-facing schema of the counter-statement agent. */
export const counterStatementSchema = z.object({
  counterStatement: z.string().describe("The precise negation of the claim, one sentence."),
  keywords: z
    .array(z.string().describe("A search keyword or short phrase."))
    .describe("3–8 keywords for finding studies that support the counter-statement."),
  keywordQuery: z
    .string()
    .describe('A PubMed-style boolean query built from the keywords, e.g. "doxorubicin AND (heart OR cardiac)".'),
  hydeAbstracts: z
    .array(z.string().describe("A hypothetical abstract of 120–200 words."))
    .describe(
      `Exactly ${HYDE_ABSTRACTS} hypothetical abstracts of studies whose findings support the counter-statement.`,
    ),
});

/** Instructions of the counter-statement agent (our wording, after PaperChecker's counter-statement step). */
export const COUNTER_STATEMENT_INSTRUCTIONS =
  `You write the counter-statement of a biomedical claim: its precise negation, so that evidence for the ` +
  `counter-statement is evidence against the claim.

Rules for the counter-statement:
- A comparison "X > Y" becomes "Y ≥ X": "X is more effective than Y" → "Y is at least as effective as X".
- An effect becomes its absence or reversal: "X reduces Y" → "X does not reduce Y, or increases it"; "X ` +
  `causes Y" → "X does not cause Y".
- A denied effect becomes the effect: "X has no effect on Y" → "X has an effect on Y".
- Keep the population, intervention, comparator and outcome of the claim; do not widen or weaken them.

Keywords: the claim's key concepts with common synonyms (drug names, outcome terms, organ adjectives such as ` +
  `cardiac for heart).
Hypothetical abstracts (HyDE): write ${HYDE_ABSTRACTS} short, plausible abstracts, in the style of PubMed, of ` +
  `studies whose results support the counter-statement. They are used only to find similar real studies by text ` +
  `similarity; they are never shown or cited as evidence.

${CLAIM_TEXT_NOTICE}`;

/** Writes the claim's precise negation, search keywords, a boolean query and two hypothetical abstracts (HyDE). */
export const counterStatementAgent: StructuredAgentSpec<z.infer<typeof counterStatementSchema>> = {
  name: "counter-statement",
  purpose:
    "Writes the claim's precise negation, search keywords, a boolean query and two hypothetical abstracts (HyDE).",
  instructions: COUNTER_STATEMENT_INSTRUCTIONS,
  schema: counterStatementSchema,
  sampling: CLAIM_SAMPLING["counter-statement"],
};

/**
 * The counter-statement of one claim, with keywords, a boolean keyword query and {@link HYDE_ABSTRACTS}
 * hypothetical abstracts, every text scrubbed of identifiers and citations (lib/grounding/scrub). Keywords are trimmed
 * and deduplicated; a blank query becomes the keywords OR-ed; at most {@link HYDE_ABSTRACTS} non-empty abstracts are
 * kept. A counter-statement that names a number or an entity the claim does not (it is no negation of the claim: a
 * model that invents a finding there would have it quoted as the counter-statement) is replaced by the claim's
 * rule-based negation (the extractive backend's, ../extractive/counter.ts).
 * @throws Error when the counter-statement is empty, or after two invalid answers; API and abort errors propagate.
 */
export async function writeCounterStatement(
  model: LanguageModel,
  claim: string,
  options: AgentCallOptions & { signal?: AbortSignal } = {},
): Promise<CounterStatement> {
  const output = await callAgent(counterStatementAgent, model, options, {
    signal: options.signal,
    prompt:
      `<claim>\n${neutraliseUserText(claim)}\n</claim>\n\nWrite its counter-statement, keywords, keyword query ` +
      `and hypothetical abstracts.`,
  });
  // Written before any record is retrieved, so no identifier, citation or author–year reference in it can name a
  // retrieved record: the scrub (lib/grounding/scrub) removes them all from what is shown and searched.
  const ctx = scrubContext([], { quotable: [claim] });
  const tally = emptyTally();
  const counterStatement = scrubText(output.counterStatement, ctx, tally);
  if (!counterStatement) throw new Error("counter-statement agent: the model returned an empty counter-statement");
  const negation =
    unsupportedSpecifics(counterStatement, claim).length > 0 ? counterStatementText(analyseClaim(claim)) : null;
  const keywords = scrubList(output.keywords, ctx, tally);
  return {
    claim,
    counterStatement: negation ?? counterStatement,
    keywords,
    keywordQuery: scrubText(output.keywordQuery, ctx, tally) || keywords.join(" OR "),
    hydeAbstracts: scrubList(output.hydeAbstracts, ctx, tally).slice(0, HYDE_ABSTRACTS),
  };
}
