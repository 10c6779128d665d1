import { z } from "zod";
import { publicationFields, sourceIdSchema } from "./evidence";
import { passageCitationSchema } from "./fulltext";

/** A prose section whose text may carry inline [n] markers that refer to `references[n-1]`. */
export const reportSectionSchema = z.object({
  title: z.string(),
  content: z.string(),
});

/**
 * A reference of the report. It is always built in code from a collected evidence record, never from
 * generated text; `n` is its 1-based number as used by the [n] markers. The journal issue fields and the PMCID are
 * the record's (lib/domain/evidence.ts citationSchema), absent when it has none and on reports written before they
 * were kept.
 */
export const referenceSchema = z.object({
  n: z.number().int().min(1),
  evidenceId: z.string(),
  source: sourceIdSchema,
  ...publicationFields,
  pmid: z.string().nullable(),
  doi: z.string().nullable(),
  pmcid: z.string().nullable().optional(),
  nctId: z.string().nullable(),
  url: z.string(),
});
export type Reference = z.infer<typeof referenceSchema>;

/** How each tested hypothesis fared: its chain and the counts of supporting and contradicting evidence. */
export const hypothesisTestedSchema = z.object({
  mechanism: z.string(),
  supported: z.number().int().min(0),
  contradicted: z.number().int().min(0),
});

/**
 * What the critic concluded about a report (lib/research/critic-loop.ts):
 * - "verified": the deterministic checks passed and, for LLM runs, the entailment check passed;
 * - "unverified": some check still failed after the allowed revisions; `failedChecks` lists them, one line each
 *   (e.g. "Dosage without a citation: “… 300 mg twice daily …”");
 * - "not-checked": no critic ran (reports saved before the critic existed).
 * `attempts` is the number of critic verdicts given (1 + revisions).
 */
export const reportVerificationSchema = z.object({
  status: z.enum(["verified", "unverified", "not-checked"]),
  failedChecks: z.array(z.string()),
  attempts: z.number().int().min(0),
});

/**
 * What one cited sentence of a model-written report rests on: the sentence as published (citation markers
 * removed), the record it cites (`evidenceId`) and the sentences of that record's abstract (or, numbered after it, of
 * its full text, with the passage) the model named by sentence id ("E3.2"), each as its 1-based number and its exact
 * text, looked up in the record (never copied by the
 * model). The critic checks the sentence against these, and the report page marks them in the abstract.
 */
export const sentenceSupportSchema = z.object({
  sentence: z.string(),
  evidenceId: z.string(),
  sentences: z.array(
    z.object({
      n: z.number().int().min(1),
      text: z.string(),
      /** A sentence of the record's full text (numbered after its abstract): the passage it stands in. */
      passage: passageCitationSchema.omit({ evidenceId: true, sentence: true }).optional(),
    }),
  ),
});
export type SentenceSupport = z.infer<typeof sentenceSupportSchema>;

/**
 * A report's "the evidence does not answer this" outcome: the reviewing model's reading of what the retrieved records
 * establish and why that does not answer the question (`reason`), and the evidence that would (`missing`, one item
 * each). Its report is written in code (what was searched, what is missing) and its bottom line is "unclear".
 */
export const notAnsweredSchema = z.object({ reason: z.string(), missing: z.array(z.string()) });

/**
 * A report's "outside the biomedical literature" outcome: the question names no chemical, drug, disease, gene,
 * biological process or clinical outcome and no record found bears on it (lib/reading/scope.ts), so the report is one
 * short paragraph saying so (`reason`: what was not recognised), with no findings and no quotations.
 */
export const outOfScopeSchema = z.object({ reason: z.string() });

/**
 * The structured scientific report (DeepCritical phase 8's ResearchReport, camelCase).
 * `confidenceScore` is 0–1. `removedReferences` counts references dropped by citation validation because
 * their PMID, DOI, NCT ID or URL was not among the collected evidence.
 * Optional integrity counters (absent on reports saved before they existed, read as 0 / "not-checked"):
 * `removedMarkers` — [n] marker numbers deleted because they pointed to no evidence; `removedQuotes` — quoted
 * passages deleted because no cited source contains them (similarity < 0.95, see lib/grounding/passages.ts);
 * `replacedQuotes` — near-verbatim quotes replaced by the source's own text; `removedIdentifiers` — URLs, DOIs,
 * PMIDs and NCT IDs of the prose that named no retrieved record and were neutralised as "(not retrieved)" text (an
 * abstract's sentence quoted by the extractive backend); `droppedIdentifiers` — those written by a model, removed
 * (lib/grounding/scrub), never shown;
 * `verification` — the critic's verdict; `support` — for LLM reports, the evidence sentences each cited sentence
 * rests on (see {@link sentenceSupportSchema}); `outOfScope` — present when the question is outside the biomedical
 * literature (see {@link outOfScopeSchema}); `notAnswered` — present when the evidence does not answer the question
 * (see {@link notAnsweredSchema}); `failedModelDraft` — when the model's drafts still failed the critic after their
 * revisions, the published report is the extractive report of the same evidence and this is the model's last draft
 * (checked and scrubbed, with its own "unverified" verification), kept for the reader, collapsed; `passages` — the
 * full-text passages the report's sentences quote or rest on, each with its record, stable passage id, section and
 * page (absent when the report read abstracts only); `readInFull` — the evidence ids of the records whose full text
 * the report's agents read (the others were read from their titles and abstracts; absent when none was, and on reports
 * saved before it existed).
 */
const reportFields = z.object({
  title: z.string(),
  executiveSummary: z.string(),
  researchQuestion: z.string(),
  methodology: reportSectionSchema,
  hypothesesTested: z.array(hypothesisTestedSchema),
  mechanisticFindings: reportSectionSchema,
  clinicalFindings: reportSectionSchema,
  drugCandidates: z.array(z.string()),
  limitations: z.array(z.string()),
  conclusion: z.string(),
  references: z.array(referenceSchema),
  sourcesSearched: z.array(z.string()),
  totalPapersReviewed: z.number().int().min(0),
  searchIterations: z.number().int().min(0),
  confidenceScore: z.number().min(0).max(1),
  removedReferences: z.number().int().min(0),
  removedMarkers: z.number().int().min(0).optional(),
  removedQuotes: z.number().int().min(0).optional(),
  removedIdentifiers: z.number().int().min(0).optional(),
  droppedIdentifiers: z.number().int().min(0).optional(),
  replacedQuotes: z.number().int().min(0).optional(),
  verification: reportVerificationSchema.optional(),
  support: z.array(sentenceSupportSchema).optional(),
  notAnswered: notAnsweredSchema.optional(),
  outOfScope: outOfScopeSchema.optional(),
  passages: z.array(passageCitationSchema).optional(),
  readInFull: z.array(z.string()).optional(),
});
export const researchReportSchema = reportFields.extend({ failedModelDraft: reportFields.optional() });
export type ResearchReport = z.infer<typeof researchReportSchema>;
