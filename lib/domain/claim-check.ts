import { z } from "zod";
import { questionConceptSummarySchema, recordStanceSchema, relatedConceptSchema } from "./reading";
import { sourceIdSchema } from "./evidence";

/**
 * The three ways a claim check searches for counter-evidence: `keyword` (the counter-statement's keywords as a
 * boolean query), `semantic` (TF-IDF cosine similarity to the counter-statement over the library and live
 * results) and `hyde` (similarity to hypothetical abstracts that support the counter-statement; needs a model).
 */
export const searchStrategySchema = z.enum(["keyword", "semantic", "hyde"]);
export type SearchStrategy = z.infer<typeof searchStrategySchema>;

/** Strategies in display order. */
export const SEARCH_STRATEGIES: SearchStrategy[] = ["keyword", "semantic", "hyde"];

/** Labels of the strategies for the page and reports. */
export const STRATEGY_LABELS: Record<SearchStrategy, string> = {
  keyword: "keyword",
  semantic: "semantic",
  hyde: "HyDE",
};

/**
 * A document supports the counter-statement when it scores at least 3 on the 0–5 scale. Source: bmlibrarian's
 * PaperChecker, whose default score threshold is 3.
 */
export const COUNTER_SCORE_THRESHOLD = 3;

/** Highest support score of a document (scale 0–5). */
export const MAX_COUNTER_SCORE = 5;

/** What the evidence does to the ORIGINAL claim. */
export const claimVerdictSchema = z.enum(["supports", "contradicts", "undecided"]);
export type ClaimVerdict = z.infer<typeof claimVerdictSchema>;

/** Confidence of a verdict. */
export const verdictConfidenceSchema = z.enum(["high", "medium", "low"]);
export type VerdictConfidence = z.infer<typeof verdictConfidenceSchema>;

/**
 * The counter-statement of one claim: its precise negation ("X > Y" becomes "Y ≥ X"; "reduces" becomes "does not
 * reduce, or increases"), the keywords and boolean `keywordQuery` of the keyword search, and (LLM only) two
 * hypothetical abstracts that support the counter-statement, used by the HyDE search ([] in extractive mode).
 */
export const counterStatementSchema = z.object({
  claim: z.string(),
  counterStatement: z.string(),
  keywords: z.array(z.string()),
  keywordQuery: z.string(),
  hydeAbstracts: z.array(z.string()),
});
export type CounterStatement = z.infer<typeof counterStatementSchema>;

/**
 * What the relation model (lib/relations, trained on BC5CDR) read in one document for the claim's pair: the
 * pair's names as written there, its relation ("causes", "treats" or "none"), whether every sentence relating
 * the pair is negated, and P(CID) 0–1.
 */
export const documentRelationSchema = z.object({
  chemicalId: z.string(),
  diseaseId: z.string(),
  chemical: z.string(),
  disease: z.string(),
  relation: z.enum(["causes", "treats", "none"]),
  negated: z.boolean(),
  probability: z.number(),
});
export type DocumentRelation = z.infer<typeof documentRelationSchema>;

/**
 * A document's stance after scoring: against the claim ("counter"), in line with it ("claim", extractive only), or
 * neither.
 */
export const documentStanceSchema = z.enum(["counter", "claim", "neutral"]);

/**
 * How one document relates to the claim, as scored: `score` 0–5 for how strongly it supports the
 * counter-statement; `stance` "counter" (score ≥ threshold), "claim" (it supports the original claim; extractive
 * scoring only) or "neutral"; `rationale` one sentence; `relation` the relation the relation model read in the
 * document for the claim's pair (polar claims, extractive only); `reading` the document's stance on the claim as
 * lib/reading reads it (polar claims, extractive only; lib/reading/stance.ts RecordStance): "unreported" and
 * "related" documents are neutral, neither for nor against.
 */
export const documentScoreSchema = z.object({
  score: z.number(),
  stance: documentStanceSchema,
  rationale: z.string(),
  relation: documentRelationSchema.nullable().optional(),
  reading: recordStanceSchema.optional(),
});
export type DocumentScore = z.infer<typeof documentScoreSchema>;

/**
 * A claim about a chemical and a disease or organ, read with its polarity (lib/claims/polarity.ts):
 * "Cocaine is safe for the heart." → chemical "Cocaine", target "heart", organ "heart", relation "causes",
 * negated true. `chemicalIds` / `diseaseIds` are the annotation IDs (MeSH IDs, else lower-cased names) the claim's
 * chemical and target stand for in the documents found; for an organ, every annotated disease of that organ;
 * `diseases` the names of the diseases in `diseaseIds`, as annotated, in the same order. With the concept vocabulary:
 * `chemicalIds` and `diseaseIds` also hold the narrower concepts annotated (a class's members, a disease's
 * descendants); `concepts` the concepts read; `related` the annotated concepts that answer only indirectly (shown
 * apart, never counted); `vocabulary` the vocabulary's version ("MeSH 2024 · Disease Ontology 2016-09-01"). These
 * three are absent on readings saved before concepts were read.
 */
export const claimReadingSchema = z.object({
  chemical: z.string(),
  target: z.string(),
  organ: z.string().nullable(),
  relation: z.enum(["causes", "treats"]),
  negated: z.boolean(),
  form: z.string(),
  chemicalIds: z.array(z.string()),
  diseaseIds: z.array(z.string()),
  diseases: z.array(z.string()),
  concepts: z.array(questionConceptSummarySchema).optional(),
  related: z.array(relatedConceptSchema).optional(),
  vocabulary: z.string().nullable().optional(),
});
export type ClaimReading = z.infer<typeof claimReadingSchema>;

/**
 * The fields every document of a claim check shows: the record, the strategies that found it (provenance), its score.
 */
const foundRecordFields = {
  evidenceId: z.string(),
  pmid: z.string().nullable(),
  title: z.string(),
  year: z.number().int().nullable(),
  url: z.string(),
  source: sourceIdSchema,
  foundBy: z.array(searchStrategySchema),
  score: z.number(),
};

/** One document found for a claim: the record id, the strategies that found it (provenance) and its score. */
export const scoredDocumentSummarySchema = z.object({
  ...foundRecordFields,
  stance: documentStanceSchema,
  rationale: z.string(),
});
export type ScoredDocumentSummary = z.infer<typeof scoredDocumentSummarySchema>;

/**
 * One citation of a counter-report: the `n` of its [n] marker, the record, and the passage of the record's abstract
 * that supports the counter-statement, in the abstract's own wording. `similarity` is 1 when the proposed passage
 * matched exactly, else its best sliding-window similarity (≥ 0.95, see lib/grounding/passages.ts).
 */
export const counterCitationSchema = z.object({
  ...foundRecordFields,
  n: z.number().int(),
  doi: z.string().nullable(),
  nctId: z.string().nullable(),
  journal: z.string().nullable(),
  passage: z.string(),
  similarity: z.number(),
});
export type CounterCitation = z.infer<typeof counterCitationSchema>;

/** Per-strategy counts: documents it found, how many of those were scored, and how many were cited. */
export const strategyStatsSchema = z.object({
  ran: z.boolean(),
  found: z.number(),
  scored: z.number(),
  cited: z.number(),
});

/**
 * Search statistics of one claim: documents found (deduplicated, capped at 100), scored, at or above the
 * threshold, cited; passages extracted and dropped (not found in their abstract); per strategy.
 */
export const claimSearchStatsSchema = z.object({
  documentsFound: z.number(),
  documentsScored: z.number(),
  documentsAboveThreshold: z.number(),
  documentsCited: z.number(),
  passagesExtracted: z.number(),
  passagesDropped: z.number(),
  threshold: z.number(),
  strategies: z.object({ keyword: strategyStatsSchema, semantic: strategyStatsSchema, hyde: strategyStatsSchema }),
});
export type ClaimSearchStats = z.infer<typeof claimSearchStatsSchema>;

/** How a claim's result was generated: backend, model, sampling temperature (null without a model), time. */
export const generationMetadataSchema = z.object({
  backend: z.enum(["llm", "extractive"]),
  model: z.string().nullable(),
  temperature: z.number().nullable(),
  durationMs: z.number(),
  generatedAt: z.string(),
});
export type GenerationMetadata = z.infer<typeof generationMetadataSchema>;

/** A passage a model proposed that did not match its abstract and was dropped. */
export const droppedPassageSchema = z.object({ evidenceId: z.string(), passage: z.string(), similarity: z.number() });
export type DroppedPassage = z.infer<typeof droppedPassageSchema>;

/**
 * One document on one side of a claim: the record, the strategies that found it, its score and rationale, the
 * relation read in it (polar claims, extractive), and its passage — a sentence of its abstract that carries the
 * finding, verified verbatim in the abstract (lib/grounding/passages.ts; `similarity` 1 for an exact match).
 * `citation` is the [n] of the counter-report for documents against the claim, null for those in line with it.
 */
export const sideDocumentSchema = z.object({
  ...foundRecordFields,
  rationale: z.string(),
  relation: documentRelationSchema.nullable(),
  passage: z.string(),
  similarity: z.number(),
  citation: z.number().int().nullable(),
});
export type SideDocument = z.infer<typeof sideDocumentSchema>;

/**
 * The documents on one side of a claim: `count` documents the scorer put on that side, of which `documents`
 * (at most 10, best first) are shown with a verified passage.
 */
export const claimSideSchema = z.object({ count: z.number().int(), documents: z.array(sideDocumentSchema) });
export type ClaimSide = z.infer<typeof claimSideSchema>;

/**
 * The documents on each side of a claim. `contradicts`: documents at or above the counter-score threshold, shown
 * when cited with a verified passage. `supports`: documents whose findings are in line with the claim; null when
 * the scorer does not look for them (the LLM scorer rates support for the counter-statement only).
 */
export const claimSidesSchema = z.object({ contradicts: claimSideSchema, supports: claimSideSchema.nullable() });
export type ClaimSides = z.infer<typeof claimSidesSchema>;

/**
 * Everything a claim check concluded about one claim: the claim-verdict event's `result`, and each claim of the
 * check's `--json` contract. `claimSupportingDocuments`: documents whose text supports the original claim (extractive
 * scoring; null when the scorer does not tell). `reading` (null for other claim shapes) and `sides` are absent in
 * checks saved before claim polarity.
 */
export const claimCheckResultSchema = z.object({
  claim: z.string(),
  counterStatement: z.string(),
  keywords: z.array(z.string()),
  verdict: claimVerdictSchema,
  confidence: verdictConfidenceSchema,
  rationale: z.string(),
  counterReport: z.string(),
  citations: z.array(counterCitationSchema),
  searchStats: claimSearchStatsSchema,
  claimSupportingDocuments: z.number().nullable(),
  reading: claimReadingSchema.nullable().optional(),
  sides: claimSidesSchema.optional(),
  metadata: generationMetadataSchema,
});
export type ClaimCheckResult = z.infer<typeof claimCheckResultSchema>;
