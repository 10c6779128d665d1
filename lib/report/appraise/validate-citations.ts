import type { Evidence } from "@/lib/domain/evidence";
import { evidenceLookup, referenceKeys } from "@/lib/evidence/identity";
import { rewriteMarkers } from "@/lib/grounding/markers";
import type { Reference, ResearchReport } from "@/lib/domain/report";
import { checkProseIdentifiers } from "@/lib/grounding/identifiers";
import { referenceFromEvidence } from "@/lib/grounding/references";
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
  // A retracted record never supports the report (its findings are withdrawn), so a reference to it is removed.
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
  return {
    report: identifiers.report,
    removedReferences,
    removedMarkers,
    neutralisedIdentifiers: identifiers.neutralised,
  };
}
