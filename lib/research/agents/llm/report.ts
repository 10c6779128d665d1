import type { LanguageModel } from "ai";
import { z } from "zod";
import type { ReportInput } from "@/lib/research/backend";
import { SOURCE_LABELS } from "@/lib/domain/evidence";
import type { ResearchReport } from "@/lib/domain/report";
import { EVIDENCE_DATA_NOTICE, neutraliseForPrompt } from "@/lib/evidence/prompt-context/blocks";
import { MARKER_PATTERN } from "@/lib/grounding/markers";
import { scrubContext, scrubText } from "@/lib/grounding/scrub";
import { streamPreview, reportPreview } from "./stream-previews";
import type { StructuredAgentSpec } from "@/lib/ai/agent";
import { askReadingAgent, evidenceSection, hypothesesLines } from "./agent-evidence";
import type { AgentEvidence, ResearchLlmOptions } from "./agent-evidence";
import { buildReport } from "./report-draft";
import { RESEARCH_SAMPLING } from "./sampling";
import { promptConcepts } from "@/lib/reading/prompt-concepts";

const statements = (what: string) =>
  z
    .array(
      z.object({
        support: z
          .array(z.string().describe('A sentence id from an evidence block, e.g. "E3.2".'))
          .describe(
            'First, the ids of the evidence sentences this statement rests on, e.g. ["E3.2", "E7.1"]; [] only ' +
              'for a statement that needs no citation (an absence: "No record reports X.", or a statement about ' +
              "this review).",
          ),
        text: z
          .string()
          .describe(
            "Then the statement: one sentence in your own words, without citation markers or ids (code cites " +
              "the sentences in support).",
          ),
      }),
    )
    .describe(`${what} One entry per sentence, in reading order.`);

/**
 * Model-facing schema of the report agent (strict-JSON-schema friendly). The model first reads the evidence and says
 * whether it answers the question (it may say it does not: then code writes the report of what was searched and what
 * is missing); statements cite evidence sentences by id; metadata and references are built in code, and the cited
 * sentences' text is looked up in the records.
 */
export const reportOutputSchema = z.object({
  evidenceReading: z
    .string()
    .describe("First, 1–2 sentences: what the evidence shown establishes about the question, and what it lacks."),
  outcome: z
    .enum(["answers", "does-not-answer"])
    .describe(
      'Then: "answers" when the evidence shown answers the question, even partly or negatively ("no effect was ' +
        'found"); "does-not-answer" when it does not bear on the question enough to answer it.',
    ),
  missing: z
    .array(z.string().describe('One kind of evidence, e.g. "a randomised trial in children".'))
    .describe("The evidence that would answer the question and is not shown; [] when nothing is missing."),
  title: z.string().describe("Report title naming the drug(s) and the condition."),
  executiveSummary: statements("3–5 sentences: the answer, how strong the evidence is, and the main caveat."),
  methodology: z.string().describe("How the evidence was gathered and weighed (sources, iterations, record types)."),
  mechanisticFindings: statements("What the evidence shows about targets and pathways, hypothesis by hypothesis."),
  clinicalFindings: statements("What human studies and trials show, with study types and sizes."),
  drugCandidates: z
    .array(z.string().describe("A drug name."))
    .describe("Drugs the evidence supports for the question; [] when none."),
  limitations: z
    .array(z.string().describe("One limitation."))
    .describe("Limitations of the evidence and of this review."),
  conclusion: statements("2–4 sentences."),
});
/** What the model returns to the report agent. */
export type ReportOutput = z.infer<typeof reportOutputSchema>;

/** Instructions of the report agent (our wording of DeepCritical phase 8's intent and citation rules). */
export const REPORT_INSTRUCTIONS =
  `You write structured, evidence-grounded research reports for biomedical researchers.

First read the evidence: say what it establishes and whether it answers the question. When it does not — the
records are about something else, or too indirect to answer — set outcome to "does-not-answer" and list what is
missing: the system then reports what was searched and what is missing. Saying the evidence does not answer is a
useful result; an answer the evidence does not support is not.

Write in precise scientific language that a clinician can read. Be specific about the strength of the evidence:
say which findings come from animal or cell studies, which from human observational studies and which from trials,
and give study sizes when the evidence states them. Name molecular targets and pathways. Report contradicting
evidence and gaps honestly; do not overstate.

Citation rules (reports that break them are rejected by an automatic check):
1. Cite by sentence id. Each evidence block shows its excerpt one sentence per line, under an id such as E3.2
   (block E3, sentence 2 of its abstract). For every statement, list in "support" the ids of the sentences it
   rests on; the system looks their exact text up and adds the reference. Do not copy evidence text to cite it.
2. Cite only ids of the blocks shown to you. Never invent keys or ids, and never cite by number: "[3]" is not a key.
   Valid: support ["E3.2"] or ["E3.2", "E7.1"]. Invalid: ["3"], ["PMID 9406968"], ["Smith 2020"], ["E99.1"] ` +
  `when no block E99 is shown.
3. Identifiers (PMID, DOI, URL, trial IDs) and the reference list are added by the system: never write them.
4. Every statement of the executive summary, findings and conclusion that states a finding cites at least one sentence.
   A statement that the evidence does not report something needs no citation and has support []: for example
   {"support": [], "text": "No record reports the effect of lithium on AQP2 in humans."}
5. A dose (mg, mg/kg, µg, IU, …) appears only in a statement whose support states it.
6. Text in quotation marks must be copied word for word from a sentence its statement cites;
   otherwise paraphrase without quotation marks.

${EVIDENCE_DATA_NOTICE}`;

/** The report agent: the report's prose as statements, each with the evidence sentences it rests on. */
export const reportAgent: StructuredAgentSpec<ReportOutput> = {
  name: "report",
  purpose: "Writes the report's sections as statements, each citing the evidence sentences it rests on by id.",
  instructions: REPORT_INSTRUCTIONS,
  schema: reportOutputSchema,
  sampling: RESEARCH_SAMPLING.report,
};

/**
 * The user prompt of the report agent: question, methods, hypotheses and the judge's latest assessment (both
 * model-written, marked as not evidence), the evidence blocks and their keys, the critic's feedback on a revision.
 */
export function formatReportPrompt(
  input: ReportInput,
  evidence: Pick<AgentEvidence, "items" | "text" | "omitted" | "irrelevant">,
): string {
  const last = input.assessments.at(-1);
  // The judge saw more blocks than this prompt shows: its citations of keys not shown here are left out.
  const judged = scrubContext(input.evidence, { keys: new Set(evidence.items.map((i) => i.key)), quotes: false });
  const judgeText = (text: string) => neutraliseForPrompt(scrubText(text, judged));
  const hypotheses = hypothesesLines(input.hypotheses, evidence, true);
  const assessment = last
    ? [
        `Mechanism score ${last.mechanismScore}/10: ${judgeText(last.mechanismReasoning)}`,
        `Clinical score ${last.clinicalScore}/10: ${judgeText(last.clinicalReasoning)}`,
        `Confidence ${last.confidence.toFixed(2)}. Drug candidates: ` +
          `${neutraliseForPrompt(last.drugCandidates.join(", ")) || "none"}.`,
        ...last.keyFindings.map((f) => `- ${judgeText(f)}`),
      ].join("\n")
    : "(no assessment)";
  const shortfalls = input.shortfalls.map((s) => `- ${SOURCE_LABELS[s.source]}: ${s.message}`).join("\n");
  return [
    `## Research question\n${input.question}`,
    promptConcepts(input.question),
    `## Methods so far\nSources searched: ` +
      `${input.sourcesSearched.map((s) => SOURCE_LABELS[s]).join(", ") || "none"}. ` +
      `Search iterations: ${input.iterations}. Records collected: ${input.evidence.length}.` +
      (shortfalls ? `\nSource shortfalls (mention them as limitations):\n${shortfalls}` : ""),
    `## Hypotheses tested (model-written: not evidence)\n${hypotheses}`,
    `## Latest assessment (written by the judge, a model: not evidence; never cite it, cite the evidence ` +
      `sentences it points to)\n${assessment}`,
    evidenceSection(evidence),
    ...(input.feedback && input.feedback.length > 0
      ? [
          "## Critic feedback on your previous draft\nAn automatic critic rejected your previous draft. Write a " +
            "new report that fixes every point:\n" +
            input.feedback.map((f) => `- ${f}`).join("\n"),
        ]
      : []),
    "## Task\nWrite the report. For each statement, list the ids of the evidence sentences it rests on (e.g. " +
      "E3.2) in support, from the blocks above only.",
  ]
    .filter(Boolean)
    .join("\n\n");
}

/**
 * Why a draft is asked again: it cites by bare number ("[3]"), which names a rendered reference, not an evidence block.
 */
export function bareNumberProblem(output: ReportOutput): string | null {
  const texts = [
    ...[output.executiveSummary, output.mechanisticFindings, output.clinicalFindings, output.conclusion]
      .flat()
      .flatMap((s) => [s.text, ...s.support]),
    output.methodology,
    ...output.limitations,
  ];
  const bare = [...new Set(texts.flatMap((t) => t.match(MARKER_PATTERN) ?? []))];
  if (bare.length === 0) return null;
  return (
    `it cites by number (${bare.slice(0, 5).join(", ")}). A number is not an evidence key: cite evidence ` +
    `sentences by id (e.g. E3.2) in support, and write no [n] in any text.`
  );
}

/**
 * The LLM report agent: shows the records the relevance stage chose (`input.selection`; without one, at most
 * REPORT_MAX_EVIDENCE records, MMR-selected when there are more: agentEvidence) under their run-wide keys,
 * their excerpts sentence by sentence under sentence ids
 * (E3.2), with the hypotheses, the latest judge assessment (its findings cite the same keys) and, on a revision, the
 * critic's feedback (in keys too); asks for the prose sections as statements, each with the ids of the evidence
 * sentences it rests on; and builds the report in code ({@link buildReport}: citations read tolerantly, keys never
 * shown removed, references built from the records, cited sentences looked up in them). What had to be removed
 * from the draft is reported through `input.hooks.onReportRepairs`.
 * @throws Error("report agent: the model returned an invalid object twice: …") after two invalid answers;
 *   API, timeout and abort errors propagate.
 */
export async function writeReport(
  model: LanguageModel,
  input: ReportInput,
  options: ResearchLlmOptions = {},
): Promise<ResearchReport> {
  const { output, evidence: context } = await askReadingAgent(model, options, {
    agent: "report",
    spec: reportAgent,
    input,
    hypotheses: input.hypotheses,
    prompt: formatReportPrompt,
    check: bareNumberProblem,
    // Live viewers see the answer as it streams; without a hook the call waits for the whole answer.
    ...(input.hooks?.onPartial ? { onPartial: streamPreview(input.hooks.onPartial, reportPreview) } : {}),
  });
  const built = buildReport(output, input, context.items);
  if (built.repairs.length > 0) input.hooks?.onReportRepairs?.(built.repairs);
  return built.report;
}
