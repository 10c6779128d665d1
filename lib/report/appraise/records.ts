import type { Evidence, Provenance, SourceId } from "@/lib/domain/evidence";
import { bibliographicFields } from "@/lib/evidence/summary";
import type { Reference } from "@/lib/domain/report";
import { studyTypeOf, type StudyDesign } from "./study-type";
import { readQuestionEvidence } from "@/lib/reading/read";
import type { ConceptMatch, RecordStance, StanceReading } from "@/lib/reading/stance";

/**
 * The serialisable view of one evidence record that the report page needs for hover cards, the evidence table and
 * hypothesis links: bibliographic fields, identifiers, its abstract (opened on demand in the table and the cards),
 * study type, preprint flag, the run's relevance (0–1), the record's reference number in the report (null when the
 * report does not cite it) and its stance on the question with the reason.
 */
export interface ReportRecord {
  id: string;
  source: SourceId;
  title: string;
  authors: string[];
  journal: string | null;
  year: number | null;
  pmid: string | null;
  doi: string | null;
  nctId: string | null;
  url: string;
  studyType: StudyDesign;
  studyTypeLabel: string;
  preprint: boolean;
  /** Whether the record has an abstract (records without one cannot be read for findings). */
  hasAbstract: boolean;
  /** The abstract as the source gives it ("" when it has none). */
  abstract: string;
  /** Whether the report's agents read its full text (the report's `readInFull`); else its abstract only. */
  fullText: boolean;
  relevance: number;
  referenceNumber: number | null;
  /** Retraction, correction and version facts (lib/evidence/provenance); absent when the record carries none. */
  provenance?: Provenance;
  /** Which way the record points on the run's question (lib/reading), for the evidence meter and GRADE. */
  stance: RecordStance;
  /** Why, in plain words ("names lithium and nephrogenic diabetes insipidus; the relation model reads it as …"). */
  stanceReason: string;
  /** The sentence of its title or abstract the stance rests on; null when none does. */
  stancePassage: string | null;
  /** How strongly it bears on the question, 0–1 (lib/reading), which weighs it in the bottom line's verdict. */
  bearing: number;
  /** How it was read (lib/reading: relation model, finding cues, not read), which sets the weight of a "possibly". */
  method: StanceReading["method"];
  /** The concepts its reading rests on and how each matched the question's (exact, narrower, broader, related). */
  match: ConceptMatch[];
}

/**
 * The report records of a run's evidence, in the order given (the order the run found them).
 * @param references the report's references (may be empty), used to number the cited records.
 * @param question the run's question, which each record's `stance` is read against.
 * @param readInFull the ids of the records whose full text the report read (the report's `readInFull`).
 */
export function toReportRecords(
  evidence: Evidence[],
  references: Reference[],
  question: string,
  readInFull: readonly string[] = [],
): ReportRecord[] {
  const cited = new Map(references.map((r) => [r.evidenceId, r.n]));
  const full = new Set(readInFull);
  const stances = readQuestionEvidence(question, evidence).readings;
  return evidence.map((e, i) => {
    const c = e.citation;
    const type = studyTypeOf(e);
    return {
      ...bibliographicFields(e),
      authors: c.authors,
      studyType: type.design,
      studyTypeLabel: type.label,
      preprint: e.preprint,
      hasAbstract: c.abstract.trim() !== "",
      abstract: c.abstract,
      fullText: full.has(e.id),
      relevance: e.relevance,
      referenceNumber: cited.get(e.id) ?? null,
      ...(e.provenance ? { provenance: e.provenance } : {}),
      stance: stances[i].stance,
      stanceReason: stances[i].reason,
      stancePassage: stances[i].passage,
      bearing: stances[i].bearing,
      method: stances[i].method,
      match: stances[i].match,
    };
  });
}
