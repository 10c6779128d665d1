import type { ReasoningBackend } from "@/lib/research/backend";
import type { RunRecorder } from "@/lib/runs/recorder";
import type { Shortfall } from "@/lib/domain/run";
import type { Evidence, SourceId } from "@/lib/domain/evidence";
import type { HypothesisSet } from "@/lib/domain/hypothesis";
import type { JudgeAssessment } from "@/lib/domain/judge";
import type { ResearchReport } from "@/lib/domain/report";
import type { ModelPrices } from "@/lib/ai/pricing";
import { reportToMarkdown } from "@/lib/report/markdown";
import type { LiteratureSource } from "@/lib/sources/types";
import { createAgentRunner, type ProviderErrorPolicy } from "@/lib/runs/agent-runner";
import { writeCheckedReport } from "@/lib/research/critic-loop";
import type { RunStatus, SearchPhase } from "@/lib/domain/run";
import { summarizeEvidence } from "@/lib/evidence/summary";
import { annotateEvidence, type EntityDictionary } from "@/lib/evidence/annotation";
import { mergeEvidence } from "@/lib/evidence/merge";
import { isRetracted, retractedNoticeMessage, supportableEvidence, withProvenanceLimitations } from "@/lib/evidence/provenance";
import { searchSources } from "@/lib/sources/search";
import { normaliseAssessment } from "@/lib/research/normalise-chain";
import { classifyQuestion } from "@/lib/research/question";

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
export interface ResearchRunOutcome {
  status: Exclude<RunStatus, "queued" | "running">;
  error: string | null;
  iterations: number;
  evidence: Evidence[];
  hypotheses: HypothesisSet[];
  assessments: JudgeAssessment[];
  report: ResearchReport | null;
  markdown: string | null;
  shortfalls: Shortfall[];
}

/**
 * Runs the research workflow. Each iteration: (1) search the question (first iteration) or the judge's next
 * queries and the open knowledge gaps (later ones) across all sources in parallel; (2) merge and deduplicate;
 * (3) run the hypothesis agent; (4) run targeted searches from the hypotheses' suggestions; (5) run the judge,
 * which continues or synthesizes; synthesis is forced at `maxIterations`. Then the report agent writes the report
 * under the critic (writeCheckedReport: citation and quotation checks, deterministic checks, LLM entailment, up
 * to 2 revisions, else the "unverified" flag). Agent calls go through an AgentRunner, which records each model
 * call's usage and cost and applies the provider-error policy. Every step emits a typed event; the question's
 * classification (question-classified) follows run-started, and every backend's hypotheses are normalised
 * (normaliseAssessment: targets to NCBI Gene, pathways to GO) before they are recorded.
 * Never throws: failures and cancellation end the run with status "failed" / "cancelled" and a message.
 */
export async function runResearch(input: ResearchRunInput): Promise<ResearchRunOutcome> {
  const started = performance.now();
  const { recorder, backend, signal } = input;
  const runner = createAgentRunner({
    backend,
    fallback: input.fallbackBackend,
    policy: input.onProviderError ?? "fail",
    emit: recorder.emit,
    prices: input.prices,
    signal,
    timeoutMs: input.modelTimeoutMs,
  });
  const state: ResearchRunOutcome = {
    status: "completed",
    error: null,
    iterations: 0,
    evidence: [],
    hypotheses: [],
    assessments: [],
    report: null,
    markdown: null,
    shortfalls: [],
  };
  const queriesRun = new Set<string>();
  // A source that failed (after its own retries) or timed out is not asked again in this run: each later query
  // would cost another timeout, and the user sees one shortfall per source rather than one per query.
  const failedSources = new Set<SourceId>();

  const search = async (queries: string[], phase: SearchPhase, limit: number, iteration: number) => {
    for (const query of queries) {
      queriesRun.add(normalise(query));
      const available = input.sources.filter((s) => !failedSources.has(s.id));
      if (available.length === 0) break;
      const results = await searchSources(available, query, { limit, timeoutMs: input.timeoutMs, signal });
      const found: Evidence[] = [];
      for (const r of results) {
        await recorder.emit("search", { iteration, phase, source: r.source, query, hits: r.evidence.length, durationMs: r.durationMs });
        if (r.error) {
          failedSources.add(r.source);
          state.shortfalls.push({ source: r.source, message: r.error });
          await recorder.emit("shortfall", { iteration, source: r.source, message: r.error });
        }
        found.push(...r.evidence);
      }
      const room = MAX_RUN_EVIDENCE - state.evidence.length;
      const { added, duplicates } = mergeEvidence(state.evidence, found.sort((a, b) => b.relevance - a.relevance));
      const kept = annotateEvidence(added.slice(0, Math.max(0, room)), input.entityDictionary ?? null);
      if (kept.length > 0) await recorder.saveEvidence(kept, iteration);
      state.evidence.push(...kept);
      await recorder.emit("evidence", { iteration, added: kept.map(summarizeEvidence), duplicates, total: state.evidence.length });
      if (kept.some(isRetracted)) await recorder.emit("notice", { level: "warning", message: retractedNoticeMessage(kept.filter(isRetracted)) });
    }
  };
  const fresh = (queries: string[]) =>
    [...new Set(queries.map((q) => q.trim()).filter(Boolean))].filter((q) => !queriesRun.has(normalise(q))).slice(0, FOLLOW_UP_QUERIES_PER_STEP);

  try {
    await recorder.emit("run-started", {
      question: input.question,
      backend: backend.kind,
      model: backend.model,
      sources: input.sourceIds,
      maxIterations: input.maxIterations,
    });
    const { kind, drugs, conditions } = classifyQuestion(input.question, input.entityDictionary);
    await recorder.emit("question-classified", { kind, drugs, conditions });
    if (backend.kind === "extractive") {
      await recorder.emit("notice", { level: "info", message: "extractive mode: no language model configured" });
    }
    let previous: HypothesisSet | null = null;
    for (let iteration = 1; iteration <= input.maxIterations; iteration++) {
      signal?.throwIfAborted();
      state.iterations = iteration;
      await recorder.emit("iteration-started", { iteration });
      const lastJudge = state.assessments.at(-1);
      if (iteration === 1) await search([input.question], "question", QUESTION_SEARCH_LIMIT, iteration);
      else await search(fresh([...(lastJudge?.nextSearchQueries ?? []), ...(previous?.recommendedSearches ?? [])]), "judge", FOLLOW_UP_SEARCH_LIMIT, iteration);

      signal?.throwIfAborted();
      const dropped: string[] = [];
      // Both backends' chains get the same node normalisation (targets → NCBI Gene, pathways → GO).
      const hypotheses = normaliseAssessment(
        await runner.call("hypothesis", (b, onUsage) =>
          b.hypothesize({ question: input.question, evidence: supportableEvidence(state.evidence), previous, signal, hooks: { onUsage, onDroppedEvidenceIds: (ids) => dropped.push(...ids) } }),
        ),
      );
      state.hypotheses.push(hypotheses);
      previous = hypotheses;
      await recorder.emit("hypotheses", { iteration, assessment: hypotheses, ...(runner.backend.kind === "llm" ? { droppedEvidenceIds: dropped } : {}) });

      const ordered = hypotheses.primaryHypothesis ? [hypotheses.primaryHypothesis, ...hypotheses.hypotheses] : hypotheses.hypotheses;
      await search(fresh(ordered.flatMap((h) => h.searchSuggestions)), "hypothesis", FOLLOW_UP_SEARCH_LIMIT, iteration);

      signal?.throwIfAborted();
      const judged = await runner.call("judge", (b, onUsage) =>
        b.judge({ question: input.question, evidence: supportableEvidence(state.evidence), hypotheses, iteration, maxIterations: input.maxIterations, signal, hooks: { onUsage } }),
      );
      const forced = iteration >= input.maxIterations && judged.recommendation !== "synthesize";
      const assessment: JudgeAssessment = forced ? { ...judged, recommendation: "synthesize" } : judged;
      state.assessments.push(assessment);
      await recorder.emit("assessment", { iteration, assessment, forced });
      if (assessment.recommendation === "synthesize") break;
    }

    signal?.throwIfAborted();
    // Issue 15: agents see only supportable records (retracted ones stay in state.evidence, shown and counted).
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
      emit: recorder.emit,
      signal,
    });
    const report = withProvenanceLimitations(checked, state.evidence);
    const markdown = reportToMarkdown(report);
    state.report = report;
    state.markdown = markdown;
    await recorder.emit("report", { report, markdown });
  } catch (error) {
    const cancelled = signal?.aborted ?? false;
    state.status = cancelled ? "cancelled" : "failed";
    state.error = cancelled ? "Run cancelled; everything found so far is kept." : errorMessage(error);
  }
  await recorder.emit("run-finished", {
    status: state.status,
    message: state.error,
    durationMs: Math.round(performance.now() - started),
  });
  return state;
}

function emptyHypotheses(): HypothesisSet {
  return { hypotheses: [], primaryHypothesis: null, knowledgeGaps: [], recommendedSearches: [] };
}

function normalise(query: string): string {
  return query.toLowerCase().replace(/\s+/g, " ").trim();
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
