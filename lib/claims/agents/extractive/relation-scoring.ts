import { documentRelationSchema, type DocumentRelation, type DocumentScore } from "@/lib/domain/claim-check";
import type { PairPrediction } from "@/lib/relations";
import { STRONG_PROBABILITY } from "@/lib/reading/record";
import type { StanceReading } from "@/lib/reading/stance";

/**
 * The pair as a document score stores it: the fields of the prediction that documentRelationSchema has (not its
 * sentences), in the schema's order, P(CID) rounded to 3 decimals.
 */
function relationOf(p: PairPrediction): DocumentRelation {
  return documentRelationSchema.parse({ ...p, probability: Math.round(p.probability * 1000) / 1000 });
}

/**
 * A document's score for a claim with a polarity reading, from its reading in lib/reading (the one the research
 * bottom line uses), 0–5 for support of the counter-statement like the lexical scorer:
 * - "no" (against the claim: a denial, a null finding, the opposite reading, or the harm a denial denies) → stance
 *   "counter", score 4, +1 when P(CID) of the pair read is at least {@link STRONG_PROBABILITY} and the record states
 *   the harm;
 * - "yes" (in line with the claim) → stance "claim", score 1;
 * - "possibly" → "neutral", score 2 (on topic, unsure);
 * - "unreported" (names both, reports neither way) and "related" (a related concept) → "neutral", score 1: shown,
 *   never for or against, so the counter-report never quotes them;
 * - "irrelevant" → "neutral", score 0 (off topic).
 * The rationale is the reading's reason; `reading` the stance itself.
 */
export function scoreFromReading(reading: StanceReading, pair: PairPrediction | null): DocumentScore {
  const relation = pair ? relationOf(pair) : null;
  const rationale = `Relation model: ${reading.reason}.`;
  const base = { rationale, relation, reading: reading.stance };
  if (reading.stance === "irrelevant")
    return { ...base, score: 0, stance: "neutral", rationale: `Off topic: ${reading.reason}.` };
  if (reading.stance === "yes") return { ...base, score: 1, stance: "claim" };
  if (reading.stance === "possibly") return { ...base, score: 2, stance: "neutral" };
  if (reading.stance === "unreported" || reading.stance === "related") return { ...base, score: 1, stance: "neutral" };
  const strong = pair !== null && pair.relation !== "treats" && !pair.negated && pair.probability >= STRONG_PROBABILITY;
  return { ...base, score: 4 + (strong ? 1 : 0), stance: "counter" };
}

/**
 * The stance a polar claim's document score stands for: its `reading` when the score carries it, else (scores saved
 * before it did) the inverse of {@link scoreFromReading}: "claim" → yes, "counter" → no, a neutral score of 2 →
 * possibly, else irrelevant. The claim verdict weighs these as the research bottom line weighs its records, so the
 * same question asked two ways gets the same answer.
 */
export function stanceOfScore(s: DocumentScore): StanceReading["stance"] {
  if (s.reading) return s.reading;
  if (s.stance === "claim") return "yes";
  if (s.stance === "counter") return "no";
  return s.score === 2 ? "possibly" : "irrelevant";
}
