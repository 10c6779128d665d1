import type { ResearchReport } from "@/lib/domain/report";

/** The report fields that hold prose with [n] markers. */
export type ProseField =
  "executiveSummary" | "methodology" | "mechanisticFindings" | "clinicalFindings" | "limitations" | "conclusion";

/** Display names of the prose fields, as the report's headings. */
export const PROSE_FIELD_LABELS: Record<ProseField, string> = {
  executiveSummary: "Executive summary",
  methodology: "Methodology",
  mechanisticFindings: "Mechanistic findings",
  clinicalFindings: "Clinical findings",
  limitations: "Limitations",
  conclusion: "Conclusion",
};

/** One prose text of a report: its field, its label ("Limitations 2" for the second limitation) and text. */
export interface ProseText {
  field: ProseField;
  label: string;
  text: string;
}

/** Every prose text of a report in reading order (limitations one by one). */
export function proseTexts(report: ResearchReport): ProseText[] {
  const one = (field: ProseField, text: string): ProseText => ({ field, label: PROSE_FIELD_LABELS[field], text });
  return [
    one("executiveSummary", report.executiveSummary),
    one("methodology", report.methodology.content),
    one("mechanisticFindings", report.mechanisticFindings.content),
    one("clinicalFindings", report.clinicalFindings.content),
    ...report.limitations.map((text, i) => ({
      field: "limitations" as const,
      label: `${PROSE_FIELD_LABELS.limitations} ${i + 1}`,
      text,
    })),
    one("conclusion", report.conclusion),
  ];
}

/** A copy of the report with every prose text passed through `fix` (empty limitations are dropped). */
export function mapProse(report: ResearchReport, fix: (text: string, field: ProseField) => string): ResearchReport {
  return {
    ...report,
    executiveSummary: fix(report.executiveSummary, "executiveSummary"),
    methodology: { ...report.methodology, content: fix(report.methodology.content, "methodology") },
    mechanisticFindings: {
      ...report.mechanisticFindings,
      content: fix(report.mechanisticFindings.content, "mechanisticFindings"),
    },
    clinicalFindings: { ...report.clinicalFindings, content: fix(report.clinicalFindings.content, "clinicalFindings") },
    limitations: report.limitations.map((l) => fix(l, "limitations")).filter((l) => l.trim() !== ""),
    conclusion: fix(report.conclusion, "conclusion"),
  };
}
