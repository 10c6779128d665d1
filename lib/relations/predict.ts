import { analyzeDocument } from "./analyze";
import { decideAll } from "./decide";
import type { FeatureContext } from "./features";
import { featureIndex, priorLookup, vocabularyOf, type RelationWeights } from "./model";
import type { PairPrediction, RelationDocument } from "./types";
import committed from "./weights.json";

interface LoadedModel {
  weights: RelationWeights;
  index: Map<string, number>;
  context: FeatureContext;
}

function load(weights: RelationWeights): LoadedModel {
  return {
    weights,
    index: featureIndex(weights.features),
    context: { prior: priorLookup(weights.priors), vocabulary: vocabularyOf(weights.features) },
  };
}

const COMMITTED: LoadedModel = load(committed as unknown as RelationWeights);
let active: LoadedModel = COMMITTED;

/** The decision threshold on P(CID) of the committed weights (tuned for F1 on CDR_DevelopmentSet). */
export const CID_THRESHOLD: number = (committed as unknown as RelationWeights).threshold;

/**
 * Replaces the model every later prediction of this process uses (the committed weights until then). For held-out
 * evaluation only: a benchmark that reads CDR_DevelopmentSet records swaps in the model fitted on CDR_TrainingSet
 * alone (weights.json `devModel` with training-set priors), so that it never reads a document the model was fitted
 * on. Call it before any record is read (callers cache predictions per record); null restores the committed weights.
 */
export function setRelationWeights(weights: RelationWeights | null): void {
  active = weights ? load(weights) : COMMITTED;
}

/**
 * Predicts every chemical × disease pair of a document (by concept ID; "-1" mentions skipped, composite IDs
 * expanded), sorted by probability descending. See decideAll for the per-document fallback rule.
 */
export function predictRelations(doc: RelationDocument): PairPrediction[] {
  return decideAll(analyzeDocument(doc), active.context, active.weights, active.index);
}

/**
 * The prediction for one pair of a document (decided among all its pairs), or null when either ID has no mention in it.
 */
export function classifyPair(doc: RelationDocument, chemicalId: string, diseaseId: string): PairPrediction | null {
  return predictRelations(doc).find((p) => p.chemicalId === chemicalId && p.diseaseId === diseaseId) ?? null;
}
