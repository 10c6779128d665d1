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
  metadata: GenerationMetadata;
}
