import type { LanguageModel } from "ai";
import { z } from "zod";
import type { ReportInput } from "@/lib/research/backend";
import { SOURCE_LABELS } from "@/lib/domain/evidence";
import { chainLabel } from "@/lib/domain/hypothesis";
import type { ResearchReport } from "@/lib/domain/report";
import { buildSelectedEvidenceContext, DEFAULT_MAX_EVIDENCE, EVIDENCE_DATA_NOTICE } from "../../../ai/evidence-context";
import { generateStructured, withHooks, type LlmAgentOptions } from "../../../ai/structured";
import { buildReport } from "./report-draft";

const prose = (what: string) => z.string().describe(`${what} Cite evidence inline as [n], n being the evidence block number.`);
const claimed = (what: string) => z.string().nullable().describe(`${what} exactly as shown in the evidence block; null when it has none.`);

/** Model-facing schema of the report agent (strict-JSON-schema friendly). Metadata is not asked for: code fills it. */
export const reportOutputSchema = z.object({
  title: z.string().describe("Report title naming the drug(s) and the condition."),
  executiveSummary: prose("3–5 sentences: the answer, how strong the evidence is, and the main caveat."),
  methodology: prose("How the evidence was gathered and weighed (sources, iterations, record types)."),
  mechanisticFindings: prose("What the evidence shows about targets and pathways, hypothesis by hypothesis."),
  clinicalFindings: prose("What human studies and trials show, with study types and sizes."),
  drugCandidates: z.array(z.string().describe("A drug name.")).describe("Drugs the evidence supports for the question; [] when none."),
  limitations: z.array(z.string().describe("One limitation.")).describe("Limitations of the evidence and of this review."),
  conclusion: prose("2–4 sentences."),
  references: z
    .array(
      z.object({
        n: z.number().describe("The evidence block number used in the [n] markers."),
        evidenceId: claimed("The block's id attribute (e.g. pmid:9406968),"),
        pmid: claimed("The PMID"),
        doi: claimed("The DOI"),
        nctId: claimed("The NCT ID"),
        url: z.string().nullable().describe("A URL of the record; null when you do not have one."),
        title: z.string().nullable().describe("The record's title."),
      }),
    )
    .describe("One entry per cited evidence block, in order of first citation."),
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
1. Cite only the evidence blocks shown to you, inline as [n] where n is the block number, e.g. "… in rats [2]".
2. List every block you cite in "references" with its number n and its identifiers copied exactly from the block.
3. Never invent or alter PMIDs, DOIs, NCT IDs, URLs, titles or block numbers. If unsure, leave the claim uncited.
4. Every paragraph of the executive summary, findings and conclusion cites at least one block.
5. A dose (mg, mg/kg, µg, IU, …) appears only in a sentence that cites the block stating it.
6. Text in quotation marks must be copied word for word from the abstract of a block that its sentence cites;
   otherwise paraphrase without quotation marks.

${EVIDENCE_DATA_NOTICE}`;

/** The user prompt of the report agent: question, metadata, hypotheses, judge scores, evidence blocks. */
export function formatReportPrompt(input: ReportInput, evidenceText: string, omitted: number): string {
  const last = input.assessments.at(-1);
  const hypotheses =
    input.hypotheses.hypotheses.length === 0
      ? "(none)"
      : input.hypotheses.hypotheses
          .map(
            (h) =>
              `- ${chainLabel(h)} (confidence ${h.confidence.toFixed(2)}; ${h.supportingEvidence.length} supporting, ${h.contradictingEvidence.length} contradicting records)`,
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
    "## Task\nWrite the report. Cite only the evidence blocks above, as [n], and list each cited block in references.",
  ].join("\n\n");
}

/**
 * The LLM report agent: shows at most {@link DEFAULT_MAX_EVIDENCE} records as numbered blocks (chosen by MMR when
 * there are more, see buildSelectedEvidenceContext) with the hypotheses, the latest judge assessment and, on a
 * revision, the critic's feedback; asks for the prose sections with [n] markers and a reference list; and builds
 * the report in code ({@link buildReport}). What had to be removed from the draft is reported through
 * `input.hooks.onReportRepairs`.
 * @throws Error("report agent: the model returned an invalid object twice: …") after two invalid answers;
 *   API, timeout and abort errors propagate.
 */
export async function writeReport(model: LanguageModel, input: ReportInput, options: LlmAgentOptions = {}): Promise<ResearchReport> {
  const context = await buildSelectedEvidenceContext(input.evidence, { maxItems: DEFAULT_MAX_EVIDENCE, embedder: options.embedder, onUsage: withHooks(options, input.hooks).onUsage, signal: input.signal });
  const output = await generateStructured({
    ...withHooks(options, input.hooks),
    agent: "report",
    model,
    schema: reportOutputSchema,
    instructions: REPORT_INSTRUCTIONS,
    prompt: formatReportPrompt(input, context.text, context.omitted),
    signal: input.signal,
  });
  const built = buildReport(output, input, context.items);
  if (built.repairs.length > 0) input.hooks?.onReportRepairs?.(built.repairs);
  return built.report;
}

