import type { Evidence } from "@/lib/domain/evidence";
import { evidenceLookup, referenceKeys } from "@/lib/evidence/identity";
import { expandMarkerBody, MARKER_PATTERN } from "@/lib/report/markers";
import type { Reference, ResearchReport } from "@/lib/domain/report";
import { checkProseIdentifiers } from "./prose-identifiers";
import { referenceFromEvidence } from "./references";
import { isRetracted } from "@/lib/evidence/provenance";

/**
 * The validated report, how many references were removed, how many marker numbers were deleted, and one line per
 * identifier of the prose (URL, DOI, PMID, NCT ID) that named no retrieved record and was neutralised.
 */
export interface CitationValidation {
  report: ResearchReport;
  removedReferences: number;
  removedMarkers: number;
  neutralisedIdentifiers: string[];
}


/**
 * The record a reference points to, or null when it is not (entirely) in the evidence. Every identifier the
 * reference carries (evidenceId, PMID, DOI, NCT ID, URL) must be found among the evidence and all must name
 * the same record: a hallucinated reference may carry only a URL or a DOI, or a real PMID beside an invented DOI.
 * A reference with no identifier at all is not in the evidence.
 */
function resolve(ref: Partial<Reference>, lookup: Map<string, Evidence>): Evidence | null {
  const keys = referenceKeys(ref);
  if (keys.length === 0) return null;
  const found = keys.map((k) => lookup.get(k));
  if (found.some((e) => e === undefined)) return null;
  const ids = new Set(found.map((e) => e!.id));
  return ids.size === 1 ? found[0]! : null;
}

/** "[1, 2, 3, 5]" → "[1–3, 5]": runs of three or more consecutive numbers become ranges. */
export function formatMarker(numbers: number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j += 1;
    if (j - i >= 2) parts.push(`${sorted[i]}–${sorted[j]}`);
    else for (let k = i; k <= j; k += 1) parts.push(String(sorted[k]));
    i = j + 1;
  }
  return `[${parts.join(", ")}]`;
}

const MARKER = new RegExp(`(\\s?)${MARKER_PATTERN.source}`, "g");

/**
 * Rewrites the [n] markers of a text with `renumber` (old number → new number, or undefined when the reference
 * is gone). Handles "[1]", "[1, 3]", "[1;3]" and ranges "[2–4]" / "[2-4]". A marker left empty is deleted with
 * the space before it.
 * @returns the new text and the count of deleted marker numbers.
 */
export function rewriteMarkers(text: string, renumber: (n: number) => number | undefined): { text: string; removed: number } {
  let removed = 0;
  const out = text.replace(MARKER, (_match, space: string, body: string) => {
    const kept: number[] = [];
    for (const n of expandMarkerBody(body)) {
      const next = renumber(n);
      if (next === undefined) removed += 1;
      else kept.push(next);
    }
    return kept.length > 0 ? `${space}${formatMarker(kept)}` : "";
  });
  return { text: out, removed };
}

/**
 * Citation validation, the safety net against invented references (DeepCritical phase 8's
 * validate_references, extended to identifiers and markers):
 * 1. each reference is resolved against the evidence by all of its identifiers (see `resolve`); unresolved
 *    ones are removed and counted; two references resolving to the same record are merged into the first
 *    (not counted as removed);
 * 2. kept references are rebuilt from their evidence record (metadata is never taken from generated text)
 *    and renumbered 1..k in the order of their old numbers;
 * 3. every [n] marker in the prose fields (executive summary, methodology, mechanistic and clinical findings,
 *    limitations, conclusion) is renumbered; numbers pointing to a removed or missing reference are deleted
 *    and counted in `removedMarkers`;
 * 4. every URL, DOI, PMID and NCT ID written in the prose that names no record of the evidence is neutralised as
 *    plain text flagged "(not retrieved)" and counted in the report's `removedIdentifiers` (checkProseIdentifiers).
 * The returned report's `removedReferences` is the input's value plus this pass's removals (idempotent).
 */
export function validateReportCitations(report: ResearchReport, evidence: Evidence[]): CitationValidation {
  // Issue 15: a retracted record never supports the report, so a reference to it is removed.
  const lookup = evidenceLookup(evidence.filter((e) => !isRetracted(e)));
  const ordered = [...report.references].sort((a, b) => a.n - b.n);
  const newNumber = new Map<number, number>();
  const byRecord = new Map<string, number>();
  const kept: Reference[] = [];
  let removedReferences = 0;
  for (const ref of ordered) {
    if (newNumber.has(ref.n)) continue; // a duplicate number: the first reference with it wins
    const record = resolve(ref, lookup);
    if (!record) {
      removedReferences += 1;
      continue;
    }
    const existing = byRecord.get(record.id);
    if (existing !== undefined) {
      newNumber.set(ref.n, existing);
      continue;
    }
    const n = kept.length + 1;
    kept.push(referenceFromEvidence(record, n));
    byRecord.set(record.id, n);
    newNumber.set(ref.n, n);
  }
  let removedMarkers = 0;
  const fix = (text: string) => {
    const r = rewriteMarkers(text, (n) => newNumber.get(n));
    removedMarkers += r.removed;
    return r.text;
  };
  const validated: ResearchReport = {
    ...report,
    executiveSummary: fix(report.executiveSummary),
    methodology: { ...report.methodology, content: fix(report.methodology.content) },
    mechanisticFindings: { ...report.mechanisticFindings, content: fix(report.mechanisticFindings.content) },
    clinicalFindings: { ...report.clinicalFindings, content: fix(report.clinicalFindings.content) },
    limitations: report.limitations.map(fix),
    conclusion: fix(report.conclusion),
    references: kept,
    removedReferences: report.removedReferences + removedReferences,
  };
  const identifiers = checkProseIdentifiers(validated, evidence);
  return { report: identifiers.report, removedReferences, removedMarkers, neutralisedIdentifiers: identifiers.neutralised };
}
