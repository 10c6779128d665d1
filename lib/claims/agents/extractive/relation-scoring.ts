import type { DocumentRelation, DocumentScore } from "@/lib/domain/claim-check";
import type { PairPrediction } from "@/lib/relations";
import { RELATION_PROBABILITY, STRONG_PROBABILITY } from "@/lib/reading/record";
import type { StanceReading } from "@/lib/reading/stance";

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

/**
 * A document's score for a claim with a polarity reading, from its reading in lib/reading (the one the research
 * bottom line uses), 0–5 for support of the counter-statement like the lexical scorer:
 * - "no" (against the claim) → stance "counter", score 3, +1 when a sentence states it (a denial, a treatment
 *   reading, or the harm a denial denies, as opposed to a pair named without a relation), +1 when P(CID) of the
 *   pair read is at least {@link STRONG_PROBABILITY} and the record states the harm;
 * - "yes" (in line with the claim) → stance "claim", score 1;
 * - "possibly" → "neutral", score 2 (on topic, unsure); "irrelevant" → "neutral", score 0 (off topic).
 * The rationale is the reading's reason.
 */
export function scoreFromReading(reading: StanceReading, pair: PairPrediction | null): DocumentScore {
  const relation = pair ? relationOf(pair) : null;
  const rationale = `Relation model: ${reading.reason}.`;
  if (reading.stance === "irrelevant")
    return { score: 0, stance: "neutral", rationale: `Off topic: ${reading.reason}.`, relation };
  if (reading.stance === "yes") return { score: 1, stance: "claim", rationale, relation };
  if (reading.stance === "possibly") return { score: 2, stance: "neutral", rationale, relation };
  const stated = !(
    pair &&
    pair.relation === "none" &&
    !pair.negated &&
    pair.probability < RELATION_PROBABILITY.possibly
  );
  const strong = pair !== null && pair.relation !== "treats" && !pair.negated && pair.probability >= STRONG_PROBABILITY;
  return { score: 3 + (stated ? 1 : 0) + (strong ? 1 : 0), stance: "counter", rationale, relation };
}

/**
 * The stance a polar claim's document score stands for (the inverse of {@link scoreFromReading}): "claim" → yes,
 * "counter" → no, a neutral score of 2 → possibly, else irrelevant. The claim verdict weighs these as the research
 * bottom line weighs its records, so the same question asked two ways gets the same answer.
 */
export function stanceOfScore(s: DocumentScore): StanceReading["stance"] {
  if (s.stance === "claim") return "yes";
  if (s.stance === "counter") return "no";
  return s.score === 2 ? "possibly" : "irrelevant";
}
