import type { Evidence, SourceId } from "@/lib/domain/evidence";
import type { HypothesisSet } from "@/lib/domain/hypothesis";
import type { JudgeAssessment } from "@/lib/domain/judge";
import type { ResearchReport } from "@/lib/domain/report";
import type { LanguageModel, EmbeddingModel } from "ai";
import type { AgentHooks } from "@/lib/domain/agent";
import type { EntailmentVerdict } from "@/lib/domain/critic";
import type { BackendKind, Shortfall } from "@/lib/domain/run";
import { createTextEmbedder } from "@/lib/ai/embeddings";
import { getEmbeddingModel, getLanguageModel } from "@/lib/ai/providers";
import { getConfig } from "@/lib/config";
import { createExtractiveBackend } from "@/lib/research/agents/extractive";
import { createLlmBackend } from "@/lib/research/agents/llm";

/** Input of the hypothesis agent: the question, all evidence so far, and the previous iteration's output. */
export interface HypothesisInput {
  question: string;
  evidence: Evidence[];
  previous: HypothesisSet | null;
  signal?: AbortSignal;
  hooks?: AgentHooks;
}

/** Input of the judge: evidence, the current hypotheses, and where the loop stands (1-based iteration). */
export interface JudgeInput {
  question: string;
  evidence: Evidence[];
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

/** Options of {@link createReasoningBackend}: an injected model (tests), its id, an embedding model, a call timeout. */
export interface BackendOptions {
  model?: LanguageModel;
  modelId?: string;
  /** Embedding model for MMR; default the configured one (OPENAI_EMBEDDING_MODEL), else TF-IDF. */
  embeddingModel?: EmbeddingModel | null;
  /** Time limit of each model call in ms; default OPENAI_TIMEOUT_MS. */
  timeoutMs?: number;
}

/**
 * The reasoning backend for a run: the LLM backend with `options.model` when given (tests and callers that
 * inject a model; `modelId` defaults to the model's own id), else with the configured model
 * ({@link getLanguageModel}), else the deterministic extractive backend. LLM backends pick diverse evidence with
 * provider embeddings when an embedding model is given or configured, else TF-IDF, and bound each model call by
 * `timeoutMs` (default OPENAI_TIMEOUT_MS, 120 s).
 */
export function createReasoningBackend(options: BackendOptions = {}): ReasoningBackend {
  const configured = options.model ? null : getLanguageModel();
  const model = options.model ?? configured?.model;
  if (!model) return createExtractiveBackend();
  const id = options.modelId ?? configured?.modelId ?? (typeof model === "string" ? model : model.modelId);
  const embedding = options.embeddingModel !== undefined ? options.embeddingModel : (getEmbeddingModel()?.model ?? null);
  return createLlmBackend(model, id, {
    timeoutMs: options.timeoutMs ?? getConfig().OPENAI_TIMEOUT_MS,
    embedder: createTextEmbedder({
      model: embedding,
      onFallback: (error) => console.warn(`embedding model failed, using TF-IDF to pick diverse evidence: ${error instanceof Error ? error.message : String(error)}`),
    }),
  });
}

/** The backend a run switches to when the provider fails and the user chose to continue: the extractive one. */
export function createFallbackBackend(): ReasoningBackend {
  return createExtractiveBackend();
}
