import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFixtureServer, type FixtureServer } from "../support/fixture-server";
import { startAppServer, type AppServer } from "./support/app-server";
import { readRunStream } from "./support/stream-reader";

// Load on one instance of the production build (SQLite, local world): RUNS research runs started at once against
// slow loopback sources (every reply delayed REPLY_DELAY_MS), with VIEWERS stream viewers connected to them. Every
// run must complete, and every viewer must receive exactly the run's saved events (none lost, none twice).
// The sources are Europe PMC and ClinicalTrials.gov: PubMed's client keeps NCBI's limit of 3 requests per second
// per process (lib/sources/pubmed-rate-limit.ts), which would measure that limit rather than the engine.
const RUNS = 20;
const VIEWERS = 50;
const REPLY_DELAY_MS = 300;
const QUESTIONS = [
  "Does doxorubicin cause cardiotoxicity, and through which mechanism?",
  "Is lithium nephrotoxic, and by what mechanism?",
  "Does amiodarone cause pulmonary fibrosis?",
  "Can cisplatin cause ototoxicity?",
];

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

// About two minutes on the shared 2-core machine, so it runs on demand rather than in scripts/test.sh:
// `CRITICA_LOAD_TEST=1 npx vitest run -c vitest.integration.config.mts tests/integration/load.test.ts` (after a build).
describe.skipIf(!process.env.CRITICA_LOAD_TEST)("load: 20 concurrent runs with 50 stream viewers on one instance", () => {
  let dir: string;
  let fixtures: FixtureServer;
  let server: AppServer;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "critica-load-"));
    fixtures = await startFixtureServer({ delayMs: REPLY_DELAY_MS });
    const env = {
      DATABASE_URL: `file:${path.join(dir, "critica.db")}`,
      CRITICA_ENGINE: "workflow",
      OPENAI_API_KEY: "",
      CRITICA_SOURCES: "europepmc,ctgov",
      EUROPEPMC_BASE_URL: fixtures.urls.europepmc,
      CTGOV_BASE_URL: fixtures.urls.ctgov,
    };
    process.env.DATABASE_URL = env.DATABASE_URL;
    server = await startAppServer(env);
  });
  afterAll(async () => {
    await server?.stop();
    await fixtures.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("completes every run, and every viewer receives each of its run's events exactly once", { timeout: 300_000 }, async () => {
    const { getDb } = await import("@/lib/db/client");
    const started = performance.now();
    // Run i is watched by viewers i, i + RUNS, i + 2·RUNS… (two or three each), connected as soon as it is accepted.
    const watched = await Promise.all(
      Array.from({ length: RUNS }, async (_, i) => {
        const asked = performance.now();
        const res = await fetch(`${server.origin}/api/runs`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ question: QUESTIONS[i % QUESTIONS.length], maxIterations: 1 }),
        });
        expect(res.status).toBe(202);
        const { runId } = (await res.json()) as { runId: string };
        const run = { runId, asked, answered: performance.now() };
        const count = Math.floor(VIEWERS / RUNS) + (i < VIEWERS % RUNS ? 1 : 0);
        const streams = await Promise.all(Array.from({ length: count }, () => readRunStream(`${server.origin}/api/runs/${runId}/stream`, { timeoutMs: 280_000 })));
        return { run, streams };
      }),
    );
    const totalMs = performance.now() - started;
    const runs = watched.map((w) => w.run);
    const viewers = watched.flatMap((w) => w.streams.map((stream) => ({ run: w.run, stream })));
    expect(viewers).toHaveLength(VIEWERS);

    for (const { runId } of runs) expect((await getDb().run.findUniqueOrThrow({ where: { id: runId } })).status).toBe("completed");
    const firstEventMs: number[] = [];
    let delivered = 0;
    for (const { run, stream } of viewers) {
      const saved = await getDb().runEvent.findMany({ where: { runId: run.runId }, orderBy: { seq: "asc" }, select: { seq: true, type: true } });
      expect(saved.map((e) => e.seq)).toEqual(saved.map((_, i) => i + 1));
      // A viewer that connected after the run ended got 204 and nothing (the page has it all); none should here.
      expect(stream.status).toBe(200);
      expect(stream.events.map((e) => [e.seq, e.type])).toEqual(saved.map((e) => [e.seq, e.type]));
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
    const acceptedMs = runs.map((r) => r.answered - r.asked);
    console.log(
      `load (1 instance, SQLite): ${RUNS} runs + ${VIEWERS} viewers, all completed in ${Math.round(totalMs / 1000)} s; ` +
        `202 answer p50 ${Math.round(percentile(acceptedMs, 50))} ms / p95 ${Math.round(percentile(acceptedMs, 95))} ms; ` +
        `time to first event at a viewer p50 ${Math.round(percentile(firstEventMs, 50))} ms / p95 ${Math.round(percentile(firstEventMs, 95))} ms; ` +
        `run duration p50 ${Math.round(percentile(runMs, 50) / 1000)} s / p95 ${Math.round(percentile(runMs, 95) / 1000)} s; ` +
        `${delivered} events delivered, none lost or repeated`,
    );
  });
});
