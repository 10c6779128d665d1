import type { Evidence } from "@/lib/domain/evidence";
import type { PairPrediction } from "@/lib/relations";
import type { AnnotationIndex } from "./annotations";
import { matchChemical, matchCondition, type IdMatch } from "./concepts";
import type { ResolvedProposition } from "./proposition";
import {
  ORGAN_UNRELATED_BEARING,
  PAIR_UNRELATED_BEARING,
  RELATION_PROBABILITY,
  propositionEntities,
  restingSentence,
  stanceFromPredictions,
  why,
  type RelationThresholds,
} from "./record";
import { recordRelations } from "./relations";
import type { ConceptMatch, RecordStance } from "./stance";

/** One record's reading of a resolved proposition, before it becomes a StanceReading. */
export interface RelationReading {
  stance: RecordStance;
  reason: string;
  passage: string | null;
  /** The deciding prediction (the pair read), null when the record does not name both. */
  prediction: PairPrediction | null;
  /**
   * Every prediction of the proposition's direct pairs in this record (the drug or a member × the condition or a
   * narrower one).
   */
  predictions: PairPrediction[];
  /** How strongly the record bears on the proposition, 0–1 (1 when it names both; see record.ts). */
  bearing: number;
  /** The concepts of the pair read, with how each matched the one asked about. */
  match: ConceptMatch[];
}

/** The match of one ID of a pair: against the concept asked about, or exact when the reading asked by annotations. */
function matchOf(role: "chemical" | "condition", id: string, written: string, found: IdMatch | null, asked: string) {
  const m: ConceptMatch = {
    role,
    written,
    id,
    kind: found?.kind ?? "exact",
    asked: found?.asked.written ?? asked,
    via: found?.via ?? null,
  };
  // A record that writes the concept as the question does ("statins", however it annotated it) names it exactly.
  return written.toLowerCase() === m.asked.toLowerCase() ? { ...m, kind: "exact" as const, via: null } : m;
}

/** The concept matches of a pair of the proposition. */
function pairMatch(p: PairPrediction, resolved: ResolvedProposition): ConceptMatch[] {
  const concepts = resolved.concepts ?? [];
  const drug = concepts.find((c) => c.role === "chemical");
  const conditions = concepts.filter((c) => c.role === "condition");
  const condition = conditions.length > 0 ? matchCondition(p.diseaseId, conditions) : null;
  const organWord = resolved.organ ? `diseases of the ${resolved.organ}` : resolved.target;
  return [
    matchOf("chemical", p.chemicalId, p.chemical, drug ? matchChemical(p.chemicalId, drug) : null, resolved.chemical),
    // A disease of an organ named as one (isDiseaseOfOrgan) but not below its MeSH headings is still narrower.
    matchOf("condition", p.diseaseId, p.disease, condition, organWord),
  ].map((m) => (resolved.organ && m.role === "condition" && m.kind === "exact" ? { ...m, kind: "narrower" } : m));
}

const KIND_WORDS = { broader: "a broader concept than", related: "a concept related to" } as const;

/**
 * How a related pair's concept stands to the one asked ("pneumonitis, a concept related to pulmonary fibrosis (both
 * Lung Diseases)").
 */
function relatedPhrase(m: ConceptMatch): string {
  if (m.kind !== "broader" && m.kind !== "related") return m.written;
  if (m.role === "chemical")
    return m.kind === "related"
      ? `${m.written}, a derivative of ${m.asked}`
      : `${m.written}, a class ${m.asked} belongs to`;
  const via = m.via ? ` (both under ${m.via})` : "";
  return `${m.written}, ${KIND_WORDS[m.kind]} ${m.asked}${via}`;
}

/**
 * The related pair a record reports the relation for, or null. Only an affirmed reading ("yes") counts: at the
 * "possibly" level the relation model also reads a stain named in the methods (ruthenium red) as a cause of the
 * kidney disease studied, and related evidence is named in the bottom line as what records report.
 */
function reportedRelated(
  preds: PairPrediction[],
  resolved: ResolvedProposition,
  at: RelationThresholds,
): { p: PairPrediction; stance: RecordStance } | null {
  if (preds.length === 0) return null;
  const read = stanceFromPredictions(preds, { ...resolved, organ: null, negated: false }, at);
  return read.stance === "yes" ? { p: read.p, stance: read.stance } : null;
}

/**
 * Reads one record for a resolved proposition with the relation model (lib/relations, trained on BC5CDR), at the
 * right level of each concept:
 * - direct pairs (the drug or a member of the class × the condition or a narrower one: lovastatin for statins,
 *   myxedema for thyroid diseases) give yes / possibly / no as the record says ({@link stanceFromPredictions}); a
 *   record that names them without reporting the relation is "unreported" (neither for nor against), unless it
 *   reports a related pair;
 * - related pairs (a broader condition, a cousin under a shared parent, a class the drug belongs to) that report the
 *   relation make the record "related": shown and counted apart, never weighed in the verdict;
 * - a record that names neither is "irrelevant".
 * `passage` is the sentence of the deciding pair that states it (a denial: the negated sentence); `reason` says why
 * in plain words, naming the related concept and how it relates; `match` which concepts matched and how.
 */
export function readRelation(
  record: Evidence,
  resolved: ResolvedProposition,
  index: AnnotationIndex,
  at: RelationThresholds = RELATION_PROBABILITY,
  organUnrelated = ORGAN_UNRELATED_BEARING,
  pairUnrelated = PAIR_UNRELATED_BEARING,
): RelationReading {
  const chemicals = new Set(resolved.chemicalIds);
  const diseases = new Set(resolved.diseaseIds);
  const relatedIds = new Set((resolved.related ?? []).map((r) => `${r.role}:${r.id}`));
  const all = recordRelations(record, propositionEntities(resolved, index));
  const direct = all.filter((p) => chemicals.has(p.chemicalId) && diseases.has(p.diseaseId));
  const indirect = all.filter(
    (p) =>
      (chemicals.has(p.chemicalId) && relatedIds.has(`condition:${p.diseaseId}`)) ||
      (relatedIds.has(`chemical:${p.chemicalId}`) && diseases.has(p.diseaseId)),
  );
  const title = record.citation.title;
  const related = reportedRelated(indirect, resolved, at);
  const relatedReading = (r: { p: PairPrediction; stance: RecordStance }, also: string): RelationReading => {
    const match = pairMatch(r.p, resolved);
    const which = match.find((m) => m.kind === "broader" || m.kind === "related") ?? match[1];
    return {
      stance: "related",
      reason:
        which.role === "chemical"
          ? `${also}reports ${r.p.disease} induced by ${relatedPhrase(which)}: ` +
            `related evidence, not counted as an answer`
          : `${also}reports ${r.p.chemical}-induced ${relatedPhrase(which)}: ` +
            `related evidence, not counted as an answer`,
      passage: restingSentence(r.p, title, false),
      prediction: r.p,
      predictions: direct,
      bearing: 0,
      match,
    };
  };
  if (direct.length > 0) {
    const read = stanceFromPredictions(direct, resolved, at, organUnrelated, pairUnrelated);
    const reason = why(read.outcome, resolved.relation, read.p);
    if (read.stance === "unreported" && related) return relatedReading(related, `${reason}; it `);
    return {
      stance: read.stance,
      reason,
      passage: restingSentence(read.p, title, read.outcome === "denies"),
      prediction: read.p,
      predictions: direct,
      bearing: read.bearing,
      match: pairMatch(read.p, resolved),
    };
  }
  if (related) return relatedReading(related, "");
  const target = resolved.organ ? `a disease of the ${resolved.organ}` : resolved.target;
  const near = indirect[0];
  const nearMatch = near ? pairMatch(near, resolved) : [];
  const nearWhich = nearMatch.find((m) => m.kind === "broader" || m.kind === "related");
  return {
    stance: "irrelevant",
    reason:
      near && nearWhich
        ? `names ${near.chemical} and ${relatedPhrase(nearWhich)}, but reports no relation between them`
        : `does not name both ${resolved.chemical} and ${target}`,
    passage: null,
    prediction: null,
    predictions: [],
    bearing: 0,
    match: nearMatch,
  };
}
