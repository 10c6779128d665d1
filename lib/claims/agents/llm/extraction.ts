import type { LanguageModel } from "ai";
import { z } from "zod";
import { cleanClaim, extractClaimsExtractive, MAX_CLAIMS } from "@/lib/claims/agents/extractive/extraction";
import { splitSentences } from "@/lib/text/sentences";
import { CLAIM_SAMPLING } from "./sampling";
import { CLAIM_TEXT_NOTICE, neutraliseUserText } from "./user-text";
import { callAgent, type AgentCallOptions, type StructuredAgentSpec } from "@/lib/ai/agent";
import { emptyTally, scrubContext, scrubText } from "@/lib/grounding/scrub";
import { unsupportedSpecifics } from "@/lib/grounding/statement-support";

/** Model-facing schema of claim extraction. */
export const claimExtractionSchema = z.object({
  claims: z
    .array(z.string().describe("One checkable claim: a self-contained declarative statement of a finding."))
    .describe(`The checkable claims of the text, most important first, at most ${MAX_CLAIMS}; [] when there is none.`),
});

/** Instructions of the claim-extraction agent (our wording, after PaperChecker's statement extraction). */
export const CLAIM_EXTRACTION_INSTRUCTIONS =
  `You read a biomedical claim or abstract and pick the statements worth checking against the literature.

Pick at most ${MAX_CLAIMS} claims. A checkable claim states a finding: a comparison ("X is more effective than ` +
  `Y"), an effect ("X reduces Y", "X has no effect on Y"), an association, or a number.
Rules:
- Use the text's own words where possible; make each claim self-contained (replace "it" or "this drug" by what ` +
  `it refers to).
- Keep the direction and any negation exactly as the text states it.
- Never pick background, aims, methods or questions.
- Prefer the main conclusions.

${CLAIM_TEXT_NOTICE}`;

/** Picks up to 3 checkable claims from a pasted claim or abstract. */
export const claimExtractionAgent: StructuredAgentSpec<z.infer<typeof claimExtractionSchema>> = {
  name: "claim-extraction",
  purpose: "Picks up to 3 checkable claims from a pasted claim or abstract.",
  instructions: CLAIM_EXTRACTION_INSTRUCTIONS,
  schema: claimExtractionSchema,
  sampling: CLAIM_SAMPLING["claim-extraction"],
};

/**
 * Extracts up to {@link MAX_CLAIMS} checkable claims with the model. A text of one sentence is its own claim (no
 * model call). Claims are trimmed, deduplicated and cut like extractive ones ({@link cleanClaim}); a claim naming a
 * number or an entity the text does not (lib/grounding/statement-support) is not the text's and is dropped; when none
 * is left, the extractive finding sentences are used instead.
 * @throws Error after two invalid answers; API and abort errors propagate.
 */
export async function extractClaimsLlm(
  model: LanguageModel,
  text: string,
  options: AgentCallOptions & { signal?: AbortSignal } = {},
): Promise<string[]> {
  if (splitSentences(text).length <= 1) return extractClaimsExtractive(text);
  const output = await callAgent(claimExtractionAgent, model, options, {
    signal: options.signal,
    prompt: `<text>\n${neutraliseUserText(text)}\n</text>\n\nList the checkable claims of this text.`,
  });
  // Claims are shown as the text's own: scrubbed of identifiers, citations and quotations (lib/grounding/scrub).
  const ctx = scrubContext([], { quotable: [text] });
  const tally = emptyTally();
  const claims = [...new Set(output.claims.map((c) => cleanClaim(scrubText(c, ctx, tally))).filter(Boolean))]
    .filter((claim) => unsupportedSpecifics(claim, text).length === 0)
    .slice(0, MAX_CLAIMS);
  return claims.length > 0 ? claims : extractClaimsExtractive(text);
}
