import type { DeterministicCheck, DeterministicCheckId, ReportRepair } from "@/lib/domain/critic";
import type { Evidence } from "@/lib/domain/evidence";
import type { ResearchReport } from "@/lib/domain/report";
import { sentenceSpans } from "@/lib/text/sentence-spans";
import { citedNumbers } from "@/lib/grounding/markers";
import { PROSE_FIELD_LABELS, proseTexts, type ProseField } from "@/lib/grounding/prose";

/** Display names of the checks. */
export const CHECK_LABELS: Record<DeterministicCheckId, string> = {
  "required-sections": "Required sections present",
  "paragraph-citations": "Every factual paragraph cites evidence",
  "dosage-citations": "Every dosage is cited in its sentence",
  "references-in-evidence": "References and quotations come from the evidence",
};

/** Sections whose paragraphs state findings and so must cite evidence (methodology and limitations do not). */
export const FACTUAL_FIELDS: ProseField[] = [
  "executiveSummary",
  "mechanisticFindings",
  "clinicalFindings",
  "conclusion",
];

/**
 * A dosage: a number (or range) followed by a mass, amount or activity unit (mg, g, µg/μg/ug/mcg, ng, IU, U,
 * units, mmol, mEq), optionally per kg, m², day, hour, dose or week ("10 mg/kg/day", "1.2-2.4 g", "5000 IU").
 * Concentrations (per L, dL, mL: serum levels, not doses) are not dosages. Source: the seed critic's
 * `\d+\s*(mg|mg/m2|mg/kg|mcg|IU|units)`, widened to the mass, amount and activity units abstracts state doses in.
 */
export const DOSAGE_PATTERN = new RegExp(
  String.raw`(?<![\w.])\d+(?:[.,]\d+)?(?:\s*(?:-|–|to)\s*\d+(?:[.,]\d+)?)?` +
    String.raw`\s*-?\s*(?:mg|g|µg|μg|ug|mcg|ng|IU|U|[Uu]nits?|mmol|mEq)(?![A-Za-z0-9])` +
    String.raw`(?!\s*\/\s*(?:d?L|mL|l)\b)(?:\s*\/\s*(?:kg|m2|m²|day|d|h|hr|dose|wk|week))*`,
  "g",
);

/** Sentences that report an absence ("No human study among the 12 records …") state no finding. */
const ABSENCE = /^(?:no|none|not)\b|^there (?:is|are|was|were) no\b/i;

/**
 * Sentences about the review itself (its records, searches and the judge's assessment), e.g. "By the judge's last
 * assessment the evidence is not sufficient …", "Further searches: …", and the summary lines Critica writes
 * itself from counts ("Human evidence: 1 other human study.", "Registered trials retrieved:"), state no finding
 * about the world, so they need no citation.
 */
const ABOUT_THE_REVIEW = new RegExp(
  String.raw`\b(?:the judge|judge's|this (?:review|report)|records? (?:was|were) reviewed|further searches|` +
    String.raw`search iterations?)\b|` +
    String.raw`^(?:human evidence|registered trials retrieved|records reviewed|sources searched):`,
  "i",
);

/**
 * Whether a paragraph states a finding and so needs a citation: true when at least one of its sentences is
 * neither an absence statement nor about the review itself. Source: our reading of the seed critic's intent
 * ("any claim presented as fact that lacks support").
 */
export function statesFinding(paragraph: string): boolean {
  const sentences = sentenceSpans(paragraph).map((s) => paragraph.slice(s.start, s.end).trim());
  return sentences.some((s) => !ABSENCE.test(s) && !ABOUT_THE_REVIEW.test(s));
}

const LIST_ITEM = /^\s*(?:[-*•]|\d+[.)])\s+/;

/**
 * The paragraphs of a section: each list item, and each other non-empty line, except a line that introduces a
 * list (a plain line followed by list items, e.g. "Human evidence: 2 cohort studies." above the studies), which
 * is read with its list.
 */
export function paragraphsOf(content: string): string[] {
  const lines = content
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
  return lines.filter((line, i) => LIST_ITEM.test(line) || !(i + 1 < lines.length && LIST_ITEM.test(lines[i + 1])));
}

function shorten(text: string, max = 120): string {
  const t = text.replace(/\s+/g, " ").trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

function requiredSections(report: ResearchReport): string[] {
  const issues: string[] = [];
  const empty = (label: string, text: string) => {
    if (!text.trim()) issues.push(`${label} is missing or empty`);
  };
  empty("Title", report.title);
  empty(PROSE_FIELD_LABELS.executiveSummary, report.executiveSummary);
  empty(PROSE_FIELD_LABELS.methodology, report.methodology.content);
  empty(PROSE_FIELD_LABELS.mechanisticFindings, report.mechanisticFindings.content);
  empty(PROSE_FIELD_LABELS.clinicalFindings, report.clinicalFindings.content);
  if (report.limitations.every((l) => !l.trim())) issues.push("Limitations is missing or empty");
  empty(PROSE_FIELD_LABELS.conclusion, report.conclusion);
  // A report that says the evidence does not answer the question states no finding, so it need cite none.
  if (report.references.length === 0 && !report.notAnswered)
    issues.push("References is empty: the report cites no evidence");
  return issues;
}

function paragraphCitations(report: ResearchReport): string[] {
  const issues: string[] = [];
  for (const { field, label, text } of proseTexts(report)) {
    if (!FACTUAL_FIELDS.includes(field)) continue;
    paragraphsOf(text).forEach((paragraph, i) => {
      const plain = paragraph.replace(LIST_ITEM, "");
      if (citedNumbers(paragraph).length === 0 && statesFinding(plain)) {
        issues.push(`${label}, paragraph ${i + 1} cites no evidence: “${shorten(plain)}”`);
      }
    });
  }
  return issues;
}

function dosageCitations(report: ResearchReport): string[] {
  const issues: string[] = [];
  for (const { label, text } of proseTexts(report)) {
    for (const span of sentenceSpans(text)) {
      const sentence = text.slice(span.start, span.end);
      const doses = sentence.match(DOSAGE_PATTERN);
      if (doses && citedNumbers(sentence).length === 0) {
        issues.push(
          `${label}: dosage ${doses.map((d) => `“${d.trim()}”`).join(", ")} without a citation in its ` +
            `sentence: “${shorten(sentence)}”`,
        );
      }
    }
  }
  return issues;
}

function referencesInEvidence(report: ResearchReport, evidence: Evidence[], repairs: ReportRepair[]): string[] {
  const issues: string[] = [];
  const byId = new Map(evidence.map((e) => [e.id, e]));
  for (const ref of report.references) {
    const e = byId.get(ref.evidenceId);
    const c = e?.citation;
    if (!e || ref.pmid !== c!.pmid || ref.doi !== c!.doi || ref.nctId !== c!.nctId) {
      issues.push(
        `Reference ${ref.n} ` +
          `(${ref.pmid ? `PMID ${ref.pmid}` : ref.doi ? `DOI ${ref.doi}` : ref.evidenceId || ref.url}) is not a ` +
          `record of the run's evidence`,
      );
    }
  }
  const count = report.references.length;
  for (const { label, text } of proseTexts(report)) {
    for (const n of new Set(citedNumbers(text))) {
      if (n < 1 || n > count) issues.push(`${label}: marker [${n}] points past the ${count} references`);
    }
  }
  for (const r of repairs) issues.push(`Removed from the draft: ${r.detail}`);
  return issues;
}

/**
 * Runs the deterministic checks on a report (see {@link DeterministicCheckId}). `repairs` are what the report
 * agent had to remove from the model's draft; any repair fails `references-in-evidence`, so a model that invents
 * references, markers or quotations is asked to revise even though the published text is already clean.
 * @returns one result per check, in the order of {@link CHECK_LABELS}.
 */
export function runDeterministicChecks(
  report: ResearchReport,
  evidence: Evidence[],
  repairs: ReportRepair[] = [],
): DeterministicCheck[] {
  const results: Array<[DeterministicCheckId, string[]]> = [
    ["required-sections", requiredSections(report)],
    ["paragraph-citations", paragraphCitations(report)],
    ["dosage-citations", dosageCitations(report)],
    ["references-in-evidence", referencesInEvidence(report, evidence, repairs)],
  ];
  return results.map(([id, issues]) => ({ id, label: CHECK_LABELS[id], passed: issues.length === 0, issues }));
}
