import { z } from "zod";
import type { SourceId } from "@/lib/domain/evidence";

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
export const STRATEGY_LABELS: Record<SearchStrategy, string> = { keyword: "keyword", semantic: "semantic", hyde: "HyDE" };

/**
 * A document supports the counter-statement when it scores at least 3 on the 0–5 scale. Source: the issue
 * (after bmlibrarian's PaperChecker, whose default score threshold is 3).
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
export interface CounterStatement {
  claim: string;
  counterStatement: string;
  keywords: string[];
  keywordQuery: string;
  hydeAbstracts: string[];
}

/**
 * How one document relates to the claim, as scored: `score` 0–5 for how strongly it supports the
 * counter-statement; `stance` "counter" (score ≥ threshold), "claim" (it supports the original claim; extractive
 * scoring only) or "neutral"; `rationale` one sentence.
 */
export interface DocumentScore {
  score: number;
  stance: "counter" | "claim" | "neutral";
  rationale: string;
  /** The relation the relation model read in the document for the claim's pair (polar claims, extractive only). */
  relation?: DocumentRelation | null;
}

/**
 * A claim about a chemical and a disease or organ, read with its polarity (lib/claims/polarity.ts):
 * "Cocaine is safe for the heart." → chemical "Cocaine", target "heart", organ "heart", relation "causes",
 * negated true. `chemicalIds` / `diseaseIds` are the annotation IDs (MeSH IDs, else lower-cased names) the claim's
 * chemical and target stand for in the documents found; for an organ, every annotated disease of that organ.
 */
export interface ClaimReading {
  chemical: string;
  target: string;
  organ: string | null;
  relation: "causes" | "treats";
  negated: boolean;
  form: string;
  chemicalIds: string[];
  diseaseIds: string[];
  /** Names of the diseases in `diseaseIds`, as annotated, in the same order. */
  diseases: string[];
}

/**
 * What the relation model (lib/relations, trained on BC5CDR) read in one document for the claim's pair: the
 * pair's names as written there, its relation ("causes", "treats" or "none"), whether every sentence relating
 * the pair is negated, and P(CID) 0–1.
 */
export interface DocumentRelation {
  chemicalId: string;
  diseaseId: string;
  chemical: string;
  disease: string;
  relation: "causes" | "treats" | "none";
  negated: boolean;
  probability: number;
}

/** One document found for a claim: the record id, the strategies that found it (provenance) and its score. */
export interface ScoredDocumentSummary {
  evidenceId: string;
  pmid: string | null;
  title: string;
  year: number | null;
  url: string;
  source: SourceId;
  foundBy: SearchStrategy[];
  score: number;
  stance: DocumentScore["stance"];
  rationale: string;
}

/**
 * One citation of a counter-report: the `n` of its [n] marker, the record, and the passage of the record's abstract
 * that supports the counter-statement, in the abstract's own wording. `similarity` is 1 when the proposed passage
 * matched exactly, else its best sliding-window similarity (≥ 0.95, see lib/report/quote-check.ts).
 */
export interface CounterCitation {
  n: number;
  evidenceId: string;
  pmid: string | null;
  doi: string | null;
  nctId: string | null;
  title: string;
  journal: string | null;
  year: number | null;
  url: string;
  source: SourceId;
  passage: string;
  similarity: number;
  score: number;
  foundBy: SearchStrategy[];
}

/** Per-strategy counts: documents it found, how many of those were scored, and how many were cited. */
export interface StrategyStats {
  ran: boolean;
  found: number;
  scored: number;
  cited: number;
}

/**
 * Search statistics of one claim: documents found (deduplicated, capped at 100), scored, at or above the
 * threshold, cited; passages extracted and dropped (not found in their abstract); per strategy.
 */
export interface ClaimSearchStats {
  documentsFound: number;
  documentsScored: number;
  documentsAboveThreshold: number;
  documentsCited: number;
  passagesExtracted: number;
  passagesDropped: number;
  threshold: number;
  strategies: Record<SearchStrategy, StrategyStats>;
}

/** How a claim's result was generated: backend, model, sampling temperature (null without a model), time. */
export interface GenerationMetadata {
  backend: "llm" | "extractive";
  model: string | null;
  temperature: number | null;
  durationMs: number;
  generatedAt: string;
}

/** A passage a model proposed that did not match its abstract and was dropped. */
export interface DroppedPassage {
  evidenceId: string;
  passage: string;
  similarity: number;
}

/**
 * One document on one side of a claim: the record, the strategies that found it, its score and rationale, the
 * relation read in it (polar claims, extractive), and its passage — a sentence of its abstract that carries the
 * finding, verified verbatim in the abstract (lib/report/quote-check.ts; `similarity` 1 for an exact match).
 * `citation` is the [n] of the counter-report for documents against the claim, null for those in line with it.
 */
export interface SideDocument {
  evidenceId: string;
  pmid: string | null;
  title: string;
  year: number | null;
  url: string;
  source: SourceId;
  foundBy: SearchStrategy[];
  score: number;
  rationale: string;
  relation: DocumentRelation | null;
  passage: string;
  similarity: number;
  citation: number | null;
}

/**
 * The documents on one side of a claim: `count` documents the scorer put on that side, of which `documents`
 * (at most 10, best first) are shown with a verified passage.
 */
export interface ClaimSide {
  count: number;
  documents: SideDocument[];
}

/**
 * The documents on each side of a claim. `contradicts`: documents at or above the counter-score threshold, shown
 * when cited with a verified passage. `supports`: documents whose findings are in line with the claim; null when
 * the scorer does not look for them (the LLM scorer rates support for the counter-statement only).
 */
export interface ClaimSides {
  contradicts: ClaimSide;
  supports: ClaimSide | null;
}

/** Everything a claim check concluded about one claim. */
export interface ClaimCheckResult {
  claim: string;
  counterStatement: string;
  keywords: string[];
  verdict: ClaimVerdict;
  confidence: VerdictConfidence;
  rationale: string;
  counterReport: string;
  citations: CounterCitation[];
  searchStats: ClaimSearchStats;
  /** Documents whose text supports the original claim (extractive scoring; null when the scorer does not tell). */
  claimSupportingDocuments: number | null;
  /** The claim's polarity reading; null for other claim shapes; absent in checks saved before claim polarity (issue 9). */
  reading?: ClaimReading | null;
  /** The documents on each side; absent in checks saved before claim polarity (issue 9). */
  sides?: ClaimSides;
  metadata: GenerationMetadata;
}
