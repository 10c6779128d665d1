import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFixtureServer, type FixtureServer } from "../support/fixture-server";
import { startAppServer, type AppServer } from "./support/app-server";

// Two instances of the production build on one Postgres database (the Postgres world of the Workflow SDK on the
// same database). kill -9 of the instance executing a run: the survivor's lease sweep re-enqueues the run once its
// heartbeat is 30 s old, and it completes without duplicated events. A cancel sent to the other instance stops a
// run. scripts/test.sh provisions the local Postgres server and sets TEST_POSTGRES_URL; without it this is skipped.
const ADMIN_URL = process.env.TEST_POSTGRES_URL;
const DATABASE = "critica_failover_test";
const QUESTION = "Does doxorubicin cause cardiotoxicity, and through which mechanism?";
// Each PubMed request waits this long, so a search step is in flight for a few seconds (and the run's remaining
// work after a failover stays well within the 60 s).
const PUBMED_DELAY_MS = 1_000;

interface StepLine {
  msg: string;
  runId: string;
  step: string;
}

/** The step log lines (pino JSON, lib/runs/step-log.ts) an instance printed for `runId`. */
function stepLines(server: AppServer, runId: string): StepLine[] {
  return server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{") && line.includes(runId))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as StepLine];
      } catch {
        return []; // a line still being written
      }
    })
    .filter((l) => l.msg === "step start" || l.msg === "step end");
}

/** Whether the instance has a step of `runId` started and not ended. */
function executing(server: AppServer, runId: string): boolean {
  const lines = stepLines(server, runId);
  return lines.filter((l) => l.msg === "step start").length > lines.filter((l) => l.msg === "step end").length;
}

describe.skipIf(!ADMIN_URL)("two instances on Postgres: failover after kill -9 and cross-instance cancel", () => {
  let fixtures: FixtureServer;
  let a: AppServer | null = null;
  let b: AppServer | null = null;
  let env: Record<string, string>;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${DATABASE}`);
    await admin.end();
    const url = new URL(ADMIN_URL!);
    url.pathname = `/${DATABASE}`;
    fixtures = await startFixtureServer({ delayMs: { esearch: PUBMED_DELAY_MS, efetch: PUBMED_DELAY_MS } });
    env = {
      DATABASE_URL: url.toString(),
      CRITICA_ENGINE: "workflow",
      OPENAI_API_KEY: "",
      CRITICA_SOURCES: "pubmed,europepmc,ctgov",
      CRITICA_SOURCE_TIMEOUT_MS: "60000",
      PUBMED_BASE_URL: fixtures.urls.pubmed,
      EUROPEPMC_BASE_URL: fixtures.urls.europepmc,
      CTGOV_BASE_URL: fixtures.urls.ctgov,
    };
    process.env.DATABASE_URL = env.DATABASE_URL;
    // The first instance bootstraps the world's tables; the second starts once they exist.
    a = await startAppServer(env, { timeoutMs: 90_000 });
    b = await startAppServer(env, { timeoutMs: 90_000 });
  });
  afterAll(async () => {
    await a?.kill9();
    await b?.kill9();
    await fixtures?.close();
    if (ADMIN_URL) {
      const { getDb } = await import("@/lib/db/client");
      await getDb().$disconnect();
    }
  });

  it("the surviving instance finishes a run within 60 s of kill -9 of the instance executing it, without duplicated events", async () => {
    const { getDb } = await import("@/lib/db/client");
    const res = await fetch(`${a!.origin}/api/runs`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ question: QUESTION, maxIterations: 1 }) });
    expect(res.status).toBe(202);
    const { runId } = (await res.json()) as { runId: string };

    // Wait until the search step is in flight on one of the instances, with a source's search already saved
    // (Europe PMC and ClinicalTrials.gov answer at once, PubMed later): the re-run must replace that event.
    await expect.poll(async () => (await getDb().runEvent.count({ where: { runId, type: "search" } })) > 0 && (executing(a!, runId) || executing(b!, runId)), { timeout: 90_000, interval: 100 }).toBe(true);
    const [victim, survivor] = executing(a!, runId) ? [a!, b!] : [b!, a!];
    const before = await getDb().runEvent.findMany({ where: { runId }, orderBy: { seq: "asc" } });
    await victim.kill9();
    const killed = performance.now();
    if (victim === a) a = null;
    else b = null;

    await expect.poll(async () => getDb().runEvent.count({ where: { runId, type: "run-finished" } }), { timeout: 60_000, interval: 250 }).toBe(1);
    const failoverMs = performance.now() - killed;
    const row = await getDb().run.findUniqueOrThrow({ where: { id: runId } });
    expect(row.status).toBe("completed");
    expect(survivor.output()).toContain(`lease sweep re-enqueued 1 run(s) whose executor stopped: ${runId}`);

    const after = await getDb().runEvent.findMany({ where: { runId }, orderBy: { seq: "asc" } });
    expect(after.map((e) => e.seq)).toEqual(after.map((_, i) => i + 1));
    const count = (type: string) => after.filter((e) => e.type === type).length;
    expect([count("run-started"), count("hypotheses"), count("assessment"), count("report"), count("run-finished")]).toEqual([1, 1, 1, 1, 1]);
    const searches = after.filter((e) => e.type === "search").map((e) => JSON.stringify(e.payload));
    expect(new Set(searches.map((s) => s.replace(/"durationMs":\d+/, ""))).size).toBe(searches.length);
    // The steps completed before the kill kept their rows (up to the search step's iteration-started event).
    const searchStep = before.find((e) => e.type === "iteration-started")!;
    expect(after.filter((e) => e.seq < searchStep.seq).map((e) => e.id)).toEqual(before.filter((e) => e.seq < searchStep.seq).map((e) => e.id));
    const links = await getDb().runEvidence.findMany({ where: { runId }, orderBy: { ordinal: "asc" } });
    expect(links.map((l) => l.ordinal)).toEqual(links.map((_, i) => i));
    expect(links.length).toBe(row.evidenceCount);
    console.log(`failover (Postgres, 2 instances): run completed ${Math.round(failoverMs)} ms after kill -9 of the instance executing it; ${before.length} events saved before, ${after.length} after`);
  });

  it("a cancel sent to one instance stops a run executing on another within 5 s", async () => {
    const { getDb } = await import("@/lib/db/client");
    // The instance killed above is started again, so two instances share the work.
    a ??= await startAppServer(env, { timeoutMs: 90_000 });
    b ??= await startAppServer(env, { timeoutMs: 90_000 });
    const res = await fetch(`${a.origin}/api/runs`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ question: QUESTION, maxIterations: 2 }) });
    const cookie = res.headers.get("set-cookie")!.split(";")[0];
    const { runId } = (await res.json()) as { runId: string };
    await expect.poll(() => executing(a!, runId) || executing(b!, runId), { timeout: 60_000, interval: 100 }).toBe(true);
    const [executor, other] = executing(a, runId) ? [a, b] : [b, a];
    const asked = performance.now();
    const cancel = await fetch(`${other.origin}/api/runs/${runId}/cancel`, { method: "POST", headers: { cookie } });
    expect(cancel.status).toBe(202);
    await expect.poll(async () => getDb().runEvent.count({ where: { runId, type: "run-finished" } }), { timeout: 5_000, interval: 50 }).toBe(1);
    const latency = performance.now() - asked;
    expect((await getDb().run.findUniqueOrThrow({ where: { id: runId } })).status).toBe("cancelled");
    console.log(`cancel across instances (Postgres): the run executing on port ${executor.port} ended ${Math.round(latency)} ms after the cancel sent to port ${other.port}`);
  });
});
