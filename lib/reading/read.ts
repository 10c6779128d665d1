import type { Evidence } from "@/lib/domain/evidence";
import type { PairPrediction } from "@/lib/relations";
import { isRetracted } from "@/lib/evidence/provenance";
import { compileDictionary } from "@/lib/text/dictionary-tagger";
import { indexTerms } from "@/lib/text/tokens";
import { annotationIndex, type AnnotationIndex } from "./annotations";
import { bearingOf, readFindingCues } from "./finding-cues";
import { claimProposition, questionProposition, type Proposition, type ResolvedProposition } from "./proposition";
import type { QuestionEntity } from "./question";
import {
  ORGAN_UNRELATED_BEARING,
  PAIR_UNRELATED_BEARING,
  RELATION_PROBABILITY,
  type RelationThresholds,
} from "./record";
import { readRelation } from "./relation-reading";
import { resolveProposition } from "./resolve";
import type { StanceReading } from "./stance";

/**
 * A finding-cue record bears on the question when it holds at least this share of the question's index terms.
 * Source: tuned on PubMedQA PQA-L even-numbered PMIDs (dev split) only; see scripts/eval-pubmedqa.ts.
 */
export const BEARING_THRESHOLD = 0.5;

/**
 * One reading of a question or claim over a set of records, shared by the research bottom line, the evidence meter,
 * GRADE, the claim verdict and chat: the proposition, its resolution against the records' annotations (null when
 * it relates no chemical to a condition, or for an open question), and one {@link StanceReading} per record, in order.
 */
export interface EvidenceReading {
  proposition: Proposition;
  resolved: ResolvedProposition | null;
  readings: StanceReading[];
  /** Per record, the pair the relation model read for the proposition (null when it was not read that way). */
  pairs: Array<PairPrediction | null>;
}

/** Replacements of the calibrated constants of lib/reading/record.ts, for calibration. */
export interface ReadingTuning {
  relation?: RelationThresholds;
  organUnrelated?: number;
  pairUnrelated?: number;
}

/** The records' chemical and disease annotations as a dictionary for reading a question. */
function evidenceDictionary(evidence: Evidence[]) {
  const entries: Array<{ name: string; value: QuestionEntity }> = [];
  for (const e of evidence)
    for (const x of e.entities)
      if (x.type !== "gene") entries.push({ name: x.name, value: { name: x.name, type: x.type, meshId: x.meshId } });
  return compileDictionary(entries);
}

/**
 * An open question ("which drugs cause seizures?") resolved for any drug: every annotated chemical against its
 * condition.
 */
function resolveOpen(p: Proposition, index: AnnotationIndex): ResolvedProposition | null {
  const resolved = resolveProposition({ ...p, chemicals: ["any drug"] }, index);
  if (!resolved) return null;
  const chemicalIds = [...index.typeById]
    .filter(([, type]) => type === "chemical")
    .map(([id]) => id)
    .sort();
  return { ...resolved, chemical: "a drug", chemicalIds };
}

/**
 * Reads every record for a proposition:
 * - retracted records are "irrelevant" (a retracted record never counts as support);
 * - a proposition relating a chemical to a condition is read by the relation model (lib/reading/record.ts
 *   readRelation): a record naming both gets yes / possibly / no with the sentence it rests on, any other is
 *   irrelevant; an open question reads every chemical of a record against its condition;
 * - any other proposition is read by finding cues (lib/reading/finding-cues.ts): records below
 *   {@link BEARING_THRESHOLD} of the question's terms are irrelevant, records without an abstract "possibly".
 * Deterministic; `tuning` replaces the calibrated constants, for scripts/calibrate-reading.ts only.
 */
export function readEvidence(
  proposition: Proposition,
  evidence: Evidence[],
  tuning: ReadingTuning = {},
): EvidenceReading {
  const index = annotationIndex(evidence);
  const open = proposition.kind === "open" || proposition.kind === "repurposing";
  const resolved =
    proposition.relation === "other"
      ? null
      : open
        ? resolveOpen(proposition, index)
        : resolveProposition(proposition, index);
  const terms = new Set(indexTerms(proposition.text));
  const pairs: Array<PairPrediction | null> = evidence.map(() => null);
  const readings = evidence.map((e, i): StanceReading => {
    if (isRetracted(e))
      return {
        evidenceId: e.id,
        stance: "irrelevant",
        reason: "retracted: never counted",
        passage: null,
        bearing: 0,
        method: "not-read",
        match: [],
      };
    if (resolved) {
      const r = readRelation(
        e,
        resolved,
        index,
        tuning.relation ?? RELATION_PROBABILITY,
        tuning.organUnrelated ?? ORGAN_UNRELATED_BEARING,
        tuning.pairUnrelated ?? PAIR_UNRELATED_BEARING,
      );
      pairs[i] = r.prediction;
      return {
        evidenceId: e.id,
        stance: r.stance,
        reason: r.reason,
        passage: r.passage,
        bearing: r.bearing,
        method: r.stance === "irrelevant" ? "not-read" : "relation-model",
        match: r.match,
      };
    }
    const bearing = bearingOf(terms, e);
    if (bearing < BEARING_THRESHOLD)
      return {
        evidenceId: e.id,
        stance: "irrelevant",
        reason: `holds ${Math.round(bearing * 100)}% of the question's terms`,
        passage: null,
        bearing,
        method: "not-read",
        match: [],
      };
    if (e.citation.abstract.trim() === "")
      return {
        evidenceId: e.id,
        stance: "possibly",
        reason: "bears on the question, but has no abstract to read",
        passage: null,
        bearing,
        method: "not-read",
        match: [],
      };
    return { evidenceId: e.id, ...readFindingCues(terms, e), bearing, method: "finding-cues", match: [] };
  });
  return { proposition, resolved, readings, pairs };
}

/**
 * Reads a research or chat question over records: its proposition (with the records' annotations as dictionary), then
 * {@link readEvidence}.
 */
export function readQuestionEvidence(question: string, evidence: Evidence[]): EvidenceReading {
  return readEvidence(questionProposition(question, evidenceDictionary(evidence)), evidence);
}

/** Reads a claim with a polarity reading over records (null for other claim shapes, which keep the lexical reading). */
export function readClaimEvidence(claim: string, evidence: Evidence[]): EvidenceReading | null {
  const p = claimProposition(claim);
  return p ? readEvidence(p, evidence) : null;
}

/**
 * Records quoted as the closest to a question in every report. Source: our choice, as many as the summary's sentences.
 */
export const CLOSEST_RECORDS = 3;

/**
 * The indices of the records closest to a question: those bearing on it (share of its index terms ≥
 * {@link BEARING_THRESHOLD}), most terms first, then in the given order (search relevance), at most
 * {@link CLOSEST_RECORDS}. Retracted records are left out.
 */
export function closestRecords(question: string, evidence: Evidence[]): number[] {
  const questionTerms = new Set(indexTerms(question));
  return evidence
    .map((e, r) => ({ r, bearing: isRetracted(e) ? 0 : bearingOf(questionTerms, e) }))
    .filter((x) => x.bearing >= BEARING_THRESHOLD)
    .sort((a, b) => b.bearing - a.bearing || a.r - b.r)
    .slice(0, CLOSEST_RECORDS)
    .map((x) => x.r);
}
