import type { Evidence, SourceId } from "@/lib/models/evidence";
import type { HypothesisAssessment } from "@/lib/models/hypothesis";
import type { JudgeAssessment } from "@/lib/models/judge";
import type { ResearchReport } from "@/lib/models/report";
import type { BackendKind } from "@/lib/workflow/events";

/** Input of the hypothesis agent: the question, all evidence so far, and the previous iteration's output. */
export interface HypothesisInput {
  question: string;
  evidence: Evidence[];
  previous: HypothesisAssessment | null;
  signal?: AbortSignal;
}

/** Input of the judge: evidence, the current hypotheses, and where the loop stands (1-based iteration). */
export interface JudgeInput {
  question: string;
  evidence: Evidence[];
  hypotheses: HypothesisAssessment;
  iteration: number;
  maxIterations: number;
  signal?: AbortSignal;
}

/** A source that could not deliver, as recorded in the run (e.g. "PubMed: timed out after 15 s, 0 records"). */
export interface Shortfall {
  source: SourceId;
  message: string;
}

/** Input of the report agent: everything the run gathered. */
export interface ReportInput {
  question: string;
  evidence: Evidence[];
  hypotheses: HypothesisAssessment;
  assessments: JudgeAssessment[];
  sourcesSearched: SourceId[];
  iterations: number;
  shortfalls: Shortfall[];
  signal?: AbortSignal;
}

/**
 * The reasoning backend: the same three agents, implemented either with a language model (lib/agents/llm)
 * or with deterministic extractive methods (lib/agents/extractive). The workflow owns the order of calls.
 * Implementations throw on failure; the workflow records the error and keeps what the run found so far.
 */
export interface ReasoningBackend {
  kind: BackendKind;
  /** Model id for LLM backends, null for extractive. */
  model: string | null;
  hypothesize(input: HypothesisInput): Promise<HypothesisAssessment>;
  judge(input: JudgeInput): Promise<JudgeAssessment>;
  report(input: ReportInput): Promise<ResearchReport>;
}
