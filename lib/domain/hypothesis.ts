import { z } from "zod";

/** One link of a drug → target → pathway → effect chain, with the PMIDs (or evidence ids) that support it. */
export const linkSupportSchema = z.object({
  from: z.string(),
  to: z.string(),
  evidenceIds: z.array(z.string()),
});
export type LinkSupport = z.infer<typeof linkSupportSchema>;

/**
 * A mechanistic hypothesis (after DeepCritical phase 7's MechanismHypothesis).
 * `confidence` is 0–1; `supportingEvidence` / `contradictingEvidence` are evidence ids (see evidenceKey);
 * `links` gives the evidence behind each link of the chain (empty when the backend cannot tell).
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
});
export type MechanismHypothesis = z.infer<typeof mechanismHypothesisSchema>;

/** A HypothesisSet: the hypotheses of one iteration, its primary one and its gaps (the hypothesis agent's output). */
export const hypothesisSetSchema = z.object({
  hypotheses: z.array(mechanismHypothesisSchema),
  primaryHypothesis: mechanismHypothesisSchema.nullable(),
  knowledgeGaps: z.array(z.string()),
  recommendedSearches: z.array(z.string()),
});
export type HypothesisSet = z.infer<typeof hypothesisSetSchema>;

/** Human-readable chain, e.g. "lithium → vasopressin → aquaporin-2 → nephrogenic diabetes insipidus". */
export function chainLabel(h: Pick<MechanismHypothesis, "drug" | "target" | "pathway" | "effect">): string {
  return [h.drug, h.target, h.pathway, h.effect].join(" → ");
}
