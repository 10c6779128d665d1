import { z } from "zod";

/**
 * One link of a drug → target → pathway → effect chain, with the PMIDs (or evidence ids) that support it.
 * `curated`: the curated database annotation the link also rests on, e.g. "NCBI Gene GO annotation GO:0060307"
 * for a target → pathway link taken from the gene's Gene Ontology annotations (absent: literature only).
 */
export const linkSupportSchema = z.object({
  from: z.string(),
  to: z.string(),
  evidenceIds: z.array(z.string()),
  curated: z.string().optional(),
});
export type LinkSupport = z.infer<typeof linkSupportSchema>;

/**
 * A mechanistic hypothesis (after DeepCritical phase 7's MechanismHypothesis).
 * `confidence` is 0–1; `supportingEvidence` / `contradictingEvidence` are evidence ids (see evidenceKey);
 * `links` gives the evidence behind each link of the chain (empty when the backend cannot tell).
 * Typed node ids, each optional for backward compatibility (absent: not normalised; runs saved before chains
 * were typed have none): `drugMeshId` / `effectMeshId` MeSH descriptor IDs ("D008094"); `targetGeneId` the
 * NCBI Gene (Entrez) ID ("3757") and `targetSymbol` its official symbol ("KCNH2"); `pathwayGoId` a Gene Ontology
 * biological-process ID ("GO:0006915"). null means normalisation was tried and matched nothing: a null
 * `targetGeneId` is shown as an unrecognised target.
 */
export const mechanismHypothesisSchema = z.object({
  drug: z.string(),
  target: z.string(),
  pathway: z.string(),
  effect: z.string(),
  confidence: z.number().min(0).max(1),
  supportingEvidence: z.array(z.string()),
  contradictingEvidence: z.array(z.string()),
  searchSuggestions: z.array(z.string()),
  links: z.array(linkSupportSchema),
  drugMeshId: z.string().nullable().optional(),
  targetGeneId: z.string().nullable().optional(),
  targetSymbol: z.string().nullable().optional(),
  pathwayGoId: z.string().nullable().optional(),
  effectMeshId: z.string().nullable().optional(),
});
export type MechanismHypothesis = z.infer<typeof mechanismHypothesisSchema>;

/**
 * A HypothesisSet: the hypotheses of one iteration, its primary one and its gaps (the hypothesis agent's output).
 * `noHypothesisReason`: when an LLM hypothesis agent proposed none, why (its reading of the evidence); absent
 * otherwise.
 */
export const hypothesisSetSchema = z.object({
  hypotheses: z.array(mechanismHypothesisSchema),
  primaryHypothesis: mechanismHypothesisSchema.nullable(),
  knowledgeGaps: z.array(z.string()),
  recommendedSearches: z.array(z.string()),
  noHypothesisReason: z.string().optional(),
});
export type HypothesisSet = z.infer<typeof hypothesisSetSchema>;

/** Human-readable chain, e.g. "lithium → vasopressin → aquaporin-2 → nephrogenic diabetes insipidus". */
export function chainLabel(h: Pick<MechanismHypothesis, "drug" | "target" | "pathway" | "effect">): string {
  return [h.drug, h.target, h.pathway, h.effect].join(" → ");
}

/**
 * Whether a hypothesis' target was normalised to a gene: "recognised", "unrecognised" (tried, no match) or "unknown"
 * (never tried).
 */
export function targetStatus(h: Pick<MechanismHypothesis, "targetGeneId">): "recognised" | "unrecognised" | "unknown" {
  if (h.targetGeneId === undefined) return "unknown";
  return h.targetGeneId === null ? "unrecognised" : "recognised";
}
