import type { Evidence, SourceId } from "@/lib/domain/evidence";
import type { HypothesisSet } from "@/lib/domain/hypothesis";
import type { JudgeAssessment } from "@/lib/domain/judge";
import type { ResearchReport } from "@/lib/domain/report";
import type { AgentHooks } from "@/lib/domain/agent";
import type { EntailmentVerdict } from "@/lib/domain/critic";
import type { BackendKind, Shortfall } from "@/lib/domain/run";
import type { FullText } from "@/lib/domain/fulltext";

/**
 * The full texts the run read, by record id (lib/research/full-text.ts): agents read the passages that bear on the
 * question and the hypotheses besides the abstracts, and cite them by passage. Absent or empty: abstracts only.
 */
export type RunFullTexts = ReadonlyMap<string, FullText>;

/** Input of the hypothesis agent: the question, all evidence so far, and the previous iteration's output. */
export interface HypothesisInput {
  question: string;
  evidence: Evidence[];
  fullTexts?: RunFullTexts;
  previous: HypothesisSet | null;
  signal?: AbortSignal;
  hooks?: AgentHooks;
}

/** Input of the judge: evidence, the current hypotheses, and where the loop stands (1-based iteration). */
export interface JudgeInput {
  question: string;
  evidence: Evidence[];
  fullTexts?: RunFullTexts;
  hypotheses: HypothesisSet;
  iteration: number;
  maxIterations: number;
  signal?: AbortSignal;
  hooks?: AgentHooks;
}

/**
 * Input of the report agent: everything the run gathered. `feedback` is set on a revision: the problems the
 * critic found in the previous draft, one line each, which the new draft must fix.
 */
export interface ReportInput {
  question: string;
  evidence: Evidence[];
  fullTexts?: RunFullTexts;
  hypotheses: HypothesisSet;
  assessments: JudgeAssessment[];
  sourcesSearched: SourceId[];
  iterations: number;
  shortfalls: Shortfall[];
  signal?: AbortSignal;
  feedback?: string[];
  hooks?: AgentHooks;
}

/** Input of the critic's entailment check: the report to check and the evidence its references come from. */
export interface CritiqueInput {
  question: string;
  report: ResearchReport;
  evidence: Evidence[];
  fullTexts?: RunFullTexts;
  signal?: AbortSignal;
  hooks?: AgentHooks;
}

/**
 * The reasoning backend: the same three agents, implemented either with a language model (lib/research/agents/llm)
 * or with deterministic extractive methods (lib/research/agents/extractive). The workflow owns the order of calls.
 * Implementations throw on failure; the workflow records the error and keeps what the run found so far.
 */
export interface ReasoningBackend {
  kind: BackendKind;
  /** Model id for LLM backends, null for extractive. */
  model: string | null;
  hypothesize(input: HypothesisInput): Promise<HypothesisSet>;
  judge(input: JudgeInput): Promise<JudgeAssessment>;
  report(input: ReportInput): Promise<ResearchReport>;
  /** The critic's LLM entailment check (LLM backends only; the extractive backend has none). */
  critique?(input: CritiqueInput): Promise<EntailmentVerdict>;
}
