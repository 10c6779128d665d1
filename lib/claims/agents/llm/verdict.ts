import type { LanguageModel } from "ai";
import { z } from "zod";
import type { VerdictDraft, VerdictInput } from "@/lib/claims/backend";
import { claimVerdictSchema, verdictConfidenceSchema } from "@/lib/domain/claim-check";
import { CLAIM_SAMPLING } from "./sampling";
import { CLAIM_TEXT_NOTICE, claimSection, neutraliseUserText } from "./user-text";
import { callAgent, type AgentCallOptions, type StructuredAgentSpec } from "@/lib/ai/agent";
import { scrubText } from "@/lib/grounding/scrub";
import { citationsScrubContext } from "./counter-report";

/** Model-facing schema of the verdict agent: the rationale first, then the verdict and confidence it leads to. */
export const claimVerdictOutputSchema = z.object({
  rationale: z
    .string()
    .describe(
      "First, 2–3 sentences weighing the cited passages against the ORIGINAL claim, " + "citing passages like [1].",
    ),
  verdict: claimVerdictSchema.describe("Then: what the evidence does to the ORIGINAL claim."),
  confidence: verdictConfidenceSchema.describe("Confidence in the verdict (see rubric)."),
});

/** Instructions of the verdict agent (our wording, after PaperChecker's verdict analysis). */
export const CLAIM_VERDICT_INSTRUCTIONS =
  `You decide what a counter-evidence report means for the ORIGINAL claim (not for the counter-statement).

Verdict:
- "contradicts": the cited passages credibly support the counter-statement, so they contradict the claim.
- "supports": on reading, the cited passages actually support the original claim rather than the counter-statement.
- "undecided": the evidence is weak, indirect, or mixed.
Confidence:
- "high": several consistent, direct studies.
- "medium": some direct evidence with limitations.
- "low": a single study, or indirect evidence.
First write a rationale of 2–3 sentences, citing passages by number like [1]; then give the verdict and ` +
  `confidence it leads to.

${CLAIM_TEXT_NOTICE}`;

/** Decides what the cited counter-evidence means for the original claim, with a confidence and a rationale. */
export const claimVerdictAgent: StructuredAgentSpec<z.infer<typeof claimVerdictOutputSchema>> = {
  name: "claim-verdict",
  purpose: "Decides what the cited counter-evidence means for the original claim, with a confidence and a rationale.",
  instructions: CLAIM_VERDICT_INSTRUCTIONS,
  schema: claimVerdictOutputSchema,
  sampling: CLAIM_SAMPLING["claim-verdict"],
};

/** The user prompt: the claim, the counter-statement, the report, the cited passages with scores, the statistics. */
export function formatVerdictPrompt(input: VerdictInput): string {
  const s = input.stats;
  const passages = input.citations
    .map((c) => `[${c.n}] score ${c.score}/5: <text>${neutraliseUserText(c.passage)}</text>`)
    .join("\n");
  return [
    claimSection("Original claim", input.claim),
    claimSection("Counter-statement", input.counter.counterStatement),
    `## Counter-report\n<text>\n${neutraliseUserText(input.report)}\n</text>`,
    `## Cited passages\n${passages}`,
    `## Search statistics\n${s.documentsFound} documents found, ${s.documentsScored} scored, ` +
      `${s.documentsAboveThreshold} at or above ${s.threshold}/5, ${s.documentsCited} cited.`,
    "## Task\nGive the verdict on the original claim.",
  ].join("\n\n");
}

/**
 * The model's verdict on the ORIGINAL claim with a confidence and a 2–3 sentence rationale (trimmed). The
 * workflow calls it only when at least one passage is cited.
 * @throws Error when the rationale is empty, or after two invalid answers; API and abort errors propagate.
 */
export async function judgeClaimLlm(
  model: LanguageModel,
  input: VerdictInput,
  options: AgentCallOptions = {},
): Promise<VerdictDraft> {
  const output = await callAgent(claimVerdictAgent, model, options, {
    signal: input.signal,
    prompt: formatVerdictPrompt(input),
  });
  // Shown as the verdict's explanation: scrubbed as all model text ([n] up to the citations, quotations checked
  // against the cited records).
  const rationale = scrubText(output.rationale, citationsScrubContext(input));
  if (!rationale) throw new Error("claim-verdict agent: the model returned an empty rationale");
  return { verdict: output.verdict, confidence: output.confidence, rationale };
}
