import type { Evidence, SourceId } from "@/lib/models/evidence";
import type { HypothesisAssessment } from "@/lib/models/hypothesis";
import type { JudgeAssessment } from "@/lib/models/judge";
import type { ResearchReport } from "@/lib/models/report";
import type { ReportRepair } from "@/lib/report/critic-checks";
import type { BackendKind } from "@/lib/workflow/events";

/**
 * Which agent made a model call ("embedding" for the evidence embeddings used to pick diverse evidence; the
 * "claim-…" and "counter-…" agents are the claim check's, lib/agents/llm/claim-*.ts).
 */
export type AgentName =
  | "hypothesis"
  | "judge"
  | "report"
  | "critic"
  | "embedding"
  | "claim-extraction"
  | "counter-statement"
  | "claim-scoring"
  | "claim-passages"
  | "counter-report"
  | "claim-verdict";

/**
 * Token usage of one model call (AI SDK `result.usage`, counts in tokens; undefined when the provider did not
 * report them). `attempt` is 1 for the first call, 2 for the retry after an invalid object.
 */
export interface ModelUsage {
  agent: AgentName;
  attempt: number;
  inputTokens: number | undefined;
  outputTokens: number | undefined;
  totalTokens: number | undefined;
}

/**
 * Callbacks through which an agent reports, during one call, what the workflow records: the usage of each model
 * call, evidence references it dropped because they named no offered record, and (report agent) what it had to
 * remove or replace in the model's draft.
 */
export interface AgentHooks {
  onUsage?: (usage: ModelUsage) => void;
  onDroppedEvidenceIds?: (refs: string[]) => void;
  onReportRepairs?: (repairs: ReportRepair[]) => void;
}

/** Input of the hypothesis agent: the question, all evidence so far, and the previous iteration's output. */
export interface HypothesisInput {
  question: string;
  evidence: Evidence[];
  previous: HypothesisAssessment | null;
  signal?: AbortSignal;
  hooks?: AgentHooks;
}

/** Input of the judge: evidence, the current hypotheses, and where the loop stands (1-based iteration). */
export interface JudgeInput {
  question: string;
  evidence: Evidence[];
  hypotheses: HypothesisAssessment;
  iteration: number;
  maxIterations: number;
  signal?: AbortSignal;
  hooks?: AgentHooks;
}

/** A source that could not deliver, as recorded in the run (e.g. "PubMed: timed out after 15 s, 0 records"). */
export interface Shortfall {
  source: SourceId;
  message: string;
}

/**
 * Input of the report agent: everything the run gathered. `feedback` is set on a revision: the problems the
 * critic found in the previous draft, one line each, which the new draft must fix.
 */
export interface ReportInput {
  question: string;
  evidence: Evidence[];
  hypotheses: HypothesisAssessment;
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
  signal?: AbortSignal;
  hooks?: AgentHooks;
}

/** One cited sentence the entailment check found unsupported by the abstracts it cites. */
export interface EntailmentIssue {
  section: string;
  sentence: string;
  issue: string;
}

/**
 * The entailment check's verdict: PASS when every cited sentence checked is entailed by the abstracts it cites,
 * FAIL otherwise; `claimsChecked` is how many cited sentences were checked.
 */
export interface EntailmentVerdict {
  verdict: "PASS" | "FAIL";
  issues: EntailmentIssue[];
  claimsChecked: number;
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
  /** The critic's LLM entailment check (LLM backends only; the extractive backend has none). */
  critique?(input: CritiqueInput): Promise<EntailmentVerdict>;
}
