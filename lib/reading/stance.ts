import type { z } from "zod";
import type { conceptMatchSchema, recordStanceSchema } from "@/lib/domain/reading";

/**
 * Which way one record points on a question or claim (the evidence meter's categories, after Consensus's meter):
 * - "yes": it answers yes (a claim: in line with it);
 * - "possibly": it bears on the question but its answer is unsure or hedged;
 * - "no": it answers no (against the claim): a denial, a null finding, or the opposite reading (it treats or
 *   protects) — never merely the absence of a statement;
 * - "related": it reports the relation for a related concept only (pneumonitis when pulmonary fibrosis is asked, a
 *   class when one drug is asked): shown and counted apart, never in the verdict;
 * - "unreported": it names both but does not report the effect either way ("does not report it"): shown, but neither
 *   for nor against;
 * - "irrelevant": it does not bear on the question.
 */
export type RecordStance = z.infer<typeof recordStanceSchema>;

/** The stances in meter order. */
export const RECORD_STANCES: readonly RecordStance[] = ["yes", "possibly", "no", "related", "unreported", "irrelevant"];

/** Whether a stance answers the question itself (yes, possibly or no). */
export function answers(stance: RecordStance): boolean {
  return stance === "yes" || stance === "possibly" || stance === "no";
}

/**
 * Which concept of a record a reading rests on, and how it relates to the one asked about: `written` as the record
 * names it ("pneumonitis"), `id` (MeSH where annotated), `kind` exact / narrower (lovastatin for statins, myxedema for
 * thyroid diseases) / broader / related (a cousin under `via`, "Lung Diseases"), and `asked`, the question's own
 * wording of the concept it matched ("pulmonary fibrosis").
 */
export type ConceptMatch = z.infer<typeof conceptMatchSchema>;

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
 *   (retracted, off topic or without an abstract);
 * - `match`: the concepts of the pair the reading rests on (drug, then condition), with how each matched; [] when
 *   none was read.
 */
export interface StanceReading {
  evidenceId: string;
  stance: RecordStance;
  reason: string;
  passage: string | null;
  bearing: number;
  method: "relation-model" | "finding-cues" | "not-read";
  match: ConceptMatch[];
}
