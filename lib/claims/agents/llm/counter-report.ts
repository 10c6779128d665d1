import type { LanguageModel } from "ai";
import { z } from "zod";
import type { CounterReportInput } from "@/lib/claims/backend";
import { templateCounterReport } from "@/lib/claims/counter-report";
import { describeStrategies } from "@/lib/claims/search-stats";
import { CLAIM_SAMPLING } from "./sampling";
import { CLAIM_TEXT_NOTICE, claimSection, neutraliseUserText } from "./user-text";
import { neutraliseForPrompt } from "@/lib/evidence/prompt-context/blocks";
import { excerptAbstract } from "@/lib/evidence/prompt-context/excerpts";
import { callAgent, type AgentCallOptions, type StructuredAgentSpec } from "@/lib/ai/agent";
import { scrubContext, scrubText, type ScrubContext } from "@/lib/grounding/scrub";
import { checkCounterReport, counterReportEntailment } from "./counter-report-check";

/**
 * Characters of each cited record's abstract shown beside its passage: an excerpt that keeps its RESULTS and
 * CONCLUSIONS, so the report states the study's findings, not only the sentence that was copied. Source: the
 * chat's block size (lib/chat/llm-answer CHAT_ABSTRACT_CHARS), at most 10 cited records.
 */
export const COUNTER_REPORT_FINDINGS_CHARS = 700;

/** Shortest acceptable report, in characters. Source: PaperChecker's DEFAULT_MIN_REPORT_LENGTH (50). */
export const MIN_REPORT_CHARS = 50;

/** Prefixes a model puts before the report (after PaperChecker's REPORT_PREFIXES_TO_STRIP). */
const PREFIXES =
  /^(?:\*\*)?(?:counter-evidence summary|summary|report|here is the summary|here's the summary)\s*:?\s*(?:\*\*)?\s*/i;

/** Model-facing schema of the counter-report agent. */
export const counterReportSchema = z.object({
  report: z.string().describe("The counter-report: 200–300 words of prose with [n] citations."),
});

/** Instructions of the counter-report agent (our wording of PaperChecker's nine report guidelines). */
export const COUNTER_REPORT_INSTRUCTIONS =
  `You write a short counter-evidence report: 200–300 words of professional medical prose that summarise the ` +
  `evidence for a counter-statement.

Rules:
- Use only the numbered passages and the findings shown with them; add no information that is not in them and ` +
  `do not overstate them.
- Cite every finding with its number in square brackets, like [1] or [2, 3]; use only the numbers given.
- Name specific years ("in 1998"), never vague times such as "recently"; when a year is unknown, say the ` +
  `study, not a year.
- Present tense for established findings, past tense for specific studies. Organise by theme when useful.
- Note limitations or contradictions between the passages.
- Plain prose: no headings, no lists, no markdown.

${CLAIM_TEXT_NOTICE}`;

/** Writes a 200–300 word counter-evidence report from the verified passages, citing them [n]. */
export const counterReportAgent: StructuredAgentSpec<z.infer<typeof counterReportSchema>> = {
  name: "counter-report",
  purpose: "Writes a 200–300 word counter-evidence report from the verified passages, citing them [n].",
  instructions: COUNTER_REPORT_INSTRUCTIONS,
  schema: counterReportSchema,
  sampling: CLAIM_SAMPLING["counter-report"],
};

/**
 * The user prompt: claim, counter-statement, numbered passages with their year, journal and identifier (and, when the
 * record is given, its findings: an abstract excerpt that keeps RESULTS and CONCLUSIONS), statistics.
 */
export function formatCounterReportPrompt(input: CounterReportInput): string {
  const records = new Map((input.records ?? []).map((e) => [e.id, e]));
  const passages = input.citations
    .map((c) => {
      const where = [
        c.journal,
        c.year ? String(c.year) : "year unknown",
        c.pmid ? `PMID ${c.pmid}` : (c.nctId ?? c.doi ?? c.evidenceId),
      ]
        .filter(Boolean)
        .join(", ");
      const abstract = records.get(c.evidenceId)?.citation.abstract.trim() ?? "";
      const findings = abstract
        ? `\nFindings: ` +
          `<text>` +
          neutraliseUserText(excerptAbstract(abstract, input.counter.counterStatement, COUNTER_REPORT_FINDINGS_CHARS)) +
          `</text>`
        : "";
      return (
        `[${c.n}] ${neutraliseForPrompt(c.title)} (${neutraliseForPrompt(where)}; score ${c.score}/5)\nPassage: ` +
        `<text>${neutraliseUserText(c.passage)}</text>${findings}`
      );
    })
    .join("\n\n");
  const s = input.stats;
  return [
    claimSection("Claim", input.claim),
    claimSection("Counter-statement", input.counter.counterStatement),
    `## Passages supporting the counter-statement\n${passages}`,
    `## Search statistics\n${s.documentsFound} documents found (${describeStrategies(s)}), ` +
      `${s.documentsScored} scored, ${s.documentsAboveThreshold} at or above ${s.threshold}/5, ` +
      `${s.documentsCited} cited.`,
    "## Task\nWrite the counter-report.",
  ].join("\n\n");
}

/**
 * The scrub context of model text about a claim check's citations (the counter-report, the verdict's rationale):
 * identifiers and quotations of the cited records only (none when `records` is not given), [n] markers up to the
 * number of citations (lib/grounding/scrub).
 */
export function citationsScrubContext(input: Pick<CounterReportInput, "records" | "citations">): ScrubContext {
  return scrubContext(input.records ?? [], { references: input.citations.length });
}

/** The report text without a leading "Summary:"-style prefix or a markdown code fence. */
export function cleanReport(text: string): string {
  return text
    .trim()
    .replace(/^```\w*\s*|\s*```$/g, "")
    .replace(PREFIXES, "")
    .trim();
}

/**
 * Writes the counter-report with the model from the verified passages. The answer is cleaned ({@link cleanReport})
 * and scrubbed (lib/grounding/scrub: identifiers, citations and quotations that no cited record holds removed);
 * when it is shorter than {@link MIN_REPORT_CHARS} characters, the extractive template report is used instead, so
 * a claim always gets a report drawn from its passages. Then each statement is checked against the passages it
 * cites (./counter-report-check: numbers, doses and names deterministically, then the entailment critic in one more
 * model call, its usage heard by the same hooks); unsupported ones are removed with a note saying how many. (The
 * workflow then removes [n] markers that cite nothing.)
 * @throws Error after two invalid answers; API and abort errors propagate (the critic's too).
 */
export async function writeCounterReportLlm(
  model: LanguageModel,
  input: CounterReportInput,
  options: AgentCallOptions = {},
): Promise<string> {
  const output = await callAgent(counterReportAgent, model, options, {
    signal: input.signal,
    prompt: formatCounterReportPrompt(input),
  });
  // Scrubbed as all model text: [n] up to the citations, identifiers of the cited records only, quotations they hold.
  const cited = citationsScrubContext(input);
  const report = scrubText(cleanReport(output.report), cited);
  if (report.length < MIN_REPORT_CHARS) return templateCounterReport(input);
  const checked = await checkCounterReport(report, input, {
    entail: counterReportEntailment(model, options, input.signal),
    fallback: () => templateCounterReport(input),
    findingsChars: COUNTER_REPORT_FINDINGS_CHARS,
  });
  return checked.text;
}
