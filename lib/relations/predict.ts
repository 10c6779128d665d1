import { analyzeDocument } from "./analyze";
import { decideAll } from "./decide";
import type { FeatureContext } from "./features";
import { featureIndex, priorLookup, vocabularyOf, type RelationWeights } from "./model";
import type { PairPrediction, RelationDocument } from "./types";
import committed from "./weights.json";

const WEIGHTS = committed as unknown as RelationWeights;
const INDEX = featureIndex(WEIGHTS.features);
const CONTEXT: FeatureContext = { prior: priorLookup(WEIGHTS.priors), vocabulary: vocabularyOf(WEIGHTS.features) };

/** The decision threshold on P(CID) of the committed weights (tuned for F1 on CDR_DevelopmentSet). */
export const CID_THRESHOLD: number = WEIGHTS.threshold;

/**
 * Predicts every chemical × disease pair of a document (by concept ID; "-1" mentions skipped, composite IDs
 * expanded), sorted by probability descending. See decideAll for the per-document fallback rule.
 */
export function predictRelations(doc: RelationDocument): PairPrediction[] {
  return decideAll(analyzeDocument(doc), CONTEXT, WEIGHTS, INDEX);
}

/** The prediction for one pair of a document (decided among all its pairs), or null when either ID has no mention in it. */
export function classifyPair(doc: RelationDocument, chemicalId: string, diseaseId: string): PairPrediction | null {
  return predictRelations(doc).find((p) => p.chemicalId === chemicalId && p.diseaseId === diseaseId) ?? null;
}
