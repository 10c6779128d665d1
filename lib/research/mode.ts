import type { z } from "zod";
import { getModelPrices } from "@/lib/ai/providers";
import { getConfig } from "@/lib/config";
import { countLibraryRecords } from "@/lib/db/evidence";
import { compileEntityDictionary, type EntityDictionary } from "@/lib/evidence/annotation";
import { loadLibraryEntities } from "@/lib/library/entity-dictionary";
import { announceRun, beginProgress, executeStages } from "@/lib/runs/execute";
import { researchInputSchema } from "@/lib/domain/run-input";
import type { RunMode } from "@/lib/runs/mode";
import { createSources, isTreatmentQuestion } from "@/lib/sources/registry";
import type { ReasoningBackend } from "./backend";
import { createFallbackBackend, createReasoningBackend } from "./create-backend";
import { createFullTextReader } from "./full-text";
import { researchDescription } from "./description";
import { researchExport } from "./export";
import { researchVerdict } from "./history-verdict";
import { researchOutcome, researchStages } from "./run";
import { initialResearchState, type ResearchRunInput, type ResearchRunOutcome, type ResearchState } from "./state";

/** What a caller asks of a research run (lib/domain/run-input.ts): the question and, unset, the defaults. */
export type ResearchRequest = z.output<typeof researchInputSchema>;

/**
 * What a caller may inject into a research run instead of the configured backend (tests); it then executes in process.
 */
export interface ResearchOverrides {
  backend: ReasoningBackend;
}

const running = globalThis as unknown as {
  __criticaDictionary?: { libraryCount: number; dictionary: EntityDictionary | null };
};

/** The entity dictionary of the local library, rebuilt when the library's size changes (null when it is empty). */
async function libraryDictionary(): Promise<EntityDictionary | null> {
  const libraryCount = await countLibraryRecords();
  if (running.__criticaDictionary?.libraryCount !== libraryCount) {
    const entities = libraryCount > 0 ? await loadLibraryEntities() : [];
    running.__criticaDictionary = {
      libraryCount,
      dictionary: entities.length ? compileEntityDictionary(entities) : null,
    };
  }
  return running.__criticaDictionary.dictionary;
}

/**
 * The stages of a research iteration after its search, and the closing stages, by name (the stages of
 * {@link researchMode}): a research follow-up and a watch's re-check run them after a search of their own.
 */
export const RESEARCH_ITERATION = [
  "hypothesis relevance",
  "hypothesize",
  "targeted search",
  "judge relevance",
  "judge",
];
export const RESEARCH_CLOSING = ["report relevance", "report"];

/**
 * The research mode: its request (question, sources, iteration cap, provider-error policy, source cache), the
 * settings saved for it, its stage input built from them — sources (treatment questions also search trial
 * registries), the backend (default from the environment: LLM when a model is configured, else extractive), the
 * library's entity dictionary, the configured time limits and prices, the extractive fallback when the settings ask
 * for it — its stages (lib/research/run.ts) in the order of lib/research/workflow.ts, and its outcome.
 * Each iteration: (1) search the question (first iteration) or the judge's next queries and the open knowledge gaps
 * (later ones) across all sources in parallel; (2) merge and deduplicate; (3) run the hypothesis agent; (4) run
 * targeted searches from the hypotheses' suggestions; (5) run the judge, which continues or synthesizes; synthesis is
 * forced at `maxIterations`. Before each agent reads the evidence, on the model path, a relevance stage chooses what
 * it is shown (lib/research/relevance-stage.ts: each record summarised and scored once a run, those that do not bear
 * on the question left out). Then the report agent writes the report under the critic (writeCheckedReport: citation
 * and quotation checks, deterministic checks, LLM entailment, up to 2 revisions, else the "unverified" flag). Agent
 * calls go through an AgentRunner, which records each model call's usage and cost and applies the provider-error
 * policy. Every step emits a typed event; the question's classification (question-classified) follows run-started,
 * and every backend's hypotheses are normalised (normaliseAssessment: targets to NCBI Gene, pathways to GO) before
 * they are recorded; agents see only supportable records.
 */
export const researchMode: RunMode<
  ResearchRequest,
  ResearchRunInput,
  ResearchState,
  ResearchRunOutcome,
  ResearchOverrides
> = {
  ...researchDescription,
  request: researchInputSchema,
  formRequest: (fields) => ({
    question: fields.question?.[0] ?? "",
    sources: fields.sources ?? [],
    maxIterations: fields.maxIterations ? Number(fields.maxIterations[0]) : undefined,
    onProviderError: fields.onProviderError?.[0],
  }),
  remotePath: "/api/runs",
  settings: (request, sources) => ({
    mode: "research",
    question: request.question,
    sources,
    maxIterations: request.maxIterations ?? getConfig().CRITICA_MAX_ITERATIONS,
    onProviderError: request.onProviderError ?? "fail",
    ...(request.sourceCache === "bypass" ? { sourceCache: "bypass" as const } : {}),
  }),
  requestOf: (settings) => ({
    question: settings.question,
    sources: settings.sources,
    maxIterations: settings.maxIterations,
    onProviderError: settings.onProviderError,
  }),
  backend: (overrides) => overrides.backend ?? createReasoningBackend(),
  async input(settings, { recorder, signal, overrides }) {
    const config = getConfig();
    const onProviderError = settings.onProviderError ?? "fail";
    return {
      question: settings.question,
      sourceIds: settings.sources,
      sources: createSources(settings.sources, {
        treatmentQuestion: isTreatmentQuestion(settings.question),
        cache: settings.sourceCache !== "bypass",
        owner: settings.owner ?? null,
      }),
      backend: overrides.backend ?? createReasoningBackend(),
      maxIterations: settings.maxIterations,
      timeoutMs: config.CRITICA_SOURCE_TIMEOUT_MS,
      recorder,
      entityDictionary: await libraryDictionary(),
      signal,
      onProviderError,
      fallbackBackend: onProviderError === "extractive" ? createFallbackBackend() : undefined,
      prices: getModelPrices(),
      modelTimeoutMs: config.OPENAI_TIMEOUT_MS,
      fullText: createFullTextReader({
        owner: settings.owner ?? null,
        fetch: config.CRITICA_FULL_TEXT === "on",
        records: config.CRITICA_FULL_TEXT_RECORDS,
        waitMs: config.CRITICA_SOURCE_TIMEOUT_MS,
        notOpenTtlMs: config.CRITICA_SOURCE_CACHE_TTL_HOURS * 3_600_000,
        useCache: settings.sourceCache !== "bypass",
        emit: recorder.emit,
        signal,
      }),
    };
  },
  initialState: initialResearchState,
  plan: { first: ["start"], each: ["search", ...RESEARCH_ITERATION], last: RESEARCH_CLOSING },
  stages: {
    start: (input) => researchStages.start(input),
    search: (input, state, iteration) => researchStages.search(input, state, iteration),
    "hypothesis relevance": (input, state, iteration) =>
      researchStages.relevance(input, state, iteration, "hypothesis"),
    hypothesize: (input, state, iteration) => researchStages.hypothesize(input, state, iteration),
    "targeted search": (input, state, iteration) => researchStages.targetedSearch(input, state, iteration),
    "judge relevance": (input, state, iteration) => researchStages.relevance(input, state, iteration, "judge"),
    judge: (input, state, iteration) => researchStages.judge(input, state, iteration),
    "report relevance": (input, state) => researchStages.relevance(input, state, 0, "report"),
    report: (input, state) => researchStages.report(input, state),
  },
  enough: (state) => state.synthesize,
  checkpoint: (state) => ({ evidence: state.evidence.length, report: state.report !== null }),
  outcome: researchOutcome,
  outcomeOf: (detail) => ({
    status: detail.run.status,
    error: detail.run.error,
    iterations: detail.run.iterations,
    evidence: detail.evidence,
    hypotheses: detail.hypotheses.map((h) => h.assessment),
    assessments: detail.assessments.map((a) => a.assessment),
    report: detail.report,
    markdown: detail.markdown,
    shortfalls: detail.shortfalls,
  }),
  failed: (error) => researchOutcome(initialResearchState(), { status: "failed", message: error }),
  verdict: researchVerdict,
  export: researchExport,
  watch: "iteration",
  // A run the command line executes in its own process has no workflow run id: it may still be executing.
  interrupted: "keep",
  followUps: "research",
  agents: [
    { name: "relevance" },
    { name: "embedding" },
    { name: "hypothesis" },
    { name: "judge" },
    { name: "report" },
    { name: "critic" },
  ],
};

/**
 * Runs the research stages in this process over an `input` its caller built (evaluations and tests with their own
 * sources and recorder): the run-started event, the stages in the order of the plan, the closing run-finished event.
 * Never throws for a stage's error: failures and cancellation end the run with status "failed" / "cancelled" and a
 * message.
 */
export async function runResearch(input: ResearchRunInput): Promise<ResearchRunOutcome> {
  await announceRun(
    input.recorder,
    { question: input.question, sources: input.sourceIds, maxIterations: input.maxIterations },
    input.backend,
  );
  return executeStages(
    researchMode,
    input,
    beginProgress(initialResearchState(), 0, { from: 1, to: input.maxIterations }),
  );
}
