import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FixtureServer } from "@/tests/support/fixture-server";
import { startAppServer, type AppServer } from "@/tests/integration/support/app-server";
import {
  executing,
  postgresWithFixtures,
  startTwoInstances,
  stepLines,
  stopAll,
} from "@/tests/integration/support/postgres-instances";

// Two instances of the production build on one Postgres database (the Postgres world of the Workflow SDK on the
// same database). kill -9 of the instance executing a run: the survivor's lease sweep re-enqueues the run once its
// heartbeat is 30 s old, and it completes without duplicated events. A cancel sent to the other instance stops a
// run. scripts/test.sh provisions the local Postgres server and sets TEST_POSTGRES_URL; without it this is skipped.
const ADMIN_URL = process.env.TEST_POSTGRES_URL;
// TEST_POSTGRES_DB_SUFFIX lets several checkouts share one PostgreSQL server without dropping each other's databases.
const DATABASE = `critica_failover_test${process.env.TEST_POSTGRES_DB_SUFFIX ?? ""}`;
const QUESTION = "Does doxorubicin cause cardiotoxicity, and through which mechanism?";
// Each PubMed request waits this long, so a search step is in flight for a few seconds (and the run's remaining
// work after a failover stays well within the 60 s).
const PUBMED_DELAY_MS = 1_000;

describe.skipIf(!ADMIN_URL)("two instances on Postgres: failover after kill -9 and cross-instance cancel", () => {
  let fixtures: FixtureServer;
  let a: AppServer | null = null;
  let b: AppServer | null = null;
  let env: Record<string, string>;

  beforeAll(async () => {
    ({ fixtures, env } = await postgresWithFixtures(ADMIN_URL!, DATABASE, {
      sources: "pubmed,europepmc,ctgov",
      pubmedDelayMs: PUBMED_DELAY_MS,
    }));
    [a, b] = await startTwoInstances(env);
  });
  afterAll(() => stopAll([a, b], fixtures));

  it(
    "the surviving instance finishes a run within 60 s of kill -9 of the instance executing it, without " +
      "duplicated events",
    async () => {
      const { getDb } = await import("@/lib/db/client");
      const res = await fetch(`${a!.origin}/api/runs`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ question: QUESTION, maxIterations: 1 }),
      });
      expect(res.status).toBe(202);
      const { runId } = (await res.json()) as { runId: string };

      // Wait until the search step is in flight on one of the instances, with a source's search already saved
      // (Europe PMC and ClinicalTrials.gov answer at once, PubMed later): the re-run must replace that event.
      await expect
        .poll(
          async () =>
            (await getDb().runEvent.count({ where: { runId, type: "search" } })) > 0 &&
            (executing(a!, runId) || executing(b!, runId)),
          { timeout: 90_000, interval: 100 },
        )
        .toBe(true);
      const [victim, survivor] = executing(a!, runId) ? [a!, b!] : [b!, a!];
      const before = await getDb().runEvent.findMany({ where: { runId }, orderBy: { seq: "asc" } });
      const lastBeat = (await getDb().run.findUniqueOrThrow({ where: { id: runId } })).heartbeatAt!.getTime();
      await victim.kill9();
      const killed = performance.now();
      const killedAt = Date.now();
      if (victim === a) a = null;
      else b = null;
      // When the survivor's sweep recovered the run (its log line), for the timeline below.
      let sweptAt = 0;
      const sweepLine = `lease sweep re-enqueued 1 run(s) whose executor stopped: ${runId}`;
      const watch = setInterval(() => {
        if (!sweptAt && survivor.output().includes(sweepLine)) sweptAt = Date.now();
      }, 50);

      await expect
        .poll(async () => getDb().runEvent.count({ where: { runId, type: "run-finished" } }), {
          timeout: 60_000,
          interval: 250,
        })
        .toBe(1)
        .finally(() => clearInterval(watch));
      const failoverMs = performance.now() - killed;
      const finishedAt = Date.now();
      const row = await getDb().run.findUniqueOrThrow({ where: { id: runId } });
      expect(row.status).toBe("completed");
      expect(survivor.output()).toContain(`lease sweep re-enqueued 1 run(s) whose executor stopped: ${runId}`);

      const after = await getDb().runEvent.findMany({ where: { runId }, orderBy: { seq: "asc" } });
      expect(after.map((e) => e.seq)).toEqual(after.map((_, i) => i + 1));
      const count = (type: string) => after.filter((e) => e.type === type).length;
      expect([
        count("run-started"),
        count("hypotheses"),
        count("assessment"),
        count("report"),
        count("run-finished"),
      ]).toEqual([1, 1, 1, 1, 1]);
      const searches = after.filter((e) => e.type === "search").map((e) => JSON.stringify(e.payload));
      expect(new Set(searches.map((s) => s.replace(/"durationMs":\d+/, ""))).size).toBe(searches.length);
      // The steps completed before the kill kept their rows (up to the search step's iteration-started event).
      const searchStep = before.find((e) => e.type === "iteration-started")!;
      expect(after.filter((e) => e.seq < searchStep.seq).map((e) => e.id)).toEqual(
        before.filter((e) => e.seq < searchStep.seq).map((e) => e.id),
      );
      const links = await getDb().runEvidence.findMany({ where: { runId }, orderBy: { ordinal: "asc" } });
      expect(links.map((l) => l.ordinal)).toEqual(links.map((_, i) => i));
      expect(links.length).toBe(row.evidenceCount);
      // Where the time went: the lease lapses 30 s after the last heartbeat, a sweep claims the run, the SDK's
      // recovery starts its interrupted step again on the survivor, and the rest of the run executes.
      const resumed = stepLines(survivor, runId).find((l) => l.msg === "step start" && l.time > killedAt);
      const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      console.log(
        `failover (Postgres, 2 instances): run completed ${Math.round(failoverMs)} ms after kill -9 of the ` +
          `instance executing it; ${before.length} events saved before, ${after.length} after. ` +
          `Timeline from the kill: last heartbeat ${s(lastBeat - killedAt)}, lease lapsed ` +
          `${s(lastBeat + 30_000 - killedAt)}, swept ${sweptAt ? s(sweptAt - killedAt) : "?"}, ` +
          `"${resumed?.step}" started again on the survivor ${resumed ? s(resumed.time - killedAt) : "?"}, run ` +
          `finished ${s(finishedAt - killedAt)}; ` +
          `the survivor's steps after the kill: ${stepLines(survivor, runId)
            .filter((l) => l.time > killedAt)
            .map((l) => `${l.msg === "step start" ? "start" : "end"} "${l.step}" ${s(l.time - killedAt)}`)
            .join(", ")}`,
      );
    },
  );

  it("a cancel sent to one instance stops a run executing on another within 5 s", async () => {
    const { getDb } = await import("@/lib/db/client");
    // The instance killed above is started again, so two instances share the work.
    a ??= await startAppServer(env, { timeoutMs: 90_000 });
    b ??= await startAppServer(env, { timeoutMs: 90_000 });
    const res = await fetch(`${a.origin}/api/runs`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ question: QUESTION, maxIterations: 2 }),
    });
    const cookie = res.headers.get("set-cookie")!.split(";")[0];
    const { runId } = (await res.json()) as { runId: string };
    await expect
      .poll(() => executing(a!, runId) || executing(b!, runId), { timeout: 60_000, interval: 100 })
      .toBe(true);
    const [executor, other] = executing(a, runId) ? [a, b] : [b, a];
    const asked = performance.now();
    const cancel = await fetch(`${other.origin}/api/runs/${runId}/cancel`, {
      method: "POST",
      headers: { cookie, origin: other.origin },
    });
    expect(cancel.status).toBe(202);
    await expect
      .poll(async () => getDb().runEvent.count({ where: { runId, type: "run-finished" } }), {
        timeout: 5_000,
        interval: 50,
      })
      .toBe(1);
    const latency = performance.now() - asked;
    expect((await getDb().run.findUniqueOrThrow({ where: { id: runId } })).status).toBe("cancelled");
    console.log(
      `cancel across instances (Postgres): the run executing on port ${executor.port} ended ` +
        `${Math.round(latency)} ms after the cancel sent to port ${other.port}`,
    );
  });

  it(
    "each instance's /api/health answers 503 naming the world while the world's tables are unreachable, and 200 " +
      "when they are back",
    async () => {
      a ??= await startAppServer(env, { timeoutMs: 90_000 });
      b ??= await startAppServer(env, { timeoutMs: 90_000 });
      const health = async (server: AppServer) => {
        const res = await fetch(`${server.origin}/api/health`);
        return { status: res.status, body: await res.json() };
      };
      const up = {
        status: 200,
        body: { ok: true, database: { ok: true, kind: "postgresql" }, world: { ok: true, kind: "postgres" } },
      };
      expect([await health(a), await health(b)]).toEqual([up, up]);
      // The world's runs table goes missing (a botched migration, a wrong WORKFLOW_POSTGRES_URL): Critica's own
      // tables still answer, so only the world is down.
      const db = new pg.Client({ connectionString: env.DATABASE_URL });
      await db.connect();
      try {
        await db.query("ALTER TABLE workflow.workflow_runs RENAME TO workflow_runs_away");
        const down = {
          status: 503,
          body: {
            ok: false,
            database: { ok: true, kind: "postgresql" },
            world: { ok: false, kind: "postgres", error: 'relation "workflow.workflow_runs" does not exist' },
          },
        };
        expect([await health(a), await health(b)]).toEqual([down, down]);
      } finally {
        await db.query("ALTER TABLE workflow.workflow_runs_away RENAME TO workflow_runs");
        await db.end();
      }
      expect([await health(a), await health(b)]).toEqual([up, up]);
    },
  );
});
