import { z } from "zod";

/**
 * The critic's deterministic checks (layer 1 of the Reflexion critic node in the seeds, adapted to reports):
 * - `required-sections`: every required section is present and non-empty;
 * - `paragraph-citations`: every factual paragraph (of the executive summary, findings and conclusion, stating
 *   a finding: see statesFinding) cites evidence;
 * - `dosage-citations`: a dosage appears only in a sentence that cites evidence;
 * - `references-in-evidence`: every reference and marker names a record of the run's evidence, and the model's
 *   draft needed no reference, marker or quotation removed.
 */
export const deterministicCheckIdSchema = z.enum([
  "required-sections",
  "paragraph-citations",
  "dosage-citations",
  "references-in-evidence",
]);
export type DeterministicCheckId = z.infer<typeof deterministicCheckIdSchema>;

/** One check's result; `issues` has one line per problem found (empty when passed). */
export const deterministicCheckSchema = z.object({
  id: deterministicCheckIdSchema,
  label: z.string(),
  passed: z.boolean(),
  issues: z.array(z.string()),
});
export type DeterministicCheck = z.infer<typeof deterministicCheckSchema>;

/** Repairs the report agent made to the model's draft (references, markers or quotations removed or replaced). */
export const reportRepairSchema = z.object({
  kind: z.enum(["reference", "marker", "quote", "identifier", "statement"]),
  detail: z.string(),
});
export type ReportRepair = z.infer<typeof reportRepairSchema>;

/** One cited sentence the entailment check found unsupported by the abstracts it cites. */
export const entailmentIssueSchema = z.object({ section: z.string(), sentence: z.string(), issue: z.string() });
export type EntailmentIssue = z.infer<typeof entailmentIssueSchema>;

/**
 * The entailment check's verdict: PASS when every cited sentence checked is entailed by the abstracts it cites,
 * FAIL otherwise; `claimsChecked` is how many cited sentences were checked.
 */
export const entailmentVerdictSchema = z.object({
  verdict: z.enum(["PASS", "FAIL"]),
  issues: z.array(entailmentIssueSchema),
  claimsChecked: z.number().int().min(0),
});
export type EntailmentVerdict = z.infer<typeof entailmentVerdictSchema>;
