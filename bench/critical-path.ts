import { latestRunPartial } from "@/lib/runs/partials";
import { createReasoningBackend } from "@/lib/research/create-backend";
import { research } from "@/lib/modes";
import { startRun } from "@/lib/runs/start";
import { listRunEvents } from "@/lib/db/runs";
import type { RunEvent } from "@/lib/domain/events";
import type { FixtureServer } from "@/tests/support/fixture-server";
import { researchAnswerer } from "./answers";
import { latencyModel, type ModelCall } from "./latency-model";
import { searchStepLimitMs } from "./limit";

/** The research question of the LLM bench runs (the loopback sources answer every query with the same records). */
export const BENCH_QUESTION = "Does metformin reduce cancer growth, and by what mechanism?";

/** One LLM research run under the latency model, with what the bench derives from it. */
export interface LlmRunMeasurement {
  runMs: number;
  limitMs: number;
  iterations: number;
  status: string;
  calls: ModelCall[];
  events: RunEvent[];
  /** Model calls per iteration (hypothesis + judge + retries), in iteration order; report and critic calls after. */
  perIteration: number[];
  /** Search steps in order: queries run and the step's lower bound (ms). */
  steps: Array<{ iteration: number; phase: string; queries: number; limitMs: number }>;
  /** Time from the report call's start to the first event carrying report text, and the report call's duration (ms). */
  reportStream: { firstTextMs: number | null; callMs: number };
}

/**
 * Runs the research workflow with the LLM backend on the latency model's scripted model and the three live
 * sources on the loopback `server` (whose replies wait SOURCE_MS), in this process (CRITICA_ENGINE=inline), and
 * measures it against its limit: per search step the slowest source's request chain (searchStepLimitMs, NCBI
 * spacing included), plus the model calls' modelled durations: calls that overlapped in time were independent (the
 * relevance pass's batches, asked at once) and count once, by the longest of them (modelCallsLimitMs); every other
 * research model call depends on the previous step's output.
 */
export async function measureLlmRun(server: FixtureServer, maxIterations = 3): Promise<LlmRunMeasurement> {
  server.reset();
  const { model, calls } = latencyModel(researchAnswerer());
  const backend = createReasoningBackend({ model, modelId: "latency-model", embeddingModel: null });
  const started = performance.now();
  const { runId, done } = await startRun(
    research,
    { question: BENCH_QUESTION, sources: ["pubmed", "europepmc", "ctgov"], maxIterations },
    { overrides: { backend } },
  );
  // Streaming: the first moment a live viewer could see report text, i.e. the first partial report (lib/runs/partials,
  // what the stream route sends as a transient data-partial part) with a section holding text; polled every 5 ms.
  let firstReportTextAt: number | null = null;
  const watch = setInterval(() => {
    const latest = latestRunPartial(runId)?.partial;
    if (
      firstReportTextAt === null &&
      latest?.kind === "report" &&
      latest.sections.some((section) => section.text.length > 0)
    )
      firstReportTextAt = performance.now();
  }, 5);
  const outcome = await done.finally(() => clearInterval(watch));
  const runMs = performance.now() - started;
  const events = await listRunEvents(runId);

  // Search steps: the queries of each (iteration, phase), and each query's request chain per source.
  const byStep = new Map<string, { iteration: number; phase: string; queries: Set<string> }>();
  for (const e of events) {
    if (e.type !== "search") continue;
    const key = `${e.data.iteration}:${e.data.phase}`;
    const step = byStep.get(key) ?? { iteration: e.data.iteration, phase: e.data.phase, queries: new Set<string>() };
    step.queries.add(e.data.query);
    byStep.set(key, step);
  }
  const steps = [...byStep.values()].map((s) => {
    const queries = [...s.queries];
    const chains = queries.flatMap((q) => [
      server.requests.filter((r) => r.route === "europepmc" && r.params.query === q).length,
      server.requests.filter((r) => r.route === "ctgov" && r.params["query.term"] === q).length,
    ]);
    const pubmed = queries.filter((q) =>
      server.requests.some((r) => r.route === "esearch" && r.params.term === q),
    ).length;
    return {
      iteration: s.iteration,
      phase: s.phase,
      queries: queries.length,
      limitMs: searchStepLimitMs(pubmed, chains),
    };
  });
  const limitMs = steps.reduce((n, s) => n + s.limitMs, 0) + modelCallsLimitMs(calls);

  const perIteration: number[] = [];
  let current = -1;
  for (const e of events) {
    if (e.type === "iteration-started") perIteration[(current = e.data.iteration - 1)] = 0;
    if (e.type === "usage" && (e.data.agent === "hypothesis" || e.data.agent === "judge") && current >= 0)
      perIteration[current]++;
  }

  // Streaming: the first report text a viewer could see (above), relative to the first report call's start.
  const reportCall = calls.find((c) => c.agent === "report");
  const firstTextMs =
    reportCall && firstReportTextAt !== null ? Math.max(0, firstReportTextAt - reportCall.startedAt) : null;
  return {
    runMs,
    limitMs,
    iterations: outcome.iterations,
    status: outcome.status,
    calls,
    events,
    perIteration,
    steps,
    reportStream: { firstTextMs, callMs: reportCall ? reportCall.endedAt - reportCall.startedAt : 0 },
  };
}

/**
 * The least time `calls` need (ms): calls grouped by overlap in time (a call starting before every earlier call of
 * its group has ended joins it), each group counted by its longest modelled duration, the groups added.
 */
export function modelCallsLimitMs(calls: ModelCall[]): number {
  let total = 0;
  let groupEnd = -Infinity;
  let groupMax = 0;
  for (const c of [...calls].sort((a, b) => a.startedAt - b.startedAt)) {
    if (c.startedAt < groupEnd) {
      groupMax = Math.max(groupMax, c.modelledMs);
      groupEnd = Math.max(groupEnd, c.endedAt);
      continue;
    }
    total += groupMax;
    groupMax = c.modelledMs;
    groupEnd = c.endedAt;
  }
  return total + groupMax;
}
