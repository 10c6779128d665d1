import { EMPTY_PROVENANCE, type Evidence, type Provenance } from "@/lib/domain/evidence";

/**
 * The provenance of a record, {@link EMPTY_PROVENANCE} when it carries none (PubTator records, and records saved before
 * provenance was read).
 */
export function provenanceOf(e: Pick<Evidence, "provenance">): Provenance {
  return e.provenance ?? EMPTY_PROVENANCE;
}

/** Whether a record is a retracted publication (it must never count as support). */
export function isRetracted(e: Pick<Evidence, "provenance">): boolean {
  return e.provenance?.retracted ?? false;
}

/** PubMed page of a PMID: `https://pubmed.ncbi.nlm.nih.gov/<PMID>/`. */
export function pubmedUrl(pmid: string): string {
  return `https://pubmed.ncbi.nlm.nih.gov/${pmid}/`;
}

/**
 * The retraction notice of a retracted record (PubMed page of its first RetractionIn PMID), or null when none is
 * linked.
 */
export function retractionNoticeUrl(p: Provenance): string | null {
  return p.retractionIn[0] ? pubmedUrl(p.retractionIn[0]) : null;
}

/**
 * The records that may be given to agents as support: every record except retracted publications, in order.
 * This is the one choke point of each run kind (the research loop and the claim check call it where they hand
 * evidence to agents); the excluded records stay in the run's evidence list, shown and counted.
 */
export function supportableEvidence<T extends Pick<Evidence, "provenance">>(evidence: T[]): T[] {
  return evidence.filter((e) => !isRetracted(e));
}

/** {@link supportableEvidence} for found documents that wrap their record (`{ evidence, … }`, the claim check's). */
export function supportableDocuments<T extends { evidence: Pick<Evidence, "provenance"> }>(documents: T[]): T[] {
  return documents.filter((d) => !isRetracted(d.evidence));
}

/** A record set aside for its provenance, as listed in `--json` and in the report's notice. */
export interface ExcludedRecord {
  evidenceId: string;
  pmid: string | null;
  title: string;
  reason: "retracted";
  /** PMIDs of the retraction notices (PubMed RetractionIn / Europe PMC "Retraction in"); empty when none is linked. */
  retractionNoticePmids: string[];
}

/** The `excludedForProvenance` figures of a run's evidence: how many records were set aside, and which. */
export function excludedForProvenance(evidence: Evidence[]): { count: number; records: ExcludedRecord[] } {
  const records = evidence.filter(isRetracted).map((e) => ({
    evidenceId: e.id,
    pmid: e.citation.pmid,
    title: e.citation.title,
    reason: "retracted" as const,
    retractionNoticePmids: provenanceOf(e).retractionIn,
  }));
  return { count: records.length, records };
}

function pmids(list: string[]): string {
  return list.map((p) => `PMID ${p}`).join(", ");
}

/**
 * Short labels of a record's provenance flags, most serious first, e.g. ["Retracted (retraction notice PMID 456)",
 * "Expression of concern (PMID 789)"]; [] when there is nothing to say. Shared by the prompt line and exports.
 */
export function provenanceLabels(p: Provenance): string[] {
  const labels: string[] = [];
  if (p.retracted)
    labels.push(`Retracted${p.retractionIn.length ? ` (retraction notice ${pmids(p.retractionIn)})` : ""}`);
  if (p.expressionOfConcern)
    labels.push(`Expression of concern${p.expressionOfConcernIn.length ? ` (${pmids(p.expressionOfConcernIn)})` : ""}`);
  if (p.erratum) labels.push(`Erratum published${p.erratumIn.length ? ` (${pmids(p.erratumIn)})` : ""}`);
  if (p.updateIn.length) labels.push(`Updated version: ${pmids(p.updateIn)}`);
  if (p.notice === "retraction") labels.push("Retraction notice");
  if (p.notice === "expression-of-concern") labels.push("Expression of concern notice");
  if (p.notice === "erratum") labels.push("Erratum notice");
  if (p.preprintOf)
    labels.push(`Published version of preprint ${p.preprintOf.doi ? `DOI ${p.preprintOf.doi}` : p.preprintOf.id}`);
  if (p.registry?.stale) {
    labels.push(
      `Registry record stale (last update ${p.registry.lastUpdatePosted}, completion ${p.registry.completionDate})`,
    );
  }
  return labels;
}

/**
 * The rule every agent is given with the evidence: retracted records must not be cited as support (they are never
 * offered; the rule covers any that slip through, and citation validation removes them).
 */
export const PROVENANCE_PROMPT_RULE =
  'A record whose block says "Provenance: RETRACTED" has been retracted and must never be cited as support. ' +
  "Records with an expression of concern or an erratum may be cited, but say so where you rely on them.";

/** The provenance line of an evidence block ("Provenance: RETRACTED …"), or null when there is nothing to say. */
export function provenancePromptLine(e: Pick<Evidence, "provenance">): string | null {
  const p = provenanceOf(e);
  const labels = provenanceLabels(p);
  if (labels.length === 0) return null;
  if (p.retracted)
    labels[0] =
      `RETRACTED${p.retractionIn.length ? ` (retraction notice ${pmids(p.retractionIn)})` : ""}, must not be ` +
      `cited as support`;
  return `Provenance: ${labels.join("; ")}`;
}

/**
 * The export note of a record's provenance (BibTeX `note`, RIS `N1`), e.g. "Expression of concern (PMID 789)"; null
 * when none.
 */
export function provenanceNote(e: Pick<Evidence, "provenance">): string | null {
  const labels = provenanceLabels(provenanceOf(e));
  return labels.length ? labels.join("; ") : null;
}

/**
 * The report's limitation lines about provenance: one naming the retracted records set aside, then one per record
 * that still counts although an expression of concern or an erratum was published about it. [] when neither applies.
 */
export function provenanceLimitations(evidence: Evidence[]): string[] {
  const lines: string[] = [];
  const retracted = evidence.filter(isRetracted);
  if (retracted.length > 0) {
    const list = retracted
      .map((e) => `${e.citation.pmid ? `PMID ${e.citation.pmid}` : e.id}${noticeSuffix(provenanceOf(e))}`)
      .join("; ");
    lines.push(
      `Retracted records found: ${list}. ${retracted.length === 1 ? "It was" : "They were"} set aside and ` +
        `support${retracted.length === 1 ? "s" : ""} nothing in this report.`,
    );
  }
  const questioned = evidence.filter(
    (e) => !isRetracted(e) && (provenanceOf(e).expressionOfConcern || provenanceOf(e).erratum),
  );
  for (const e of questioned) {
    const p = provenanceOf(e);
    const what = [
      p.expressionOfConcern
        ? `an expression of concern${p.expressionOfConcernIn.length ? ` (${pmids(p.expressionOfConcernIn)})` : ""}`
        : "",
      p.erratum ? `an erratum${p.erratumIn.length ? ` (${pmids(p.erratumIn)})` : ""}` : "",
    ].filter(Boolean);
    lines.push(
      `${e.citation.pmid ? `PMID ${e.citation.pmid}` : e.id} has ${what.join(" and ")}; it still counts as ` +
        `evidence, read with that caveat.`,
    );
  }
  return lines;
}

function noticeSuffix(p: Provenance): string {
  return p.retractionIn.length ? ` (retraction notice ${pmids(p.retractionIn)})` : "";
}

/**
 * The timeline notice for retracted records found by a search, e.g. "Retracted record set aside: PMID 123 (retraction
 * notice PMID 456)".
 */
export function retractedNoticeMessage(retracted: Evidence[]): string {
  const list = retracted
    .map((e) => `${e.citation.pmid ? `PMID ${e.citation.pmid}` : e.id}${noticeSuffix(provenanceOf(e))}`)
    .join("; ");
  return `Retracted ${retracted.length === 1 ? "record" : "records"} set aside (shown, never used as support): ${list}`;
}

/**
 * A written report with its provenance facts: the {@link provenanceLimitations} lines appended to its limitations
 * (once: lines already present are not repeated) and `totalPapersReviewed` = every record the run collected, the
 * retracted ones included (they were reviewed, then set aside).
 */
export function withProvenanceLimitations<R extends { limitations: string[]; totalPapersReviewed: number }>(
  report: R,
  evidence: Evidence[],
): R {
  const lines = provenanceLimitations(evidence).filter((l) => !report.limitations.includes(l));
  return { ...report, limitations: [...report.limitations, ...lines], totalPapersReviewed: evidence.length };
}
