import { z } from "zod";

/**
 * A drug or condition of a question or claim read as a concept of the vocabulary (MeSH 2024 and the Human Disease
 * Ontology, lib/vocabularies): `written` as the text writes it ("statins"), `id` the MeSH descriptor ("D019161") or
 * DOID, `name` its preferred name ("Hydroxymethylglutaryl-CoA Reductase Inhibitors"), `kind` "drug", "class" (its
 * members count: lovastatin for statins), "disease", or "organ" (a heading whose subtree is an organ's diseases:
 * Kidney Diseases for "nephrotoxic"), `via` how it was recognised: a MeSH term, a Disease Ontology synonym, an organ
 * word, or the records' own annotations.
 */
export const questionConceptSummarySchema = z.object({
  role: z.enum(["chemical", "condition"]),
  written: z.string(),
  id: z.string(),
  name: z.string(),
  kind: z.enum(["drug", "class", "disease", "organ"]),
  via: z.enum(["mesh", "do", "organ", "annotation"]),
});
export type QuestionConceptSummary = z.infer<typeof questionConceptSummarySchema>;

/**
 * An annotated concept that answers a question only indirectly: a class the asked drug belongs to, a broader disease,
 * or a cousin under a shared parent (`via`: "Lung Diseases" for pneumonitis when pulmonary fibrosis is asked).
 */
export const relatedConceptSchema = z.object({
  role: z.enum(["chemical", "condition"]),
  id: z.string(),
  name: z.string(),
  kind: z.enum(["broader", "related"]),
  via: z.string().nullable(),
});
export type RelatedConcept = z.infer<typeof relatedConceptSchema>;

/**
 * Which way one record points on a question or claim (the evidence meter's categories; lib/reading/stance.ts):
 * yes, possibly, no (a denial, a null finding or the opposite reading), related (the relation for a related concept
 * only), unreported (names both without reporting the effect either way), irrelevant.
 */
export const recordStanceSchema = z.enum(["yes", "possibly", "no", "related", "unreported", "irrelevant"]);

/**
 * One concept of the pair a reading rests on and how it matched the one asked about: `written` as the record names it,
 * `id` (MeSH where annotated), `kind` exact / narrower / broader / related, `asked` the question's own wording of the
 * concept it matched, `via` the shared parent of a related one ("Lung Diseases").
 */
export const conceptMatchSchema = z.object({
  role: z.enum(["chemical", "condition"]),
  written: z.string(),
  id: z.string(),
  kind: z.enum(["exact", "narrower", "broader", "related"]),
  asked: z.string(),
  via: z.string().nullable(),
});

/**
 * One record's reading of the run's question, as the run JSON lists it: stance, reason in plain words, the sentence
 * it rests on, bearing 0–1, how it was read (relation model, finding cues, not read) and the concepts matched.
 */
export const recordReadingSchema = z.object({
  evidenceId: z.string(),
  stance: recordStanceSchema,
  reason: z.string(),
  passage: z.string().nullable(),
  bearing: z.number(),
  method: z.enum(["relation-model", "finding-cues", "not-read"]),
  match: z.array(conceptMatchSchema),
});

/**
 * How a run's question was read: the proposition in one line ("statins — causes — myopathy"), the concepts read
 * with their MeSH IDs, the annotated concepts that answer only indirectly, and the vocabulary's version ("MeSH 2024 ·
 * Disease Ontology 2016-09-01"; null when it is not built).
 */
export const questionReadingSchema = z.object({
  proposition: z.string(),
  concepts: z.array(questionConceptSummarySchema),
  related: z.array(relatedConceptSchema),
  vocabulary: z.string().nullable(),
});
export type QuestionReading = z.infer<typeof questionReadingSchema>;
