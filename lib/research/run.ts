import type { ReasoningBackend } from "@/lib/research/backend";
import type { RunRecorder } from "@/lib/runs/recorder";
import type { Shortfall } from "@/lib/domain/run";
import type { Evidence, SourceId } from "@/lib/domain/evidence";
import type { HypothesisSet } from "@/lib/domain/hypothesis";
import type { JudgeAssessment } from "@/lib/domain/judge";
import type { ResearchReport } from "@/lib/domain/report";
import type { ModelPrices } from "@/lib/ai/pricing";
import { reportToMarkdown } from "@/lib/report/render/markdown";
import type { LiteratureSource } from "@/lib/sources/types";
import { createAgentRunner, type ProviderErrorPolicy } from "@/lib/runs/agent-runner";
import type { RunFailure } from "@/lib/runs/durable-step";
import { writeCheckedReport } from "@/lib/research/critic-loop";
import type { SearchPhase } from "@/lib/domain/run";
import type { RunOutcome } from "@/lib/runs/mode";
import { summarizeEvidence } from "@/lib/evidence/summary";
import { annotateEvidence, type EntityDictionary } from "@/lib/evidence/annotation";
import { mergeEvidence } from "@/lib/evidence/merge";
import {
  isRetracted,
  retractedNoticeMessage,
  supportableEvidence,
  withProvenanceLimitations,
} from "@/lib/evidence/provenance";
import { searchSources, type SourceSearchResult } from "@/lib/sources/search";
import { endPrefetch, startSearchPrefetch, takePrefetched } from "@/lib/research/search-prefetch";
import { normaliseAssessment } from "@/lib/research/normalise-chain";
import { propositionText, questionProposition } from "@/lib/reading/proposition";
import { questionReading } from "@/lib/reading/question-reading";
import { markOutOfScope, noticeClaimForm, writeOutOfScope } from "@/lib/research/out-of-scope";
import { scoreNewRecords } from "@/lib/evidence/prompt-context/relevance";

/** Records per source for the question itself, and for each follow-up query. */
export const QUESTION_SEARCH_LIMIT = 40;
export const FOLLOW_UP_SEARCH_LIMIT = 12;
/** Follow-up queries run per step (judge's next queries, or hypothesis suggestions). */
export const FOLLOW_UP_QUERIES_PER_STEP = 3;
/** Upper bound on the evidence a run collects, to keep agent inputs and the report bounded. */
export const MAX_RUN_EVIDENCE = 250;

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
  };
}

/** The agent runner of one stage, on the fallback backend when an earlier stage already switched to it. */
function stageRunner(input: ResearchRunInput, state: ResearchState) {
  const runner = createAgentRunner({
    backend: state.usingFallback && input.fallbackBackend ? input.fallbackBackend : input.backend,
    fallback: input.fallbackBackend,
    policy: input.onProviderError ?? "fail",
    emit: input.recorder.emit,
    prices: input.prices,
    signal: input.signal,
    timeoutMs: input.modelTimeoutMs,
  });
  const done = () => {
    state.usingFallback =
      state.usingFallback || (input.fallbackBackend !== undefined && runner.backend === input.fallbackBackend);
  };
  return { runner, done };
}

/**
 * Searches the queries across the sources that have not failed, all queries at once (one after another
 * they would cost a source round trip each; PubMed's limiter still spaces its requests), then, query by query in the
 * given order, records the searches, merges, annotates and saves what is new. A query the previous stage already
 * started (`prefetchKey`, see startSearchPrefetch) is taken from there and recorded here like the others.
 */
async function search(
  input: ResearchRunInput,
  state: ResearchState,
  queries: string[],
  phase: SearchPhase,
  limit: number,
  iteration: number,
  prefetchKey?: string,
) {
  const { recorder, signal } = input;
  // A source that failed (after its own retries) or timed out is not asked again in this run: each later step
  // would cost another timeout, and the user sees one shortfall per source rather than one per query.
  const available = input.sources.filter((s) => !state.failedSources.includes(s.id));
  if (available.length === 0) return;
  state.queriesRun.push(...queries.map(normalise));
  // Each source's search event is saved as soon as that source answers, so the run page shows progress
  // before the slowest source is done; the merge, shortfalls and state follow query by query once all answered.
  const record = (r: SourceSearchResult) =>
    recorder.emit("search", {
      iteration,
      phase,
      source: r.source,
      query: r.query,
      hits: r.evidence.length,
      durationMs: r.durationMs,
      ...(r.fromCache ? { fromCache: true } : {}),
    });
  const answers = await Promise.all(
    queries.map(async (query) => {
      const prefetched = takePrefetched(prefetchKey, normalise(query));
      if (!prefetched)
        return searchSources(available, query, { limit, timeoutMs: input.timeoutMs, signal, onResult: record });
      const results = (await prefetched).filter((r) => available.some((s) => s.id === r.source));
      for (const r of results) await record(r);
      return results;
    }),
  );
  for (const answer of answers) {
    // Results of a source that failed on an earlier query of this step are left out, as if it had not been asked.
    const results = answer.filter((r) => !state.failedSources.includes(r.source));
    if (results.length === 0) break;
    const found: Evidence[] = [];
    for (const r of results) {
      if (r.error) {
        state.failedSources.push(r.source);
        state.shortfalls.push({ source: r.source, message: r.error });
        await recorder.emit("shortfall", { iteration, source: r.source, message: r.error });
      }
      found.push(...r.evidence);
    }
    const room = MAX_RUN_EVIDENCE - state.evidence.length;
    const { added, duplicates } = mergeEvidence(
      state.evidence,
      found.sort((a, b) => b.relevance - a.relevance),
    );
    // A record's relevance is its relevance to the question, not its rank in whichever search found it (ranks of
    // different searches do not compare);
    // it orders what is kept when the run is full, and is saved with the record for the evidence table.
    const kept = annotateEvidence(
      scoreNewRecords(input.question, state.evidence, added).slice(0, Math.max(0, room)),
      input.entityDictionary ?? null,
    );
    if (kept.length > 0) await recorder.saveEvidence(kept, iteration);
    state.evidence.push(...kept);
    await recorder.emit("evidence", {
      iteration,
      added: kept.map(summarizeEvidence),
      duplicates,
      total: state.evidence.length,
    });
    if (kept.some(isRetracted))
      await recorder.emit("notice", { level: "warning", message: retractedNoticeMessage(kept.filter(isRetracted)) });
  }
}

/** Up to FOLLOW_UP_QUERIES_PER_STEP distinct queries not searched yet. */
function fresh(state: ResearchState, queries: string[]): string[] {
  return [...new Set(queries.map((q) => q.trim()).filter(Boolean))]
    .filter((q) => !state.queriesRun.includes(normalise(q)))
    .slice(0, FOLLOW_UP_QUERIES_PER_STEP);
}

/**
 * The stages of a research run, in order (the plan of lib/research/workflow.ts): `start` once; per iteration `search`,
 * `hypothesize`, `targetedSearch`, `judge` (which sets `state.synthesize` to end the loop); then `report`. Each mutates
 * and returns the state and emits its events through `input.recorder`; each throws on failure or cancellation (the
 * engine, lib/runs, turns that into the run's end). They are the units the durable engine runs as steps.
 */
export const researchStages = {
  async start(input: ResearchRunInput): Promise<void> {
    const p = questionProposition(input.question, input.entityDictionary);
    const { concepts, vocabulary } = questionReading({ proposition: p, resolved: null });
    await input.recorder.emit("question-classified", {
      kind: p.kind,
      drugs: p.chemicals,
      conditions: p.conditions,
      reading: propositionText(p),
      concepts,
      vocabulary,
    });
    if (input.backend.kind === "extractive")
      await input.recorder.emit("notice", { level: "info", message: "extractive mode: no language model configured" });
    await noticeClaimForm(input);
  },

  /** (1)+(2): the question (first iteration) or the judge's next queries and the open knowledge gaps (later ones). */
  async search(input: ResearchRunInput, state: ResearchState, iteration: number): Promise<ResearchState> {
    input.signal?.throwIfAborted();
    state.iterations = iteration;
    await input.recorder.emit("iteration-started", { iteration });
    const lastJudge = state.assessments.at(-1);
    const previous = state.hypotheses.at(-1) ?? null;
    if (iteration === 1) {
      await search(input, state, [input.question], "question", QUESTION_SEARCH_LIMIT, iteration);
      await markOutOfScope(input, state);
    } else
      await search(
        input,
        state,
        fresh(state, [...(lastJudge?.nextSearchQueries ?? []), ...(previous?.recommendedSearches ?? [])]),
        "judge",
        FOLLOW_UP_SEARCH_LIMIT,
        iteration,
      );
    return state;
  },

  /**
   * (1)+(2) of a follow-up iteration ("look deeper into hERG"): the user's research request as the
   * queries, searched like the question (phase "question", up to QUESTION_SEARCH_LIMIT records per source).
   */
  async followUpSearch(
    input: ResearchRunInput,
    state: ResearchState,
    iteration: number,
    queries: string[],
  ): Promise<ResearchState> {
    input.signal?.throwIfAborted();
    state.iterations = iteration;
    await input.recorder.emit("iteration-started", { iteration });
    await search(input, state, fresh(state, queries), "question", QUESTION_SEARCH_LIMIT, iteration);
    return state;
  },

  /** (3): the hypothesis agent. */
  async hypothesize(input: ResearchRunInput, state: ResearchState, iteration: number): Promise<ResearchState> {
    const { signal } = input;
    signal?.throwIfAborted();
    if (state.outOfScope) return state;
    const { runner, done } = stageRunner(input, state);
    const previous = state.hypotheses.at(-1) ?? null;
    const dropped: string[] = [];
    // The targeted searches start as the agent finishes each hypothesis's suggestions (LLM backend, streaming).
    const prefetch = startSearchPrefetch({
      sources: input.sources.filter((s) => !state.failedSources.includes(s.id)),
      limit: FOLLOW_UP_SEARCH_LIMIT,
      timeoutMs: input.timeoutMs,
      signal,
      max: FOLLOW_UP_QUERIES_PER_STEP,
      normalise,
    });
    try {
      // Both backends' chains get the same node normalisation (targets → NCBI Gene, pathways → GO); agents see only
      // supportable records, so no finding rests on a retracted one (retracted ones stay in state.evidence, shown and
      // counted).
      const hypotheses = normaliseAssessment(
        await runner.call("hypothesis", (b, onUsage) =>
          b.hypothesize({
            question: input.question,
            evidence: supportableEvidence(state.evidence),
            previous,
            signal,
            hooks: {
              onUsage,
              onDroppedEvidenceIds: (ids) => dropped.push(...ids),
              // Live viewers see the cards fill in as the model writes them (never saved; the hypotheses event is).
              onPartial: (p) => p.kind === "hypotheses" && input.recorder.partial?.({ ...p, iteration }),
              onSearchSuggestions: (queries) => prefetch.start(fresh(state, queries)),
            },
          }),
        ),
      );
      state.hypotheses.push(hypotheses);
      if (prefetch.used) state.prefetchKey = prefetch.key;
      await input.recorder.emit("hypotheses", {
        iteration,
        assessment: hypotheses,
        ...(runner.backend.kind === "llm" ? { droppedEvidenceIds: dropped } : {}),
      });
    } finally {
      done();
      if (state.prefetchKey !== prefetch.key) endPrefetch(prefetch.key);
    }
    return state;
  },

  /** (4): targeted searches from the hypotheses' suggestions (those the hypothesis stage started are taken from it). */
  async targetedSearch(input: ResearchRunInput, state: ResearchState, iteration: number): Promise<ResearchState> {
    if (state.outOfScope) return state;
    const hypotheses = state.hypotheses.at(-1) ?? emptyHypotheses();
    const ordered = hypotheses.primaryHypothesis
      ? [hypotheses.primaryHypothesis, ...hypotheses.hypotheses]
      : hypotheses.hypotheses;
    const prefetchKey = state.prefetchKey;
    delete state.prefetchKey;
    try {
      await search(
        input,
        state,
        fresh(
          state,
          ordered.flatMap((h) => h.searchSuggestions),
        ),
        "hypothesis",
        FOLLOW_UP_SEARCH_LIMIT,
        iteration,
        prefetchKey,
      );
    } finally {
      endPrefetch(prefetchKey);
    }
    return state;
  },

  /** (5): the judge, which continues or synthesizes; synthesis is forced at `maxIterations`. */
  async judge(input: ResearchRunInput, state: ResearchState, iteration: number): Promise<ResearchState> {
    const { signal } = input;
    signal?.throwIfAborted();
    if (state.outOfScope) return state;
    const { runner, done } = stageRunner(input, state);
    const hypotheses = state.hypotheses.at(-1) ?? emptyHypotheses();
    try {
      const judged = await runner.call("judge", (b, onUsage) =>
        b.judge({
          question: input.question,
          evidence: supportableEvidence(state.evidence),
          hypotheses,
          iteration,
          maxIterations: input.maxIterations,
          signal,
          hooks: { onUsage },
        }),
      );
      const forced = iteration >= input.maxIterations && judged.recommendation !== "synthesize";
      const assessment: JudgeAssessment = forced ? { ...judged, recommendation: "synthesize" } : judged;
      state.assessments.push(assessment);
      await input.recorder.emit("assessment", { iteration, assessment, forced });
      state.synthesize = assessment.recommendation === "synthesize";
    } finally {
      done();
    }
    return state;
  },

  /** The report agent under the critic (writeCheckedReport), then the report event. */
  async report(input: ResearchRunInput, state: ResearchState): Promise<ResearchState> {
    const { signal } = input;
    signal?.throwIfAborted();
    if (state.outOfScope) return writeOutOfScope(input, state);
    const { runner, done } = stageRunner(input, state);
    try {
      const support = supportableEvidence(state.evidence);
      const checked = await writeCheckedReport({
        reportInput: {
          question: input.question,
          evidence: support,
          hypotheses: state.hypotheses.at(-1) ?? emptyHypotheses(),
          assessments: state.assessments,
          sourcesSearched: input.sourceIds,
          iterations: state.iterations,
          shortfalls: state.shortfalls,
        },
        evidence: support,
        runner,
        emit: input.recorder.emit,
        partial: input.recorder.partial,
        signal,
      });
      const report = withProvenanceLimitations(checked, state.evidence);
      const markdown = reportToMarkdown(report);
      state.report = report;
      state.markdown = markdown;
      await input.recorder.emit("report", { report, markdown });
    } finally {
      done();
    }
    return state;
  },
};

/** The outcome of a run from its final state. */
export function researchOutcome(state: ResearchState, failure: RunFailure | null): ResearchRunOutcome {
  return {
    status: failure?.status ?? "completed",
    error: failure?.message ?? null,
    iterations: state.iterations,
    evidence: state.evidence,
    hypotheses: state.hypotheses,
    assessments: state.assessments,
    report: state.report,
    markdown: state.markdown,
    shortfalls: state.shortfalls,
  };
}

function emptyHypotheses(): HypothesisSet {
  return { hypotheses: [], primaryHypothesis: null, knowledgeGaps: [], recommendedSearches: [] };
}

function normalise(query: string): string {
  return query.toLowerCase().replace(/\s+/g, " ").trim();
}
