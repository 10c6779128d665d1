import type { LanguageModel } from "ai";
import { z } from "zod";
import type { ReportInput } from "@/lib/research/backend";
import { SOURCE_LABELS } from "@/lib/domain/evidence";
import { chainLabel } from "@/lib/domain/hypothesis";
import type { ResearchReport } from "@/lib/domain/report";
import { EVIDENCE_DATA_NOTICE } from "@/lib/evidence/prompt-context/blocks";
import { DEFAULT_MAX_EVIDENCE } from "@/lib/evidence/prompt-context/context";
import { citationKeys } from "@/lib/evidence/identity";
import { samplingFor } from "../../../ai/sampling";
import { streamPreview, reportPreview } from "./stream-previews";
import { generateStructured, withHooks, type LlmAgentOptions } from "../../../ai/structured";
import { agentEvidence } from "./agent-evidence";
import { buildReport } from "./report-draft";

const sentences = (what: string) =>
  z
    .array(
      z.object({
        text: z.string().describe("One sentence. Cite the evidence it rests on inline by key, e.g. [E3] or [E3, E7]."),
        snippet: z
          .string()
          .nullable()
          .describe("For a sentence that cites evidence: 5–40 words copied verbatim from the excerpt of a block it cites that support it; null for a sentence without citation."),
      }),
    )
    .describe(`${what} One entry per sentence, in reading order.`);

/** Model-facing schema of the report agent (strict-JSON-schema friendly). Metadata and references are built in code. */
export const reportOutputSchema = z.object({
  title: z.string().describe("Report title naming the drug(s) and the condition."),
  executiveSummary: sentences("3–5 sentences: the answer, how strong the evidence is, and the main caveat."),
  methodology: z.string().describe("How the evidence was gathered and weighed (sources, iterations, record types)."),
  mechanisticFindings: sentences("What the evidence shows about targets and pathways, hypothesis by hypothesis."),
  clinicalFindings: sentences("What human studies and trials show, with study types and sizes."),
  drugCandidates: z.array(z.string().describe("A drug name.")).describe("Drugs the evidence supports for the question; [] when none."),
  limitations: z.array(z.string().describe("One limitation.")).describe("Limitations of the evidence and of this review."),
  conclusion: sentences("2–4 sentences."),
  references: z.array(z.string().describe("An evidence key, e.g. E3.")).describe("Every key you cited, in order of first citation."),
});
/** What the model returns to the report agent. */
export type ReportOutput = z.infer<typeof reportOutputSchema>;

/** Instructions of the report agent (our wording of DeepCritical phase 8's intent and citation rules). */
export const REPORT_INSTRUCTIONS = `You write structured, evidence-grounded research reports for biomedical researchers.

Write in precise scientific language that a clinician can read. Be specific about the strength of the evidence:
say which findings come from animal or cell studies, which from human observational studies and which from trials,
and give study sizes when the evidence states them. Name molecular targets and pathways. Report contradicting
evidence and gaps honestly; do not overstate.

Citation rules (reports that break them are rejected by an automatic check):
1. Cite only the evidence blocks shown to you, inline by their key, e.g. "… in rats [E2]". Never invent keys.
2. Quote, then cite: every sentence that cites a block carries, as its snippet, the words of that block's
   excerpt that support it, copied verbatim. A sentence whose snippet is not in the cited block is removed.
3. List every key you cite in "references". Identifiers (PMID, DOI, URL) are added by the system: never write them.
4. Every part of the executive summary, findings and conclusion cites at least one block.
5. A dose (mg, mg/kg, µg, IU, …) appears only in a sentence that cites the block stating it.
6. Text in quotation marks must be copied word for word from a block that its sentence cites;
   otherwise paraphrase without quotation marks.

${EVIDENCE_DATA_NOTICE}`;

/** The user prompt of the report agent: question, metadata, hypotheses, judge scores, evidence blocks. */
export function formatReportPrompt(input: ReportInput, evidenceText: string, omitted: number): string {
  const last = input.assessments.at(-1);
  const keys = citationKeys(input.evidence);
  const keyList = (ids: string[]) => ids.map((id) => keys.get(id) ?? id).join(", ") || "none";
  const hypotheses =
    input.hypotheses.hypotheses.length === 0
      ? "(none)"
      : input.hypotheses.hypotheses
          .map(
            (h) =>
              `- ${chainLabel(h)} (confidence ${h.confidence.toFixed(2)}; supporting ${keyList(h.supportingEvidence)}; contradicting ${keyList(h.contradictingEvidence)})`,
          )
          .join("\n");
  const assessment = last
    ? [
        `Mechanism score ${last.mechanismScore}/10: ${last.mechanismReasoning}`,
        `Clinical score ${last.clinicalScore}/10: ${last.clinicalReasoning}`,
        `Confidence ${last.confidence.toFixed(2)}. Drug candidates: ${last.drugCandidates.join(", ") || "none"}.`,
        ...last.keyFindings.map((f) => `- ${f}`),
      ].join("\n")
    : "(no assessment)";
  const shortfalls = input.shortfalls.map((s) => `- ${SOURCE_LABELS[s.source]}: ${s.message}`).join("\n");
  return [
    `## Research question\n${input.question}`,
    `## Methods so far\nSources searched: ${input.sourcesSearched.map((s) => SOURCE_LABELS[s]).join(", ") || "none"}. ` +
      `Search iterations: ${input.iterations}. Records collected: ${input.evidence.length}.` +
      (shortfalls ? `\nSource shortfalls (mention them as limitations):\n${shortfalls}` : ""),
    `## Hypotheses tested\n${hypotheses}`,
    `## Latest assessment\n${assessment}`,
    `## Evidence${omitted > 0 ? ` (${DEFAULT_MAX_EVIDENCE} relevant and diverse records; ${omitted} more not shown)` : ""}\n${evidenceText}`,
    ...(input.feedback && input.feedback.length > 0
      ? [
          "## Critic feedback on your previous draft\nAn automatic critic rejected your previous draft. Write a new report that fixes every point:\n" +
            input.feedback.map((f) => `- ${f}`).join("\n"),
        ]
      : []),
    "## Task\nWrite the report. Cite only the evidence blocks above, by key as [E3], give each cited sentence its verbatim snippet, and list each cited key in references.",
  ].join("\n\n");
}

/**
 * The LLM report agent: shows at most {@link DEFAULT_MAX_EVIDENCE} records under their run-wide keys (chosen by
 * MMR when there are more, see buildKeyedEvidenceContext) with the hypotheses, the latest judge assessment (its
 * findings cite the same keys) and, on a revision, the critic's feedback (in keys too); asks for the prose
 * sections as sentences with [E3] markers and a verbatim snippet each, and the cited keys; and builds the report
 * in code ({@link buildReport}: snippets checked, keys rendered as [n], references built from the records). What had to be removed from the draft is reported through
 * `input.hooks.onReportRepairs`.
 * @throws Error("report agent: the model returned an invalid object twice: …") after two invalid answers;
 *   API, timeout and abort errors propagate.
 */
export async function writeReport(model: LanguageModel, input: ReportInput, options: LlmAgentOptions = {}): Promise<ResearchReport> {
  const context = await agentEvidence(input, options, input.hypotheses, DEFAULT_MAX_EVIDENCE);
  const output = await generateStructured({
    ...withHooks(options, input.hooks),
    ...samplingFor("report", options.sampling),
    agent: "report",
    model,
    schema: reportOutputSchema,
    instructions: REPORT_INSTRUCTIONS,
    prompt: formatReportPrompt(input, context.text, context.omitted),
    signal: input.signal,
    // Live viewers see the answer as it streams; without a hook the call waits for the whole answer.
    ...(input.hooks?.onPartial ? { onPartial: streamPreview(input.hooks.onPartial, reportPreview) } : {}),
  });
  const built = buildReport(output, input);
  if (built.repairs.length > 0) input.hooks?.onReportRepairs?.(built.repairs);
  return built.report;
}

