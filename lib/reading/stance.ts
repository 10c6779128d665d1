/**
 * Which way one record points on a question or claim (the evidence meter's categories, after Consensus's meter):
 * "yes" — it answers yes (a claim: in line with it); "possibly" — it bears on the question but its answer is
 * unsure or hedged; "no" — it answers no (against the claim); "irrelevant" — it does not bear on the question.
 */
export type RecordStance = "yes" | "possibly" | "no" | "irrelevant";

/** The stances in meter order. */
export const RECORD_STANCES: readonly RecordStance[] = ["yes", "possibly", "no", "irrelevant"];

/**
 * How one record was read, shown beside it in the report and the claim check:
 * - `stance`: see {@link RecordStance};
 * - `reason`: why, in plain words ("names lithium and nephrogenic diabetes insipidus; the relation model reads it
 *   as lithium-induced nephrogenic diabetes insipidus (P(CID) 0.91)");
 * - `passage`: the sentence of its title or abstract the stance rests on, as written there; null when none does;
 * - `bearing`: how strongly it bears on the question, 0–1 (1 for a record naming the drug and the condition; for a
 *   finding-cue reading the share of the question's index terms it holds), which weighs it in the verdict;
 * - `method`: "relation-model" (the chemical–disease relation model read the drug and the condition in it),
 *   "finding-cues" (a question not about a drug and a condition: result-cue words of its findings), "not-read"
 *   (retracted, off topic or without an abstract).
 */
export interface StanceReading {
  evidenceId: string;
  stance: RecordStance;
  reason: string;
  passage: string | null;
  bearing: number;
  method: "relation-model" | "finding-cues" | "not-read";
}
