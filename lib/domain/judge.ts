import { z } from "zod";

/**
 * The judge's assessment of one iteration (DeepCritical's JudgeAssessment).
 * Scores are integers 0–10; `confidence` is 0–1. `recommendation` is "synthesize" when the evidence
 * suffices (or the iteration cap is reached), else "continue" with `nextSearchQueries`.
 */
export const judgeAssessmentSchema = z.object({
  mechanismScore: z.number().int().min(0).max(10),
  mechanismReasoning: z.string(),
  clinicalScore: z.number().int().min(0).max(10),
  clinicalReasoning: z.string(),
  drugCandidates: z.array(z.string()),
  keyFindings: z.array(z.string()),
  sufficient: z.boolean(),
  confidence: z.number().min(0).max(1),
  recommendation: z.enum(["continue", "synthesize"]),
  nextSearchQueries: z.array(z.string()),
  reasoning: z.string(),
});
export type JudgeAssessment = z.infer<typeof judgeAssessmentSchema>;

/**
 * Minimum combined score for sufficiency. Source: DeepCritical's judge rule
 * (mechanism_score + clinical_score >= 12, at least one drug candidate, clear mechanism).
 */
export const SUFFICIENT_COMBINED_SCORE = 12;

/**
 * Minimum mechanism score that counts as "a clear mechanism" (our reading of DeepCritical's rule, whose
 * rubric describes 6–7 as "mechanism described with some supporting evidence").
 */
export const CLEAR_MECHANISM_SCORE = 6;

/** DeepCritical's default sufficiency rule, applied to the judge's scores whatever the backend. */
export function isSufficient(a: Pick<JudgeAssessment, "mechanismScore" | "clinicalScore" | "drugCandidates">): boolean {
  return (
    a.mechanismScore + a.clinicalScore >= SUFFICIENT_COMBINED_SCORE &&
    a.drugCandidates.length > 0 &&
    a.mechanismScore >= CLEAR_MECHANISM_SCORE
  );
}
