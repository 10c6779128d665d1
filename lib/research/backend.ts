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

/** The agents that read a selection of the run's evidence (the critic reads the records the report cites). */
export type ReadingAgent = "hypothesis" | "judge" | "report";

/**
 * Relevance scores of a run's records by evidence id: 0–10 from the relevance pass, null when the pass ran but gave
 * the record none. Plain data: the run's state carries them from step to step, so each record is scored once a run.
 */
export type RelevanceScores = Record<string, number | null>;

/**
 * The records one agent is shown, chosen by the relevance stage: their evidence ids in block order, how many records
 * were left out for room (`omitted`), and the ids of those the relevance pass found not to bear on the question.
 */
export interface EvidenceSelection {
  agent: ReadingAgent;
  ids: string[];
  omitted: number;
  dropped: string[];
}

/**
 * Input of the relevance pass before `agent` reads the evidence: the question, the evidence it may be shown, the
 * hypotheses it reads with them (the focus of the records' excerpts; null before the first), and the scores the run
 * already has (those records are not asked about again).
 */
export interface RelevanceInput {
  agent: ReadingAgent;
  question: string;
  evidence: Evidence[];
  hypotheses: HypothesisSet | null;
  scores: RelevanceScores;
  signal?: AbortSignal;
  hooks?: AgentHooks;
}

/** What the relevance pass chose for the agent, and the scores it gave now (records scored before are not in it). */
export interface RelevanceOutcome {
  selection: EvidenceSelection;
  scores: RelevanceScores;
}

/**
 * Input of the hypothesis agent: the question, all evidence so far, and the previous iteration's output.
 * `selection`: the records to show, chosen by the relevance stage (without it the agent chooses them itself).
 */
export interface HypothesisInput {
  question: string;
  evidence: Evidence[];
  fullTexts?: RunFullTexts;
  previous: HypothesisSet | null;
  selection?: EvidenceSelection;
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
  /** The records to show, chosen by the relevance stage (without it the judge chooses them itself). */
  selection?: EvidenceSelection;
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
  /** The records to show, chosen by the relevance stage (without it the report agent chooses them itself). */
  selection?: EvidenceSelection;
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
 * or with deterministic extractive methods (lib/research/agents/extractive), and on the model path the relevance pass
 * and the critic's entailment check. The workflow owns the order of calls. Implementations throw on failure; the
 * workflow records the error and keeps what the run found so far.
 */
export interface ReasoningBackend {
  kind: BackendKind;
  /** Model id for LLM backends, null for extractive. */
  model: string | null;
  /**
   * The relevance pass (LLM backends only; the extractive agents read every record): the records `input.agent` is
   * about to be shown, each scored once a run, those that do not bear on the question left out.
   */
  selectEvidence?(input: RelevanceInput): Promise<RelevanceOutcome>;
  hypothesize(input: HypothesisInput): Promise<HypothesisSet>;
  judge(input: JudgeInput): Promise<JudgeAssessment>;
  report(input: ReportInput): Promise<ResearchReport>;
  /** The critic's LLM entailment check (LLM backends only; the extractive backend has none). */
  critique?(input: CritiqueInput): Promise<EntailmentVerdict>;
}
