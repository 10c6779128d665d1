import type { Reference } from "@/lib/domain/report";
import type { ReportRecord } from "@/lib/report/appraise/records";

/** A notice's label and text (see report-notices.tsx). */
export interface ProvenanceNotice {
  label: string;
  text: string;
}

function recordName(r: Pick<ReportRecord, "pmid" | "id">): string {
  return r.pmid ? `PMID ${r.pmid}` : r.id;
}

/**
 * "Retracted records found": the run's retracted records, each with its retraction notice, set aside and
 * never used as support; null when there are none. `records` are all of the run's evidence records.
 */
export function retractedRecordsNotice(records: ReportRecord[]): ProvenanceNotice | null {
  const retracted = records.filter((r) => r.provenance?.retracted);
  if (retracted.length === 0) return null;
  const list = retracted
    .map(
      (r) =>
        `${recordName(r)} ` +
        `“${r.title}”` +
        (r.provenance!.retractionIn.length ? ` (retraction notice PMID ${r.provenance!.retractionIn.join(", ")})` : ""),
    )
    .join("; ");
  return {
    label: "Retracted records found",
    text:
      `${list}. ${retracted.length === 1 ? "It is" : "They are"} listed in the evidence but never used as ` +
      `support for the findings, hypotheses or drug candidates.`,
  };
}

/**
 * Cited records with an expression of concern or an erratum (they still count), by reference number; null when none.
 */
export function questionedRecordsNotice(
  references: Reference[],
  records: Map<string, ReportRecord>,
): ProvenanceNotice | null {
  const cited = references.filter((ref) => {
    const p = records.get(ref.evidenceId)?.provenance;
    return p && !p.retracted && (p.expressionOfConcern || p.erratum);
  });
  if (cited.length === 0) return null;
  const list = cited
    .map((ref) => {
      const p = records.get(ref.evidenceId)!.provenance!;
      const what = [p.expressionOfConcern ? "an expression of concern" : "", p.erratum ? "an erratum" : ""]
        .filter(Boolean)
        .join(" and ");
      return `[${ref.n}] has ${what}`;
    })
    .join("; ");
  return {
    label: "Read with its correction",
    text: `${list}; ${cited.length === 1 ? "it still counts" : "they still count"} as evidence (see the limitations).`,
  };
}
