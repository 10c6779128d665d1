import { SOURCE_LABELS } from "@/lib/domain/evidence";
import type { RecordStance } from "@/lib/reading/stance";
import type { ReportRecord } from "./records";
import { studyTypeRank } from "./study-type";

/** A column of the evidence table the records can be sorted by. */
export type RecordSortKey = "ref" | "title" | "source" | "studyType" | "year" | "relevance" | "stance";
/** A sort of the evidence table: its column and direction. */
export type RecordSort = { key: RecordSortKey; dir: "asc" | "desc" };

const STANCE_ORDER: Record<RecordStance, number> = {
  yes: 0,
  possibly: 1,
  no: 2,
  related: 3,
  unreported: 4,
  irrelevant: 5,
};

/** Compares two records on a column; records missing the value (no year, not cited) sort last either way. */
function compare(a: ReportRecord, b: ReportRecord, key: RecordSortKey): number | null {
  switch (key) {
    case "ref":
      return a.referenceNumber === null || b.referenceNumber === null ? null : a.referenceNumber - b.referenceNumber;
    case "title":
      return a.title.localeCompare(b.title, "en", { sensitivity: "base" });
    case "source":
      return SOURCE_LABELS[a.source].localeCompare(SOURCE_LABELS[b.source], "en");
    case "studyType":
      return studyTypeRank(a.studyType) - studyTypeRank(b.studyType);
    case "year":
      return a.year === null || b.year === null ? null : a.year - b.year;
    case "relevance":
      return a.relevance - b.relevance;
    case "stance":
      return STANCE_ORDER[a.stance] - STANCE_ORDER[b.stance] || b.bearing - a.bearing;
  }
}

function missing(r: ReportRecord, key: RecordSortKey): boolean {
  return (key === "ref" && r.referenceNumber === null) || (key === "year" && r.year === null);
}

/** Records sorted by a column (stable: ties keep the order the run found them; missing values last). */
export function sortRecords(records: ReportRecord[], sort: RecordSort): ReportRecord[] {
  const order = new Map(records.map((r, i) => [r.id, i]));
  return [...records].sort((a, b) => {
    const ma = missing(a, sort.key);
    const mb = missing(b, sort.key);
    if (ma !== mb) return ma ? 1 : -1;
    const c = ma ? 0 : (compare(a, b, sort.key) ?? 0);
    if (c !== 0) return sort.dir === "asc" ? c : -c;
    return order.get(a.id)! - order.get(b.id)!;
  });
}
