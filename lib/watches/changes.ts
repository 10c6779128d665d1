import type { Evidence } from "@/lib/domain/evidence";
import { identifierKeys } from "@/lib/evidence/identity";
import { mergeEvidence } from "@/lib/evidence/merge";
import { provenanceOf } from "@/lib/evidence/provenance";

/** How a record the run already had changed its standing at the source (see {@link standingChanges}). */
export type StandingChange =
  "retracted" | "expression-of-concern" | "erratum" | "superseded" | "trial-status" | "trial-results";

/**
 * What changed in a record's standing between the copy a run saved (`before`) and the copy its source gives now
 * (`after`): newly retracted, given an expression of concern or an erratum, superseded (a new "updated version" link or
 * a preprint's published version), and for ClinicalTrials.gov records a new overall status or newly posted results.
 * Other edits (a corrected abstract, new MeSH terms, a later "last update posted" alone) are not changes of standing.
 * @returns the changes, most serious first; [] when none.
 */
export function standingChanges(before: Evidence, after: Evidence): StandingChange[] {
  const b = provenanceOf(before);
  const a = provenanceOf(after);
  const changes: StandingChange[] = [];
  if (a.retracted && !b.retracted) changes.push("retracted");
  if (a.expressionOfConcern && !b.expressionOfConcern) changes.push("expression-of-concern");
  if (a.erratum && !b.erratum) changes.push("erratum");
  if (
    a.updateIn.some((p) => !b.updateIn.includes(p)) ||
    (a.publishedVersion && a.publishedVersion.pmid !== b.publishedVersion?.pmid)
  )
    changes.push("superseded");
  if (before.trial && after.trial) {
    if ((after.trial.overallStatus ?? null) !== (before.trial.overallStatus ?? null)) changes.push("trial-status");
    if (after.trial.hasResults && !before.trial.hasResults) changes.push("trial-results");
  }
  return changes;
}

/**
 * Sorts what a check's searches found against the run's evidence: records the run did not have (deduplicated by
 * PMID, DOI, PMCID and NCT ID across sources and against the run, the first copy kept) and records it had whose
 * standing changed (the run's copy and the source's new copy; the first changed copy found counts).
 */
export function sortFound(
  runEvidence: Evidence[],
  found: Evidence[],
): { newRecords: Evidence[]; updated: Array<{ before: Evidence; after: Evidence }> } {
  const { added } = mergeEvidence(runEvidence, found);
  const byKey = new Map<string, Evidence>();
  for (const e of runEvidence) for (const key of identifierKeys(e.citation)) byKey.set(key, e);
  const updated: Array<{ before: Evidence; after: Evidence }> = [];
  const seen = new Set<string>();
  for (const after of found) {
    const before = identifierKeys(after.citation)
      .map((k) => byKey.get(k))
      .find(Boolean);
    if (!before || seen.has(before.id) || standingChanges(before, after).length === 0) continue;
    seen.add(before.id);
    // The stored copy's id and identifiers stay (the run cites that key); the standing is the source's.
    updated.push({ before, after: { ...after, id: before.id, relevance: before.relevance } });
  }
  return { newRecords: added, updated };
}
