import type { Evidence } from "@/lib/domain/evidence";
import type { KnownEntity, PairPrediction } from "@/lib/relations";
import { commonestName, type AnnotationIndex } from "./annotations";
import type { ResolvedProposition } from "./proposition";
import { recordRelations } from "./relations";
import type { RecordStance } from "./stance";

/**
 * P(CID) from which a record naming the drug and the condition reads as stating that the drug causes it ("yes"), and
 * from which it reads as possibly stating it. Below the lower one the record names both without the relation, which
 * counts against "yes". Source: tuned on CDR_DevelopmentSet pairs asked as questions (read by the model fitted on the
 * training set alone) together with PubMedQA's even PMIDs; see scripts/calibrate-reading.ts and docs/benchmarks.md.
 */
export const RELATION_PROBABILITY: RelationThresholds = { yes: 0.3, possibly: 0.15 };

/** The two P(CID) thresholds of a causation reading (see {@link RELATION_PROBABILITY}). */
export interface RelationThresholds {
  yes: number;
  possibly: number;
}

/**
 * P(CID) from which a causation reading speaks against a treatment proposition. Source: our choice — the upper range
 * of the relation model's probabilities: the CID model gives treatment pairs moderate probabilities ("uroprophylaxis
 * with mesna" for cystitis: 0.72).
 */
export const STRONG_PROBABILITY = 0.8;

/** Protective or therapeutic cue words of a negated sentence ("did not prevent"), by word start. */
const PROTECTIVE_CUE = /^(?:prevent|protect|attenuat|amelior|revers|inhibit|alleviat|abolish|counteract|suppress|antagoni|reliev|rescu|abrogat|lessen|treat|therap|efficac|effective|cure|benefic)/i;

/** What a record says about the relation itself (before the proposition's polarity). */
type RelationOutcome = "affirms" | "possible" | "denies" | "none" | "opposite";

/** One record's reading of a resolved proposition, before it becomes a StanceReading. */
export interface RelationReading {
  stance: RecordStance;
  reason: string;
  passage: string | null;
  /** The deciding prediction (the pair read), null when the record does not name both. */
  prediction: PairPrediction | null;
  /** Every prediction of the proposition's pairs in this record. */
  predictions: PairPrediction[];
}

/** The entities to find for a proposition: every annotated name of its chemical and condition IDs, and the names it was written with. */
export function propositionEntities(resolved: ResolvedProposition, index: AnnotationIndex): KnownEntity[] {
  const names = (id: string) => [...(index.namesById.get(id)?.keys() ?? [])];
  const entity = (id: string, type: "chemical" | "disease", name: string): KnownEntity => ({ name, type, meshId: /^[CD]\d{6,9}$/.test(id) ? id : null, synonyms: names(id) });
  return [
    ...resolved.chemicalIds.map((id, i) => entity(id, "chemical", i === 0 ? resolved.chemical : commonestName(index, id))),
    ...(resolved.organ ? [] : resolved.diseaseIds.map((id) => entity(id, "disease", resolved.target))),
  ];
}

function firstSentence(p: PairPrediction, title: string, negated: boolean): string | null {
  const inAbstract = p.sentences.filter((s) => s.start > title.length);
  const pick = inAbstract.find((s) => s.negated === negated && s.cue) ?? inAbstract.find((s) => s.negated === negated) ?? p.sentences.find((s) => s.negated === negated);
  return pick?.text ?? null;
}

/** Whether every sentence relating the pair denies it with a cue ("X did not induce Y"), and whether that cue is protective ("did not prevent"). */
function denial(p: PairPrediction): { denied: boolean; protective: boolean } {
  const cued = p.sentences.filter((s) => s.negated && s.cue);
  return { denied: p.negated && cued.length > 0, protective: cued.some((s) => PROTECTIVE_CUE.test(s.cue ?? "")) };
}

const pct = (p: number) => `P(CID) ${p.toFixed(2)}`;

/**
 * What one record says about "chemical causes condition": "affirms" (P(CID) ≥ {@link RELATION_PROBABILITY}.yes, not
 * negated, not a treatment reading), "possible" (≥ .possibly), "denies" (a cued sentence denies it), "opposite" (it
 * reads the drug as treating or preventing the condition), "none" (names both without the relation).
 */
function causation(preds: PairPrediction[], at: RelationThresholds): { outcome: RelationOutcome; p: PairPrediction } {
  const open = preds.filter((p) => !p.negated && p.relation !== "treats");
  const best = open[0];
  if (best && best.probability >= at.yes) return { outcome: "affirms", p: best };
  const denied = preds.find((p) => denial(p).denied && !denial(p).protective);
  if (denied) return { outcome: "denies", p: denied };
  const treats = preds.find((p) => p.relation === "treats");
  if (treats && !(best && best.probability >= at.possibly)) return { outcome: "opposite", p: treats };
  if (best && best.probability >= at.possibly) return { outcome: "possible", p: best };
  return { outcome: "none", p: best ?? preds[0] };
}

/** What one record says about "chemical treats or prevents condition" (see {@link causation}). */
function treatment(preds: PairPrediction[]): { outcome: RelationOutcome; p: PairPrediction } {
  const treats = preds.find((p) => p.relation === "treats" && !p.negated);
  if (treats) return { outcome: "affirms", p: treats };
  const denied = preds.find((p) => denial(p).denied && denial(p).protective);
  if (denied) return { outcome: "denies", p: denied };
  const harm = preds.find((p) => p.relation === "causes" && !p.negated && p.probability >= STRONG_PROBABILITY);
  if (harm) return { outcome: "opposite", p: harm };
  return { outcome: "possible", p: preds[0] };
}

/**
 * The stance of an outcome on the proposition: for "X causes Y" an affirmation is yes, a possible one possibly,
 * a denial, an opposite reading or no relation no; for "X does not cause Y" ("Is X safe for the heart?") the
 * other way round, and a possible report of the harm is already no (a denial is contradicted by a record that may
 * show the harm). For "X treats Y" no relation is possibly (the relation model reads no treatment absence).
 */
function stanceOf(outcome: RelationOutcome, relation: "causes" | "treats", negated: boolean): RecordStance {
  if (outcome === "affirms") return negated ? "no" : "yes";
  if (outcome === "possible") return negated && relation === "causes" ? "no" : "possibly";
  return negated ? "yes" : "no";
}

function why(outcome: RelationOutcome, relation: "causes" | "treats", p: PairPrediction): string {
  const pair = `${p.chemical} and ${p.disease}`;
  const induced = `${p.chemical}-induced ${p.disease}`;
  if (relation === "treats") {
    if (outcome === "affirms") return `names ${pair}; reads ${p.chemical} as treating or preventing ${p.disease}`;
    if (outcome === "denies") return `names ${pair}; a sentence denies that ${p.chemical} prevents or treats ${p.disease}`;
    if (outcome === "opposite") return `names ${pair}; the relation model reads it as ${induced} (${pct(p.probability)})`;
    return `names ${pair}; no sentence reads ${p.chemical} as treating or preventing ${p.disease}`;
  }
  if (outcome === "affirms") return `names ${pair}; the relation model reads it as ${induced} (${pct(p.probability)})`;
  if (outcome === "possible") return `names ${pair}; the relation model leans to ${induced} but is unsure (${pct(p.probability)})`;
  if (outcome === "denies") return `names ${pair}; a sentence denies that ${p.chemical} causes ${p.disease}`;
  if (outcome === "opposite") return `names ${pair}; reads ${p.chemical} as treating or preventing ${p.disease}, not causing it`;
  return `names ${pair}, but the relation model reads no ${induced} (${pct(p.probability)})`;
}

/**
 * Reads one record for a resolved proposition with the relation model (lib/relations, trained on BC5CDR): the
 * predictions of every chemical ID × condition ID of the proposition found in its title and abstract decide what
 * it says about the relation ({@link causation} or {@link treatment}), and the proposition's polarity makes that a
 * stance ({@link stanceOf}). `passage` is the sentence of the deciding pair that states it (a denial: the negated
 * sentence); `reason` says why in plain words. A record that does not name both is "irrelevant".
 */
export function readRelation(record: Evidence, resolved: ResolvedProposition, index: AnnotationIndex, at: RelationThresholds = RELATION_PROBABILITY): RelationReading {
  const chemicals = new Set(resolved.chemicalIds);
  const diseases = new Set(resolved.diseaseIds);
  const predictions = recordRelations(record, propositionEntities(resolved, index)).filter((p) => chemicals.has(p.chemicalId) && diseases.has(p.diseaseId));
  if (predictions.length === 0) {
    const target = resolved.organ ? `a disease of the ${resolved.organ}` : resolved.target;
    return { stance: "irrelevant", reason: `does not name both ${resolved.chemical} and ${target}`, passage: null, prediction: null, predictions };
  }
  const { outcome, p } = resolved.relation === "treats" ? treatment(predictions) : causation(predictions, at);
  const negatedSentence = outcome === "denies";
  return {
    stance: stanceOf(outcome, resolved.relation, resolved.negated),
    reason: why(outcome, resolved.relation, p),
    passage: firstSentence(p, record.citation.title, negatedSentence),
    prediction: p,
    predictions,
  };
}
