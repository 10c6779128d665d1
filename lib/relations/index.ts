/**
 * Chemical-induced-disease relation model (BioCreative V CDR): see predict.ts for the API, features.ts for
 * what the model reads, scripts/train-relations.ts for how weights.json is made.
 */
export { predictRelations } from "./predict";
export { findMentions, type KnownEntity } from "./mentions";
export type { PairPrediction } from "./types";
