import type { HypothesisSet } from "@/lib/domain/hypothesis";
import type { JudgeAssessment } from "@/lib/domain/judge";
import { supportableEvidence, withProvenanceLimitations } from "@/lib/evidence/provenance";
import { propositionText, questionProposition } from "@/lib/reading/proposition";
import { questionReading } from "@/lib/reading/question-reading";
import { markOutOfScope, noticeClaimForm, writeOutOfScope } from "./out-of-scope";
import { reportToMarkdown } from "@/lib/report/render/markdown";
import { writeCheckedReport } from "./critic-loop";
import { normaliseAssessment } from "./normalise-chain";
import { withFullTextReading } from "./full-text-reading";
import { relevanceStage } from "./relevance-stage";
import { endPrefetch, startSearchPrefetch } from "./search-prefetch";
import {
  FOLLOW_UP_QUERIES_PER_STEP,
  FOLLOW_UP_SEARCH_LIMIT,
  freshQueries,
  normaliseQuery,
  QUESTION_SEARCH_LIMIT,
  searchQueries,
} from "./search-step";
import { type ResearchRunInput, type ResearchRunOutcome, type ResearchState } from "./state";
import { stageRunner } from "./stage-runner";
import type { RunFailure } from "@/lib/runs/durable-step";

/**
 * The stages of a research run, in order (the plan of lib/research/mode.ts): `start` once; per iteration `search`,
 * the hypothesis agent's `relevance`, `hypothesize`, `targetedSearch`, the judge's `relevance`, `judge` (which sets
 * `state.synthesize` to end the loop); then the report agent's `relevance` and `report`. Each mutates and returns the
 * state and emits its events through `input.recorder`; each throws on failure or cancellation (the engine, lib/runs,
 * turns that into the run's end). They are the units the durable engine runs as steps.
 */
export const researchStages = {
  /** The relevance pass before `agent` reads the evidence (lib/research/relevance-stage.ts). */
  relevance: relevanceStage,

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
      await searchQueries(input, state, [input.question], "question", QUESTION_SEARCH_LIMIT, iteration);
      await markOutOfScope(input, state);
    } else
      await searchQueries(
        input,
        state,
        freshQueries(state, [...(lastJudge?.nextSearchQueries ?? []), ...(previous?.recommendedSearches ?? [])]),
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
    await searchQueries(input, state, freshQueries(state, queries), "question", QUESTION_SEARCH_LIMIT, iteration);
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
    const fullTexts = await input.fullText?.read(state);
    // The targeted searches start as the agent finishes each hypothesis's suggestions (LLM backend, streaming).
    const prefetch = startSearchPrefetch({
      sources: input.sources.filter((s) => !state.failedSources.includes(s.id)),
      limit: FOLLOW_UP_SEARCH_LIMIT,
      timeoutMs: input.timeoutMs,
      signal,
      max: FOLLOW_UP_QUERIES_PER_STEP,
      normalise: normaliseQuery,
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
            fullTexts,
            previous,
            selection: state.selection,
            signal,
            hooks: {
              onUsage,
              onDroppedEvidenceIds: (ids) => dropped.push(...ids),
              // Live viewers see the cards fill in as the model writes them (never saved; the hypotheses event is).
              onPartial: (p) => p.kind === "hypotheses" && input.recorder.partial?.({ ...p, iteration }),
              onSearchSuggestions: (queries) => prefetch.start(freshQueries(state, queries)),
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
      delete state.selection;
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
      await searchQueries(
        input,
        state,
        freshQueries(
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
    await input.fullText?.settle(state, iteration);
    const fullTexts = await input.fullText?.read(state);
    const { runner, done } = stageRunner(input, state);
    const hypotheses = state.hypotheses.at(-1) ?? emptyHypotheses();
    try {
      const judged = await runner.call("judge", (b, onUsage) =>
        b.judge({
          question: input.question,
          evidence: supportableEvidence(state.evidence),
          fullTexts,
          hypotheses,
          iteration,
          maxIterations: input.maxIterations,
          selection: state.selection,
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
      delete state.selection;
    }
    return state;
  },

  /** The report agent under the critic (writeCheckedReport), then the report event. */
  async report(input: ResearchRunInput, state: ResearchState): Promise<ResearchState> {
    const { signal } = input;
    signal?.throwIfAborted();
    if (state.outOfScope) return writeOutOfScope(input, state);
    await input.fullText?.settle(state, state.iterations);
    const fullTexts = await input.fullText?.read(state);
    const { runner, done } = stageRunner(input, state);
    try {
      const support = supportableEvidence(state.evidence);
      const checked = await writeCheckedReport({
        reportInput: {
          question: input.question,
          evidence: support,
          fullTexts,
          hypotheses: state.hypotheses.at(-1) ?? emptyHypotheses(),
          assessments: state.assessments,
          sourcesSearched: input.sourceIds,
          iterations: state.iterations,
          shortfalls: state.shortfalls,
          selection: state.selection,
        },
        evidence: support,
        runner,
        emit: input.recorder.emit,
        partial: input.recorder.partial,
        signal,
      });
      const report = withFullTextReading(withProvenanceLimitations(checked, state.evidence), support, fullTexts);
      const markdown = reportToMarkdown(report);
      state.report = report;
      state.markdown = markdown;
      await input.recorder.emit("report", { report, markdown });
    } finally {
      done();
      delete state.selection;
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
