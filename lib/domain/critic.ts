/**
 * The critic's deterministic checks (layer 1 of the Reflexion critic node in the seeds, adapted to reports):
 * - `required-sections`: every required section is present and non-empty;
 * - `paragraph-citations`: every factual paragraph (of the executive summary, findings and conclusion, stating
 *   a finding: see statesFinding) cites evidence;
 * - `dosage-citations`: a dosage appears only in a sentence that cites evidence;
 * - `references-in-evidence`: every reference and marker names a record of the run's evidence, and the model's
 *   draft needed no reference, marker or quotation removed.
 */
export type DeterministicCheckId = "required-sections" | "paragraph-citations" | "dosage-citations" | "references-in-evidence";

/** One check's result; `issues` has one line per problem found (empty when passed). */
export interface DeterministicCheck {
  id: DeterministicCheckId;
  label: string;
  passed: boolean;
  issues: string[];
}

/** Repairs the report agent made to the model's draft (references, markers or quotations removed or replaced). */
export interface ReportRepair {
  kind: "reference" | "marker" | "quote" | "identifier";
  detail: string;
}

/** One cited sentence the entailment check found unsupported by the abstracts it cites. */
export interface EntailmentIssue {
  section: string;
  sentence: string;
  issue: string;
}

/**
 * The entailment check's verdict: PASS when every cited sentence checked is entailed by the abstracts it cites,
 * FAIL otherwise; `claimsChecked` is how many cited sentences were checked.
 */
export interface EntailmentVerdict {
  verdict: "PASS" | "FAIL";
  issues: EntailmentIssue[];
  claimsChecked: number;
}
