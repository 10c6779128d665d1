import type {
  ClaimReading,
  ClaimSearchStats,
  ClaimSides,
  ClaimVerdict,
  CounterCitation,
  CounterStatement,
  DocumentScore,
  VerdictConfidence,
} from "@/lib/domain/claim-check";
import type { Evidence, SourceId } from "@/lib/domain/evidence";
import type { AgentHooks } from "@/lib/domain/agent";
import type { BackendKind } from "@/lib/domain/run";

/** Input of document scoring: the claim, its counter-statement, and the documents to score (≤ 100). */
export interface ScoringInput {
  claim: string;
  counter: CounterStatement;
  documents: Evidence[];
  signal?: AbortSignal;
  /** Hears the usage of each model call (the agent runner records it). */
  hooks?: AgentHooks;
}

/** Scores in input order (one per document) and how many model calls made them (0 without a model). */
export interface ScoringOutput {
  scores: DocumentScore[];
  modelCalls: number;
}

/** Input of passage extraction: the counter-statement and the documents at or above the threshold, best first. */
export interface PassageInput {
  claim: string;
  counter: CounterStatement;
  documents: Evidence[];
  signal?: AbortSignal;
  /** Hears the usage of each model call (the agent runner records it). */
  hooks?: AgentHooks;
}

/** A passage proposed for a document; it is verified against the document's abstract before it is cited. */
export interface PassageProposal {
  evidenceId: string;
  passage: string;
}

/** Input of the counter-report: the verified citations (numbered [1]…[n]) and the search statistics. */
export interface CounterReportInput {
  claim: string;
  counter: CounterStatement;
  citations: CounterCitation[];
  /** The cited records (by evidence id), so the prompt can show each one's findings beside its passage; optional. */
  records?: Evidence[];
  stats: ClaimSearchStats;
  sources: SourceId[];
  signal?: AbortSignal;
  /** Hears the usage of each model call (the agent runner records it). */
  hooks?: AgentHooks;
}

/** Input of the verdict: everything the claim's check produced. `scores` are the found documents' scores. */
export interface VerdictInput {
  claim: string;
  counter: CounterStatement;
  report: string;
  citations: CounterCitation[];
  /** The cited records (by evidence id), to check the rationale's identifiers and quotations against; optional. */
  records?: Evidence[];
  stats: ClaimSearchStats;
  scores: DocumentScore[];
  /** The documents on each side (lib/claims/sides.ts); absent when a caller has not built them. */
  sides?: ClaimSides;
  /** The claim's polarity reading, when the backend reads one ({@link ClaimCheckBackend.readingOf}). */
  reading?: ClaimReading | null;
  signal?: AbortSignal;
  /** Hears the usage of each model call (the agent runner records it). */
  hooks?: AgentHooks;
}

/** The verdict on the ORIGINAL claim, a confidence and a 2–3 sentence rationale. */
export interface VerdictDraft {
  verdict: ClaimVerdict;
  confidence: VerdictConfidence;
  rationale: string;
}

/**
 * The agents of a claim check, implemented with a language model (lib/claims/agents/llm) or with
 * deterministic extractive methods (lib/claims/agents/extractive). The stages (lib/claims/stages.ts) own the
 * order of calls, the searches and the passage verification. Implementations throw on failure.
 */
export interface ClaimCheckBackend {
  kind: BackendKind;
  model: string | null;
  /**
   * Sampling temperature of the model calls that write prose (scores and verdicts are sampled at 0); null without a
   * model.
   */
  temperature: number | null;
  /** Up to 3 checkable claims of a pasted claim or abstract. */
  extractClaims(text: string, signal?: AbortSignal, hooks?: AgentHooks): Promise<string[]>;
  counterStatement(claim: string, signal?: AbortSignal, hooks?: AgentHooks): Promise<CounterStatement>;
  /** Scores every document 0–5 for support of the counter-statement, in batches (never one call per document). */
  scoreDocuments(input: ScoringInput): Promise<ScoringOutput>;
  extractPassages(input: PassageInput): Promise<PassageProposal[]>;
  /**
   * Passages of the documents whose findings are in line with the claim (scored stance "claim"); optional: a
   * backend without it shows no documents in line with the claim (its `sides.supports` is null).
   */
  extractSupportingPassages?(input: PassageInput): Promise<PassageProposal[]>;
  /** The claim's polarity reading after its documents were scored (null for other claim shapes); optional. */
  readingOf?(claim: string): ClaimReading | null;
  /** The 200–300 word counter-report; called only with at least one citation. */
  writeCounterReport(input: CounterReportInput): Promise<string>;
  judgeClaim(input: VerdictInput): Promise<VerdictDraft>;
}
