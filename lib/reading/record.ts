import type { KnownEntity, PairPrediction } from "@/lib/relations";
import { entryTerms } from "@/lib/vocabularies";
import { mayStateFinding, statesNullFinding } from "@/lib/text/findings";
import { isTherapeuticCue } from "@/lib/text/relation-cues";
import { commonestName, type AnnotationIndex } from "./annotations";
import type { ResolvedProposition } from "./proposition";
import type { RecordStance } from "./stance";

/**
 * P(CID) from which a record naming the drug and the condition reads as stating that the drug causes it ("yes"), and
 * from which it reads as possibly stating it. Below the lower one the record names both without reporting the
 * relation ("unreported": neither for nor against). Lower than the relation model's own decision threshold (0.40,
 * tuned for document-level F1) because a record retrieved for the pair is read for that pair alone. An organ question
 * ("Is X cardiotoxic?") is answered by any disease of the organ, so its records read yes from a lower P. Source: tuned
 * on 300 CID and 300 co-occurring non-CID pairs of CDR_DevelopmentSet asked as questions (seed 7, read by the model
 * fitted on the training set alone), its 183 organ questions and 183 without annotated organ toxicity, and PubMedQA's
 * even PMIDs (scripts/calibrate-reading.ts), after records naming both without the relation stopped counting against
 * it (28 Nov 2026): there CID pairs are answered yes 0.82, non-CID 0.21, negated CID claims contradicted 0.95,
 * PubMedQA 0.594 (majority 0.552), organ questions 0.874 and 0.230 without toxicity. The earlier setting (yes 0.2,
 * possibly 0.1) answered 0.30 of the dev benchmark's non-CID pairs yes once those records no longer counted against.
 * Organ yes-rates of 0.89 came only with 0.30 without toxicity (organYes 0.15), so the organ rule keeps discriminating.
 */
export const RELATION_PROBABILITY: RelationThresholds = {
  yes: 0.25,
  possibly: 0.05,
  organYes: 0.2,
  organPossibly: 0.03,
  denialPossibly: 0.1,
};

/**
 * The P(CID) thresholds of a causation reading (see {@link RELATION_PROBABILITY}); `organYes` and `organPossibly`
 * replace `yes` and `possibly` for an organ proposition ("Is X cardiotoxic?"), which any disease of the organ caused
 * by X answers.
 */
export interface RelationThresholds {
  yes: number;
  possibly: number;
  organYes: number;
  organPossibly: number;
  /**
   * P(CID) from which a record contradicts a denial of a named condition ("X does not cause Y"). A possible reading
   * of the harm is a full "no" for a denial, while for a question it only weighs as unsure, so a denial keeps the
   * "possibly" threshold the negated claims were tuned at before (0.1). Source: CDR_DevelopmentSet read by the
   * relation model fitted on the training set alone: of the non-negated pairs of a record at P 0.05-0.1, 53 of 682
   * (0.08) are CID relations of that record, at 0.1-0.25 141 of 776 (0.18). Below it such a record does not report
   * the harm: neither for nor against (PMID 3711722, "cobalt cardiomyopathy was induced" beside doxorubicin-induced
   * heart failure, 0.08, contradicted "Doxorubicin does not cause cardiomyopathy").
   */
  denialPossibly: number;
}

/**
 * P(CID) from which a causation reading speaks against a treatment proposition. Source: our choice — the upper range
 * of the relation model's probabilities: the CID model gives treatment pairs moderate probabilities ("uroprophylaxis
 * with mesna" for cystitis: 0.72).
 */
export const STRONG_PROBABILITY = 0.8;

/**
 * Bearing of a record that names the drug with a disease of an organ asked about ("Is X cardiotoxic?") and reads it
 * as treating or preventing that disease: one disease of the organ treated says little about harm to the organ, so
 * such a record weighs little (0.3^4 ≈ 1/120 by the verdict's bearing power) against one that reads a harm. Source:
 * tuned with the thresholds above (scripts/calibrate-reading.ts; 0.3 and 0.5 gave the same rates there).
 */
export const ORGAN_UNRELATED_BEARING = 0.3;

/**
 * Bearing of a record that names the drug and the condition of a causation proposition ("Does X cause Y?") with a
 * P(CID) below the "possibly" threshold (not negated, not read as a treatment). Such a record is "unreported" and not
 * weighed at all; the bearing is kept for the evidence table's order and for claim checks saved before. Source:
 * scripts/calibrate-reading.ts: every setting that met the goals had 0.5 when these records still counted against.
 */
export const PAIR_UNRELATED_BEARING = 0.5;

/**
 * Whether the pair a record was read by names the drug with the condition without a harm: read as a treatment, or
 * P(CID) below the organ "possibly" threshold in sentences that are not negated. For an organ proposition such a
 * record bears {@link ORGAN_UNRELATED_BEARING}.
 */
export function unrelatedPair(
  p: Pick<PairPrediction, "relation" | "negated" | "probability">,
  at: RelationThresholds = RELATION_PROBABILITY,
): boolean {
  return p.relation === "treats" || (!p.negated && p.probability < at.organPossibly);
}

/**
 * The bearing of a record on a causation proposition from the pair it was read by: for an organ, a pair without a
 * harm ({@link unrelatedPair}) bears `organUnrelated`; for a named condition, a pair below the "possibly" threshold
 * (not negated, not a treatment reading, which is evidence against) bears `pairUnrelated`; any other 1. A treatment
 * proposition's records all bear 1.
 */
export function unrelatedBearing(
  resolved: Pick<ResolvedProposition, "relation" | "organ">,
  p: Pick<PairPrediction, "relation" | "negated" | "probability">,
  at: RelationThresholds = RELATION_PROBABILITY,
  organUnrelated = ORGAN_UNRELATED_BEARING,
  pairUnrelated = PAIR_UNRELATED_BEARING,
): number {
  if (resolved.relation !== "causes") return 1;
  if (resolved.organ) return unrelatedPair(p, at) ? organUnrelated : 1;
  return p.relation !== "treats" && !p.negated && p.probability < at.possibly ? pairUnrelated : 1;
}

/** What a record says about the relation itself (before the proposition's polarity). */
export type RelationOutcome = "affirms" | "possible" | "denies" | "none" | "opposite";

/** Entry terms given to the relation model per concept asked about (the commonest come first). Source: our choice. */
const ENTRY_TERMS_PER_CONCEPT = 12;

/**
 * The entities to find for a proposition: every annotated name of its chemical and condition IDs; each concept asked
 * about by the words the question wrote and its entry terms ("adriamycin" for doxorubicin, "HMG-CoA reductase
 * inhibitors" for statins), so that records that do not annotate it are read too; and, for names the vocabulary does
 * not know, the question's wording of them.
 */
export function propositionEntities(resolved: ResolvedProposition, index: AnnotationIndex): KnownEntity[] {
  const names = (id: string) => [...(index.namesById.get(id)?.keys() ?? [])];
  const mesh = (id: string) => (/^[CD]\d{6,9}$/.test(id) ? id : null);
  const annotatedEntity = (id: string, type: "chemical" | "disease"): KnownEntity => ({
    name: index.namesById.has(id) ? commonestName(index, id) : id,
    type,
    meshId: mesh(id),
    synonyms: names(id),
  });
  const concepts = (resolved.concepts ?? []).filter((c) => c.kind !== "organ");
  const asked = new Set(concepts.map((c) => c.id));
  const conceptEntities = concepts.map((c): KnownEntity => ({
    name: c.written,
    type: c.role === "chemical" ? "chemical" : "disease",
    meshId: mesh(c.id),
    synonyms: [...entryTerms(c.id).slice(0, ENTRY_TERMS_PER_CONCEPT), ...names(c.id)],
  }));
  // Names the vocabulary does not know (no MeSH ID): the question's own wording stands for them.
  const written = (id: string, type: "chemical" | "disease", name: string): KnownEntity[] =>
    mesh(id) ? [] : [{ name, type, meshId: null, synonyms: names(id) }];
  return [
    ...conceptEntities,
    ...resolved.chemicalIds.filter((id) => !asked.has(id) && mesh(id)).map((id) => annotatedEntity(id, "chemical")),
    ...resolved.chemicalIds.flatMap((id) => written(id, "chemical", resolved.chemical)),
    ...(resolved.organ
      ? []
      : [
          ...resolved.diseaseIds.filter((id) => !asked.has(id) && mesh(id)).map((id) => annotatedEntity(id, "disease")),
          ...resolved.diseaseIds.flatMap((id) => written(id, "disease", resolved.target)),
        ]),
  ];
}

/**
 * The sentence a reading rests on: among the deciding pair's sentences of the abstract with the reading's negation
 * (a denial: negated), findings with a relation cue first, then other sentences with a cue, then findings, then the
 * rest (aims and methods), then the title; null when none.
 */
export function restingSentence(p: PairPrediction, title: string, negated: boolean): string | null {
  const rank = (s: { text: string; cue: string | null; start: number }) =>
    (s.start <= title.length ? 4 : 0) + (s.cue ? 0 : 2) + (mayStateFinding(s.text) ? 0 : 1);
  const pick = p.sentences
    .filter((s) => s.negated === negated)
    .sort((a, b) => rank(a) - rank(b) || a.start - b.start)[0];
  return pick?.text ?? null;
}

/**
 * Whether every sentence relating the pair is negated and one denies the relation, with a cue ("X did not induce Y")
 * or as a null finding ("no myopathy was observed with X", lib/text/findings.ts statesNullFinding), and whether the
 * denial is protective ("did not prevent").
 */
function denial(p: PairPrediction): { denied: boolean; protective: boolean } {
  const cued = p.sentences.filter((s) => s.negated && s.cue);
  const nullFinding = p.sentences.some((s) => s.negated && statesNullFinding(s.text));
  return {
    denied: p.negated && (cued.length > 0 || nullFinding),
    protective: cued.some((s) => isTherapeuticCue(s.cue ?? "")),
  };
}

// Readers see the probability in plain words; P(CID) is the relation model's internal name for it.
const pct = (p: number) => `relation probability ${p.toFixed(2)}`;

/**
 * What one record says about "chemical causes condition": "affirms" (P(CID) ≥ {@link RELATION_PROBABILITY}.yes, not
 * negated, not a treatment reading), "denies" (a cued sentence denies it), "opposite" (it reads the drug as treating
 * or preventing the condition, which outweighs an unsure harm), "possible" (≥ .possibly), "none" (names both without
 * the relation).
 */
function causation(
  preds: PairPrediction[],
  at: { yes: number; possibly: number },
): { outcome: RelationOutcome; p: PairPrediction } {
  const open = preds.filter((p) => !p.negated && p.relation !== "treats");
  const best = open[0];
  if (best && best.probability >= at.yes) return { outcome: "affirms", p: best };
  const denied = preds.find((p) => denial(p).denied && !denial(p).protective);
  if (denied) return { outcome: "denies", p: denied };
  // An unsure harm does not outweigh a treatment reading of the same record: with a disease and its narrower concepts
  // read at once, "clonazepam [treats] seizures" beside a weak "clonazepam-induced status epilepticus" is a treatment.
  const treats = preds.find((p) => p.relation === "treats");
  if (treats) return { outcome: "opposite", p: treats };
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
 * The stance of an outcome on the proposition: for "X causes Y" an affirmation is yes, a possible one possibly, a
 * denial (a cued denial or a null finding) or an opposite reading (it treats or prevents Y) no; for "X does not cause
 * Y" ("Is X safe for the heart?") the other way round, and a possible report of the harm is already no (a denial is
 * contradicted by a record that may show the harm). A record that names both without reporting the relation either
 * way is "unreported": neither for nor against ("the relation model reads no relation" means this record does not
 * show it, not that it shows it does not happen). For "X treats Y" no relation is possibly (the relation model reads
 * no treatment absence).
 */
function stanceOf(outcome: RelationOutcome, relation: "causes" | "treats", negated: boolean): RecordStance {
  if (outcome === "none") return "unreported";
  if (outcome === "affirms") return negated ? "no" : "yes";
  if (outcome === "possible") return negated && relation === "causes" ? "no" : "possibly";
  return negated ? "yes" : "no";
}

/**
 * Why a record reads as it does, in plain words ("names X and Y; the relation model reads it as X-induced Y (…)").
 */
export function why(outcome: RelationOutcome, relation: "causes" | "treats", p: PairPrediction): string {
  const pair = `${p.chemical} and ${p.disease}`;
  const induced = `${p.chemical}-induced ${p.disease}`;
  if (relation === "treats") {
    if (outcome === "affirms") return `names ${pair}; reads ${p.chemical} as treating or preventing ${p.disease}`;
    if (outcome === "denies")
      return `names ${pair}; a sentence denies that ${p.chemical} prevents or treats ${p.disease}`;
    if (outcome === "opposite")
      return `names ${pair}; the relation model reads it as ${induced} (${pct(p.probability)})`;
    return `names ${pair}; no sentence reads ${p.chemical} as treating or preventing ${p.disease}`;
  }
  if (outcome === "affirms") return `names ${pair}; the relation model reads it as ${induced} (${pct(p.probability)})`;
  if (outcome === "possible")
    return `names ${pair}; the relation model leans to ${induced} but is unsure (${pct(p.probability)})`;
  if (outcome === "denies") return `names ${pair}; a sentence denies that ${p.chemical} causes ${p.disease}`;
  if (outcome === "opposite")
    return `names ${pair}; reads ${p.chemical} as treating or preventing ${p.disease}, not causing it`;
  return `names ${pair} but does not report ${induced}: the relation model reads no relation (${pct(p.probability)})`;
}

/**
 * The stance and bearing of a record from the predictions of the proposition's pairs in it (non-empty): what it
 * says about the relation ({@link causation} or {@link treatment}), made a stance by the proposition's polarity
 * ({@link stanceOf}), with the deciding pair. Pure, for readRelation and for calibration.
 */
export function stanceFromPredictions(
  predictions: PairPrediction[],
  resolved: Pick<ResolvedProposition, "relation" | "negated" | "organ">,
  at: RelationThresholds = RELATION_PROBABILITY,
  organUnrelated = ORGAN_UNRELATED_BEARING,
  pairUnrelated = PAIR_UNRELATED_BEARING,
): { stance: RecordStance; bearing: number; outcome: RelationOutcome; p: PairPrediction } {
  const thresholds = resolved.organ
    ? { yes: at.organYes, possibly: at.organPossibly }
    : { yes: at.yes, possibly: resolved.negated ? Math.max(at.possibly, at.denialPossibly) : at.possibly };
  const { outcome, p } = resolved.relation === "treats" ? treatment(predictions) : causation(predictions, thresholds);
  const bearing = unrelatedBearing(resolved, p, at, organUnrelated, pairUnrelated);
  return { stance: stanceOf(outcome, resolved.relation, resolved.negated), bearing, outcome, p };
}
