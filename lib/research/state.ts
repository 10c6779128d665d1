import type { ModelPrices } from "@/lib/ai/pricing";
import type { Evidence, SourceId } from "@/lib/domain/evidence";
import type { HypothesisSet } from "@/lib/domain/hypothesis";
import type { JudgeAssessment } from "@/lib/domain/judge";
import type { ResearchReport } from "@/lib/domain/report";
import type { Shortfall } from "@/lib/domain/run";
import type { EntityDictionary } from "@/lib/evidence/annotation";
import type { FullTextReader, FullTextState } from "./full-text";
import type { EvidenceSelection, ReasoningBackend, RelevanceScores } from "./backend";
import type { ProviderErrorPolicy } from "@/lib/runs/agent-runner";
import type { RunOutcome } from "@/lib/runs/mode";
import type { RunRecorder } from "@/lib/runs/recorder";
import type { LiteratureSource } from "@/lib/sources/types";

// What a research run is given and carries between its stages, apart from the stages (./run.ts), so that the stages'
// helpers (search, relevance, the stage runner) can name them without importing the stages.

/** Everything a research run needs; `signal` cancels it. `timeoutMs` bounds each source call (milliseconds). */
export interface ResearchRunInput {
  question: string;
  sourceIds: SourceId[];
  sources: LiteratureSource[];
  backend: ReasoningBackend;
  maxIterations: number;
  timeoutMs: number;
  recorder: RunRecorder;
  /** Known chemical and disease names used to annotate records that arrive without annotations (live sources). */
  entityDictionary?: EntityDictionary | null;
  signal?: AbortSignal;
  /**
   * When the language-model provider fails (401, 429, 5xx, timeout…): "fail" (default) ends the run as failed with
   * a clear message, keeping everything found; "extractive" finishes the run on `fallbackBackend`.
   */
  onProviderError?: ProviderErrorPolicy;
  fallbackBackend?: ReasoningBackend;
  /** Model prices for the estimated cost recorded in each `usage` event (null: not estimated). */
  prices?: ModelPrices | null;
  /** The backend's per-call time limit in ms, named in timeout messages. */
  modelTimeoutMs?: number;
  /** Fetches and reads the records' full texts (lib/research/full-text.ts); absent: abstracts only. */
  fullText?: FullTextReader;
}

/** What a run produced, whatever its final status (a failed run keeps everything found so far). */
export type ResearchRunOutcome = RunOutcome &
  Pick<ResearchState, "iterations" | "evidence" | "hypotheses" | "assessments" | "report" | "markdown" | "shortfalls">;

/**
 * The state of a research run between its stages: plain data, so a durable engine can pass it from one step to
 * the next by value (see lib/research/workflow.ts). `queriesRun` holds normalised queries already searched,
 * `failedSources` sources not asked again, `usingFallback` whether the provider failed and the run switched to
 * the extractive fallback, `synthesize` whether the judge (or the iteration cap) ended the loop.
 */
export interface ResearchState {
  iterations: number;
  evidence: Evidence[];
  hypotheses: HypothesisSet[];
  assessments: JudgeAssessment[];
  report: ResearchReport | null;
  markdown: string | null;
  shortfalls: Shortfall[];
  queriesRun: string[];
  failedSources: SourceId[];
  usingFallback: boolean;
  synthesize: boolean;
  /** Targeted searches the hypothesis stage started while its agent wrote (lib/research/search-prefetch.ts). */
  prefetchKey?: string;
  /** The records read in full and those whose full text could not be fetched (lib/research/full-text.ts). */
  fullTexts?: FullTextState;
  /** The relevance pass's scores of the run's records, by evidence id (each record is scored once a run). */
  relevance: RelevanceScores;
  /** The records the next agent is shown, chosen by the relevance stage before it (LLM backends). */
  selection?: EvidenceSelection;
  /**
   * Why the question is outside the biomedical literature (lib/reading/scope.ts), when it is: no agent runs and the
   * report is one short paragraph saying so. Absent for every other question.
   */
  outOfScope?: string;
}

/** The state of a run that has not started. */
export function initialResearchState(): ResearchState {
  return {
    iterations: 0,
    evidence: [],
    hypotheses: [],
    assessments: [],
    report: null,
    markdown: null,
    shortfalls: [],
    queriesRun: [],
    failedSources: [],
    usingFallback: false,
    synthesize: false,
    relevance: {},
  };
}
