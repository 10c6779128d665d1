import type { PriorCounts, PriorLookup } from "./features";

/** Precision/recall/F1 with their counts, as measured on a split. */
export interface Scores {
  precision: number;
  recall: number;
  f1: number;
  tp: number;
  fp: number;
  fn: number;
}

/**
 * The committed model (lib/relations/weights.json): a binary logistic regression over named features, trained
 * by scripts/train-relations.ts with the ml-logistic-regression package, plus the training-set priors.
 */
export interface RelationWeights extends StageWeights {
  model: { package: string; version: string; numSteps: number; learningRate: number };
  /**
   * The second stage (lib/relations/context.ts): weights over the document-context features (the first stage's logit
   * among them), whose P(CID) replaces the first stage's. Absent in models trained before it (then P is the first
   * stage's).
   */
  context?: StageWeights;
  /** Decision threshold on P(CID), tuned for F1 on CDR_DevelopmentSet. */
  threshold: number;
  /** Lower threshold for a document's most probable pair when no pair reaches `threshold` (see decideAll). */
  fallbackThreshold?: number;
  /** [CID pairs, pairs seen] per chemical ID, disease ID and "chemical|disease" key, over Training+Development. */
  priors: {
    chemical: Record<string, PriorCounts>;
    disease: Record<string, PriorCounts>;
    pair: Record<string, PriorCounts>;
    /** "A>B": [documents where disease A is in a gold pair and B in none, documents with both]. */
    dominance?: Record<string, PriorCounts>;
  };
  /** Scores on CDR_DevelopmentSet of the model trained on CDR_TrainingSet alone with these hyperparameters. */
  dev: Scores;
  trainedAt: string;
  trainedOn: string[];
}

/**
 * A logistic-regression stage: feature names in weight order (the first stage's: ENGINEERED_FEATURES, then vocabulary
 * words "b:", "c:", "d:", "h:") and one weight per name (the bias is the "bias" feature, always 1).
 */
export interface StageWeights {
  features: string[];
  weights: number[];
}

/** Logistic function, numerically safe for large |z|. */
export function sigmoid(z: number): number {
  return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
}

const indices = new WeakMap<readonly string[], Map<string, number>>();

/** Maps feature names to weight indices (built once per names array, then cached). */
export function featureIndex(names: readonly string[]): Map<string, number> {
  let index = indices.get(names);
  if (!index) indices.set(names, (index = new Map(names.map((n, i) => [n, i]))));
  return index;
}

/** P(CID) = sigmoid(w · x) over the named features; unknown feature names are ignored. */
export function probability(
  weights: readonly number[],
  index: Map<string, number>,
  features: Map<string, number>,
): number {
  let z = 0;
  for (const [name, value] of features) {
    const i = index.get(name);
    if (i !== undefined) z += weights[i] * value;
  }
  return sigmoid(z);
}

/** A prior lookup over stored counts; unseen keys give [0, 0]. */
export function priorLookup(priors: RelationWeights["priors"]): PriorLookup {
  return (kind, key) => priors[kind]?.[key] ?? [0, 0];
}

/** The vocabulary words of a feature list (names with a "b:", "c:", "d:" or "h:" prefix). */
export function vocabularyOf(names: readonly string[]): Set<string> {
  return new Set(names.filter((n) => /^[bcdh]:/.test(n)));
}
