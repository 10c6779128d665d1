import { expect } from "vitest";
import type { AppServer } from "./app-server";
import { readRunStream, type StreamedEvent } from "./stream-reader";

const QUESTIONS = [
  "Does doxorubicin cause cardiotoxicity, and through which mechanism?",
  "Is lithium nephrotoxic, and by what mechanism?",
  "Does amiodarone cause pulmonary fibrosis?",
  "Can cisplatin cause ototoxicity?",
];

/** The p-th percentile (nearest rank) of `values`. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** What one load round measured (ms unless named otherwise). */
export interface LoadFigures {
  totalMs: number;
  acceptedMs: number[];
  firstEventMs: number[];
  runMs: number[];
  delivered: number;
  /** Per server (in the order given): how many runs it accepted, viewers it served, and steps it executed. */
  perServer: Array<{ port: number; runs: number; viewers: number; steps: number }>;
}

/** How many "step start" lines (lib/runs/step-log.ts) `server` printed for the given runs. */
function stepsExecuted(server: AppServer, runIds: Set<string>): number {
  return server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{") && line.includes('"msg":"step start"'))
    .filter((line) => {
      const m = /"runId":"([^"]+)"/.exec(line);
      return m !== null && runIds.has(m[1]);
    }).length;
}

/**
 * Starts `runs` research runs at once (run i is posted to `servers[i % n]`) with `viewers` stream viewers (viewer k
 * of run i reads it from `servers[(i + k) % n]`, so with two servers every run is watched on both), waits for all
 * streams to end, and asserts what a user relies on: every run completed; every run's saved events have contiguous
 * seq numbers and exactly one run-started, hypotheses, assessment, report and run-finished (no step's events twice);
 * every viewer received exactly the saved events, in order, and its stream ended by itself.
 * `getDb` reads the database the servers share.
 */
export async function loadRound(
  servers: AppServer[],
  options: { runs: number; viewers: number; getDb: () => import("@/lib/db/client").DB; streamTimeoutMs: number },
): Promise<LoadFigures> {
  const { runs: RUNS, viewers: VIEWERS, getDb } = options;
  const started = performance.now();
  const watched = await Promise.all(
    Array.from({ length: RUNS }, async (_, i) => {
      const server = servers[i % servers.length];
      const asked = performance.now();
      const res = await fetch(`${server.origin}/api/runs`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ question: QUESTIONS[i % QUESTIONS.length], maxIterations: 1 }),
      });
      expect(res.status).toBe(202);
      const { runId } = (await res.json()) as { runId: string };
      const run = { runId, server, asked, answered: performance.now() };
      // Run i is watched by viewers i, i + RUNS, i + 2·RUNS… (two or three each), connected as soon as it is
      // accepted.
      const count = Math.floor(VIEWERS / RUNS) + (i < VIEWERS % RUNS ? 1 : 0);
      const streams = await Promise.all(
        Array.from({ length: count }, async (_, k) => {
          const viewer = servers[(i + k) % servers.length];
          return {
            viewer,
            stream: await readRunStream(`${viewer.origin}/api/runs/${runId}/stream`, {
              timeoutMs: options.streamTimeoutMs,
            }),
          };
        }),
      );
      return { run, streams };
    }),
  );
  const totalMs = performance.now() - started;
  const runs = watched.map((w) => w.run);
  const viewers = watched.flatMap((w) => w.streams.map((s) => ({ run: w.run, ...s })));
  expect(viewers).toHaveLength(VIEWERS);

  const saved = new Map<string, Array<{ seq: number; type: string }>>();
  for (const { runId } of runs) {
    const row = await getDb().run.findUniqueOrThrow({ where: { id: runId } });
    if (row.status !== "completed") {
      // Why, for the failure message: the run's last event and what the servers logged about it.
      const last = await getDb().runEvent.findFirst({ where: { runId }, orderBy: { seq: "desc" } });
      const logged = servers.flatMap((s) =>
        s
          .output()
          .split("\n")
          .filter((l) => l.includes(runId) || l.includes(row.workflowRunId ?? runId))
          .map((l) => `[${s.port}] ${l.slice(0, 400)}`),
      );
      expect(row.status, `run ${runId}: last event ${JSON.stringify(last)}\n${logged.slice(-30).join("\n")}`).toBe(
        "completed",
      );
    }
    const events = await getDb().runEvent.findMany({
      where: { runId },
      orderBy: { seq: "asc" },
      select: { seq: true, type: true },
    });
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    const count = (type: string) => events.filter((e) => e.type === type).length;
    expect([
      count("run-started"),
      count("hypotheses"),
      count("assessment"),
      count("report"),
      count("run-finished"),
    ]).toEqual([1, 1, 1, 1, 1]);
    saved.set(runId, events);
  }
  const firstEventMs: number[] = [];
  let delivered = 0;
  for (const { run, stream } of viewers) {
    // A viewer that connected after the run ended got 204 and nothing (the page has it all); none should here.
    expect(stream.status).toBe(200);
    expect(stream.events.map((e: StreamedEvent) => [e.seq, e.type])).toEqual(
      saved.get(run.runId)!.map((e) => [e.seq, e.type]),
    );
    expect(stream.finished).toBe(true);
    firstEventMs.push(stream.events[0].at - run.asked);
    delivered += stream.events.length;
  }
  const runMs = await Promise.all(
    runs.map(async ({ runId }) => {
      const row = await getDb().run.findUniqueOrThrow({ where: { id: runId } });
      return row.finishedAt!.getTime() - row.createdAt.getTime();
    }),
  );
  const ids = new Set(runs.map((r) => r.runId));
  return {
    totalMs,
    acceptedMs: runs.map((r) => r.answered - r.asked),
    firstEventMs,
    runMs,
    delivered,
    perServer: servers.map((server) => ({
      port: server.port,
      runs: runs.filter((r) => r.server === server).length,
      viewers: viewers.filter((v) => v.viewer === server).length,
      steps: stepsExecuted(server, ids),
    })),
  };
}

/** One line of figures for the log (and the README's table). */
export function describeLoad(label: string, f: LoadFigures, wallMs: number): string {
  const ms = (v: number) => `${Math.round(v)} ms`;
  return (
    `load (${label}): ${f.acceptedMs.length} runs + ${f.firstEventMs.length} viewers, all completed in ` +
    `${Math.round(f.totalMs / 1000)} s ` +
    `(${Math.round(wallMs / 1000)} s with the servers' start); ` +
    `202 answer p50 ${ms(percentile(f.acceptedMs, 50))} / p95 ${ms(percentile(f.acceptedMs, 95))}; ` +
    `time to first event at a viewer p50 ${ms(percentile(f.firstEventMs, 50))} / p95 ` +
    `${ms(percentile(f.firstEventMs, 95))}; ` +
    `run duration p50 ${Math.round(percentile(f.runMs, 50) / 1000)} s / p95 ` +
    `${Math.round(percentile(f.runMs, 95) / 1000)} s; ` +
    `${f.delivered} events delivered, none lost or repeated; ` +
    f.perServer
      .map((s) => `port ${s.port}: ${s.runs} runs accepted, ${s.viewers} viewers, ${s.steps} steps executed`)
      .join("; ")
  );
}
