import type { LanguageModel } from "ai";
import { z } from "zod";
import type { ReportInput } from "@/lib/agents/types";
import { SOURCE_LABELS } from "@/lib/models/evidence";
import { chainLabel } from "@/lib/models/hypothesis";
import type { Reference, ResearchReport } from "@/lib/models/report";
import { referenceFromEvidence } from "@/lib/report/references";
import { validateReportCitations } from "@/lib/report/validate-citations";
import { buildEvidenceContext, DEFAULT_MAX_EVIDENCE, EVIDENCE_DATA_NOTICE } from "./evidence-context";
import { indexEvidence, matchClaimedReference } from "./evidence-refs";
import { generateStructured, type LlmCallOptions } from "./generate-structured";

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
    `## Evidence${omitted > 0 ? ` (the ${DEFAULT_MAX_EVIDENCE} most relevant records; ${omitted} more not shown)` : ""}\n${evidenceText}`,
    "## Task\nWrite the report. Cite only the evidence blocks above, as [n], and list each cited block in references.",
  ].join("\n\n");
}

/**
 * A stand-in for a model reference that matches no record: it carries only the identifiers the model claimed
 * (none of which is in the evidence), no model title, so that citation validation removes and counts it.
 */
function unmatchedReference(r: ReportOutput["references"][number], n: number): Reference {
  return {
    n,
    evidenceId: r.evidenceId ?? "",
    source: "local",
    title: "",
    authors: [],
    journal: null,
    year: null,
    pmid: r.pmid,
    doi: r.doi,
    nctId: r.nctId,
    url: r.url ?? "",
  };
}

/**
 * Builds the final ResearchReport from the model's answer:
 * 1. each model reference is matched to one record by its identifiers (evidence id, PMID, DOI, NCT ID, URL, all
 *    of which must name that record; see matchClaimedReference) and rebuilt from the record, keeping the model's
 *    number n (rounded); unmatched ones become identifier-only stand-ins; a reference whose n is below 1 is
 *    dropped and counted as removed;
 * 2. metadata comes from the input: researchQuestion, sourcesSearched (display labels, e.g. "PubMed", as the
 *    extractive backend does), totalPapersReviewed (all records), searchIterations, confidenceScore (last judge
 *    assessment, 0 when none), hypothesesTested (chain label and supporting/contradicting counts);
 * 3. validateReportCitations removes the stand-ins (and anything else not in the evidence), merges references to
 *    the same record, renumbers the rest 1..k and rewrites or deletes the [n] markers of every prose field.
 * `removedReferences` counts the references removed in 1 and 3.
 */
export function buildReport(output: ReportOutput, input: ReportInput): ResearchReport {
  const index = indexEvidence(input.evidence);
  const byId = new Map(input.evidence.map((e) => [e.id, e]));
  const references: Reference[] = [];
  let invalidNumbers = 0;
  for (const r of output.references) {
    const n = Math.round(r.n);
    if (!Number.isFinite(n) || n < 1) {
      invalidNumbers += 1;
      continue;
    }
    const id = matchClaimedReference(index, r);
    const record = id ? byId.get(id) : undefined;
    references.push(record ? referenceFromEvidence(record, n) : unmatchedReference(r, n));
  }
  const draft: ResearchReport = {
    title: output.title.trim(),
    executiveSummary: output.executiveSummary.trim(),
    researchQuestion: input.question,
    methodology: { title: "Methodology", content: output.methodology.trim() },
    hypothesesTested: input.hypotheses.hypotheses.map((h) => ({
      mechanism: chainLabel(h),
      supported: h.supportingEvidence.length,
      contradicted: h.contradictingEvidence.length,
    })),
    mechanisticFindings: { title: "Mechanistic findings", content: output.mechanisticFindings.trim() },
    clinicalFindings: { title: "Clinical findings", content: output.clinicalFindings.trim() },
    drugCandidates: [...new Set(output.drugCandidates.map((d) => d.trim()).filter(Boolean))],
    limitations: output.limitations.map((l) => l.trim()).filter(Boolean),
    conclusion: output.conclusion.trim(),
    references,
    sourcesSearched: input.sourcesSearched.map((s) => SOURCE_LABELS[s]),
    totalPapersReviewed: input.evidence.length,
    searchIterations: input.iterations,
    confidenceScore: input.assessments.at(-1)?.confidence ?? 0,
    removedReferences: invalidNumbers,
  };
  return validateReportCitations(draft, input.evidence).report;
}

/**
 * The LLM report agent: shows the {@link DEFAULT_MAX_EVIDENCE} most relevant records as numbered blocks with
 * the hypotheses and the latest judge assessment, asks for the prose sections with [n] markers and a reference
 * list, and builds the report in code ({@link buildReport}).
 * @throws Error("report agent: the model returned an invalid object twice: …") after two invalid answers;
 *   API and abort errors propagate.
 */
export async function writeReport(model: LanguageModel, input: ReportInput, options: LlmCallOptions = {}): Promise<ResearchReport> {
  const context = buildEvidenceContext(input.evidence, { maxItems: DEFAULT_MAX_EVIDENCE });
  const output = await generateStructured({
    agent: "report",
    model,
    schema: reportOutputSchema,
    instructions: REPORT_INSTRUCTIONS,
    prompt: formatReportPrompt(input, context.text, context.omitted),
    signal: input.signal,
    onUsage: options.onUsage,
  });
  return buildReport(output, input);
}
