import type { ClaimReading, DocumentRelation, DocumentScore } from "@/lib/domain/claim-check";
import type { Evidence } from "@/lib/domain/evidence";
import { findMentions, predictRelations, type KnownEntity, type PairPrediction } from "@/lib/relations";
import { isOrganDisease } from "@/lib/vocabularies/organs";
import type { PolarClaim } from "../../polarity";
import { mayStateFinding } from "./extraction";
import { asPassage } from "./passages";

/** The annotated names of a set of documents by annotation ID, and the IDs of each lower-cased name. */
export interface AnnotationIndex {
  namesById: Map<string, Map<string, number>>;
  /** How each lower-cased name was first written ("DCM" for "dcm"). */
  written: Map<string, string>;
  idsByName: Map<string, Set<string>>;
  typeById: Map<string, "chemical" | "disease">;
}

/** What one document says about the claim: its score and the abstract passages that carry the deciding relation. */
export interface RelationAssessment {
  score: DocumentScore;
  passages: string[];
}

/**
 * Least P(CID) for the "strong relation" point of the score, and for a causation reading to count against a
 * treatment claim. Source: our choice — the upper range of the relation model's probabilities (its decision
 * threshold, tuned on CDR_DevelopmentSet, lies well below).
 */
export const STRONG_PROBABILITY = 0.8;

/** Protective or therapeutic cue words of a negated sentence ("did not prevent"), by word start. Source: lib/relations cue lists. */
const PROTECTIVE_CUE = /^(?:prevent|protect|attenuat|amelior|revers|inhibit|alleviat|abolish|counteract|suppress|antagoni|reliev|rescu|abrogat|lessen|treat|therap|efficac|effective|cure|benefic)/i;

/** The index of the chemical and disease annotations of `documents`: names (lower-cased, with record counts) per ID. */
export function annotationIndex(documents: Evidence[]): AnnotationIndex {
  const index: AnnotationIndex = { namesById: new Map(), written: new Map(), idsByName: new Map(), typeById: new Map() };
  for (const d of documents) {
    for (const e of d.entities) {
      if (e.type === "gene") continue;
      const name = e.name.toLowerCase().trim();
      if (name.length < 2) continue;
      if (!index.written.has(name)) index.written.set(name, e.name.trim());
      for (const id of (e.meshId ?? name).split("|")) {
        const names = index.namesById.get(id) ?? index.namesById.set(id, new Map()).get(id)!;
        names.set(name, (names.get(name) ?? 0) + 1);
        (index.idsByName.get(name) ?? index.idsByName.set(name, new Set()).get(name)!).add(id);
        index.typeById.set(id, e.type);
      }
    }
  }
  return index;
}

/** IDs a written name stands for: annotations of that name (also singular/plural); else the lower-cased name itself. */
function idsFor(text: string, type: "chemical" | "disease", index: AnnotationIndex): string[] {
  const name = text.toLowerCase().trim();
  const variants = [name, name.replace(/s$/, ""), `${name}s`, name.replace(/ies$/, "y"), name.replace(/y$/, "ies")];
  const ids = new Set(variants.flatMap((v) => [...(index.idsByName.get(v) ?? [])]).filter((id) => index.typeById.get(id) === type));
  return ids.size > 0 ? [...ids].sort() : [name];
}

function commonest(names: Map<string, number> | undefined, fallback: string): string {
  if (!names) return fallback;
  return [...names.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0][0];
}

/**
 * Resolves a polar claim against the documents' annotations: the chemical's IDs (annotations of its name, else
 * its lower-cased name), and the target's — for an organ, every annotated disease with a name of that organ
 * (lib/vocabularies/organs.ts {@link isOrganDisease}: "myocardial infarction", "arrhythmias" … for the heart), most
 * annotated first; else the annotations of the target's name.
 */
export function readPolarClaim(claim: PolarClaim, index: AnnotationIndex): ClaimReading {
  const chemicalIds = idsFor(claim.chemical, "chemical", index);
  let diseaseIds: string[];
  if (claim.organ) {
    const organ = claim.organ;
    const total = (id: string) => [...(index.namesById.get(id)?.values() ?? [])].reduce((a, b) => a + b, 0);
    diseaseIds = [...index.namesById.entries()]
      .filter(([id, names]) => index.typeById.get(id) === "disease" && [...names.keys()].some((n) => isOrganDisease(n, organ)))
      .map(([id]) => id)
      .sort((a, b) => total(b) - total(a) || a.localeCompare(b));
  } else {
    diseaseIds = idsFor(claim.target, "disease", index);
  }
  return {
    chemical: claim.chemical,
    target: claim.target,
    organ: claim.organ?.name ?? null,
    relation: claim.relation,
    negated: claim.negated,
    form: claim.form,
    chemicalIds,
    diseaseIds,
    diseases: diseaseIds.map((id) => index.written.get(commonest(index.namesById.get(id), id)) ?? id),
  };
}

/** The known entities of one record for mention finding: its annotations and the claim's pair, each with every annotated name of its ID. */
function knownEntities(record: Evidence, claim: PolarClaim, reading: ClaimReading, index: AnnotationIndex): KnownEntity[] {
  const names = (id: string) => [...(index.namesById.get(id)?.keys() ?? [])];
  const asEntity = (id: string, type: "chemical" | "disease", name: string): KnownEntity => ({
    name,
    type,
    meshId: /^[CD]\d{6,9}$/.test(id) ? id : null,
    synonyms: names(id),
  });
  const own = record.entities.flatMap((e) => (e.type === "gene" ? [] : (e.meshId ?? e.name.toLowerCase()).split("|").map((id) => asEntity(id, e.type as "chemical" | "disease", e.name))));
  const pair = [
    ...reading.chemicalIds.map((id) => asEntity(id, "chemical", id === reading.chemicalIds[0] ? claim.chemical : commonest(index.namesById.get(id), id))),
    ...(claim.organ ? [] : reading.diseaseIds.map((id) => asEntity(id, "disease", claim.target))),
  ];
  return [...own, ...pair];
}

/** A prediction as a vote: which relation it reports and whether it denies it; null when it reports none. */
function voteOf(p: PairPrediction): { kind: "causes" | "treats"; denied: boolean } | null {
  if (p.relation === "causes" || p.relation === "treats") return { kind: p.relation, denied: false };
  const cued = p.sentences.filter((s) => s.negated && s.cue);
  if (!p.negated || cued.length === 0) return null;
  return { kind: cued.some((s) => PROTECTIVE_CUE.test(s.cue ?? "")) ? "treats" : "causes", denied: true };
}

/**
 * What a vote says about the claim: "claim" (in line), "counter" (against) or "neutral".
 * - "X causes Y": a document reporting X causes Y is in line; one denying it ("X did not induce Y") is against.
 * - "X does not cause Y" / "X is safe for Y": reporting X causes Y is against; denying it is in line.
 * - "X treats / prevents Y": reporting X treats Y is in line; denying it, or reporting X causes Y, is against.
 * - "X does not prevent Y": reporting X treats Y is against; denying it is in line.
 * Other combinations (a treatment report for a causation claim) say nothing about the claim.
 */
export function voteStance(claim: Pick<PolarClaim, "relation" | "negated">, vote: { kind: "causes" | "treats"; denied: boolean }): "claim" | "counter" | "neutral" {
  const reports = !vote.denied;
  if (claim.relation === "causes") {
    if (vote.kind !== "causes") return "neutral";
    return reports !== claim.negated ? "claim" : "counter";
  }
  if (vote.kind === "causes") return reports && !claim.negated ? "counter" : "neutral";
  return reports !== claim.negated ? "claim" : "counter";
}

function relationOf(p: PairPrediction): DocumentRelation {
  return {
    chemicalId: p.chemicalId,
    diseaseId: p.diseaseId,
    chemical: p.chemical,
    disease: p.disease,
    relation: p.relation,
    negated: p.negated,
    probability: Math.round(p.probability * 1000) / 1000,
  };
}

function describe(p: PairPrediction): string {
  const what = p.relation === "none" ? (p.negated ? "a denied relation" : "no relation") : p.relation;
  return `${p.chemical} → ${p.disease}: ${what} (P(CID) = ${p.probability.toFixed(2)})`;
}

/**
 * Scores one record for a polar claim from the relation model's predictions (lib/relations, logistic regression
 * trained on BC5CDR), 0–5 for support of the counter-statement like the lexical scorer:
 * 1. mentions of the record's annotations and of the claim's pair are found in title + abstract (findMentions);
 * 2. every prediction for a chemical ID × disease ID of the claim ({@link readPolarClaim}) votes by
 *    {@link voteStance} (a causation reading against a treatment claim only with P(CID) ≥ {@link STRONG_PROBABILITY});
 *    votes reporting a relation outweigh denials (a record reporting one heart disease caused
 *    by X while denying another says X harms the heart); the record's stance is the side with more of the
 *    weightier votes ("neutral" on a tie);
 * 3. score = 3 + [≥ 2 votes or ≥ 2 sentences against] + [P(CID) ≥ {@link STRONG_PROBABILITY} of its strongest
 *    pair against], at most 5, for a record against the claim (so it reaches the threshold 3); 1 for a record in line
 *    with the claim or one that mentions the pair without a relation; 0 when the pair is not mentioned (off topic).
 * `passages`: the abstract sentences of the deciding pairs, findings with a relation cue first, as proposals.
 */
export function assessRecord(record: Evidence, claim: PolarClaim, reading: ClaimReading, index: AnnotationIndex): RelationAssessment {
  const { title, abstract } = record.citation;
  const mentions = findMentions(title, abstract, knownEntities(record, claim, reading, index));
  const chemicals = new Set(reading.chemicalIds);
  const diseases = new Set(reading.diseaseIds);
  const predictions = predictRelations({ title, abstract, mentions }).filter((p) => chemicals.has(p.chemicalId) && diseases.has(p.diseaseId));
  if (predictions.length === 0) {
    return { score: { score: 0, stance: "neutral", rationale: "Off topic: the claim's chemical and disease are not both mentioned.", relation: null }, passages: [] };
  }
  const votes = predictions.flatMap((p) => {
    const vote = voteOf(p);
    if (!vote) return [];
    // The CID model, trained on adverse-effect relations, gives treatment pairs moderate probabilities ("uroprophylaxis
    // with mesna" for cystitis: 0.72), so only a confident causation reading speaks against a treatment claim.
    const weak = claim.relation === "treats" && vote.kind === "causes" && p.probability < STRONG_PROBABILITY;
    return [{ p, denied: vote.denied, stance: weak ? ("neutral" as const) : voteStance(claim, vote) }];
  });
  // A reported relation outweighs denials of other pairs: "cocaine-associated MI … no patient exhibited
  // bradydysrhythmias" reports a heart disease caused by cocaine.
  const affirmed = votes.filter((v) => !v.denied && v.stance !== "neutral");
  const voted = affirmed.length > 0 ? affirmed : votes;
  const counter = voted.filter((v) => v.stance === "counter");
  const support = voted.filter((v) => v.stance === "claim");
  const stance = counter.length > support.length ? "counter" : support.length > counter.length ? "claim" : "neutral";
  const deciding = stance === "counter" ? counter : stance === "claim" ? support : [];
  const strongest = deciding[0]?.p ?? predictions[0];
  // The passage states the deciding relation as it was read: affirmed in a sentence that is not negated, a denial in one that is.
  const sentences = deciding.flatMap((v) => v.p.sentences.filter((s) => s.start > title.length && s.negated === v.denied));
  // Findings with a cue first, then other sentences with a cue, then findings, then the rest (aims and methods).
  const rank = (s: { text: string; cue: string | null }) => (s.cue ? 0 : 2) + (mayStateFinding(s.text) ? 0 : 1);
  const passages = [...new Set([...sentences].sort((a, b) => rank(a) - rank(b) || a.start - b.start).map((s) => asPassage(s.text)))];
  const rationale = `Relation model: ${describe(strongest)}${deciding.length > 1 ? ` and ${deciding.length - 1} more ${deciding.length === 2 ? "pair" : "pairs"}` : ""}; ${
    stance === "counter" ? "against the claim" : stance === "claim" ? "in line with the claim" : "neither for nor against the claim"
  }.`;
  if (stance !== "counter") return { score: { score: 1, stance, rationale, relation: relationOf(strongest) }, passages };
  const score = Math.min(5, 3 + (counter.length >= 2 || sentences.length >= 2 ? 1 : 0) + (strongest.probability >= STRONG_PROBABILITY ? 1 : 0));
  return { score: { score, stance, rationale, relation: relationOf(strongest) }, passages };
}
