import type { ClaimReading, ClaimSide, DocumentRelation } from "@/lib/domain/claim-check";
import { relationPhrase } from "@/lib/reading/relation-phrase";

/** Most disease names listed for an organ reading. Source: our choice (one readable line). */
export const LISTED_DISEASES = 5;

/**
 * How a claim was read, in one line: "Cocaine — does not cause — diseases of the heart (32 annotated: myocardial
 * infarction, myocardial damage, …)" or "Lithium — causes — nephrogenic diabetes insipidus".
 */
export function readingText(reading: ClaimReading): string {
  const relation = relationPhrase(reading);
  if (!reading.organ) return `${reading.chemical} — ${relation} — ${reading.target}`;
  const listed = reading.diseases.slice(0, LISTED_DISEASES).join(", ");
  const more = reading.diseases.length > LISTED_DISEASES ? ", …" : "";
  return (
    `${reading.chemical} — ${relation} — diseases of the ${reading.organ} (${reading.diseases.length} ` +
    `annotated${listed ? `: ${listed}${more}` : ""})`
  );
}

/**
 * What the relation model read in a document: "cocaine → myocardial ischemia: causes (relation probability 0.86)"; a
 * denial reads "not related (denied)".
 */
export function relationText(r: DocumentRelation): string {
  const what = r.relation === "none" ? (r.negated ? "denied" : "no relation") : r.relation;
  return `${r.chemical} → ${r.disease}: ${what} (relation probability ${r.probability.toFixed(2)})`;
}

/** "12 documents, 9 shown with verified passages" / "1 document, shown with a verified passage" / "no document". */
export function sideCountText(side: ClaimSide): string {
  if (side.count === 0) return "no document";
  const docs = `${side.count} ${side.count === 1 ? "document" : "documents"}`;
  const shown = side.documents.length;
  if (shown === side.count)
    return `${docs}, ${shown === 1 ? "shown with a verified passage" : "all shown with verified passages"}`;
  return `${docs}, ${shown} shown with ${shown === 1 ? "a verified passage" : "verified passages"}`;
}
