import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FixtureServer } from "@/tests/support/fixture-server";
import { startAppServer, type AppServer } from "@/tests/integration/support/app-server";
import { eventShape, postJson, runEvents, runFinished } from "@/tests/integration/support/durable-app";
import { postgresWithFixtures, stepLines, stopAll } from "@/tests/integration/support/postgres-instances";

// The stuck-run check on Postgres (one instance, the Postgres world of the Workflow SDK on the same database): a
// kill -9 after a step has saved everything and before the engine records its completion (the fault hook
// CRITICA_FAULT=kill-after-step:run/<step>, lib/runs/fault.ts). The Postgres world writes a step's result and its
// event in one transaction, so the run cannot be left with a completed step the workflow never learns of (the
// SQLite window of stuck-run.test.ts); what must not happen is the run staying "running" with the only instance
// gone. The restarted instance re-enqueues it (the Postgres world's recovery at start-up; the lease sweep once its
// heartbeat is 30 s old), the killed step runs again, and the run completes with the events of the same run never
// interrupted and its slot freed. scripts/test.sh provisions the local Postgres server and sets TEST_POSTGRES_URL;
// without it this is skipped.
const ADMIN_URL = process.env.TEST_POSTGRES_URL;
const DATABASE = `critica_stuck_test${process.env.TEST_POSTGRES_DB_SUFFIX ?? ""}`;
const QUESTION = "Does doxorubicin cause cardiotoxicity, and through which mechanism?";
const BOUNDARY = "run/hypothesize 1";

describe.skipIf(!ADMIN_URL)("a run killed at a stage boundary on Postgres (one instance) is not stuck", () => {
  let fixtures: FixtureServer;
  let server: AppServer | null = null;
  let env: Record<string, string>;

  beforeAll(async () => {
    ({ fixtures, env } = await postgresWithFixtures(ADMIN_URL!, DATABASE, {
      sources: "pubmed,europepmc,ctgov",
      pubmedDelayMs: 0,
    }));
  });
  afterAll(() => stopAll([server], fixtures));

  const startRun = async (origin: string) => {
    const res = await postJson(`${origin}/api/runs`, { question: QUESTION, maxIterations: 1 });
    expect(res.status).toBe(202);
    return ((await res.json()) as { runId: string }).runId;
  };

  it("resumes after the restart and completes with the events of an uninterrupted run, its slot freed", async () => {
    const { getDb } = await import("@/lib/db/client");
    const { countActiveRuns } = await import("@/lib/db/accounts");
    server = await startAppServer({ ...env, CRITICA_FAULT: `kill-after-step:${BOUNDARY}` }, { timeoutMs: 90_000 });
    const runId = await startRun(server.origin);
    await Promise.race([
      server.exited(),
      new Promise((_, reject) => setTimeout(() => reject(new Error(`no kill:\n${server!.output()}`)), 120_000)),
    ]);
    const killed = performance.now();
    await server.kill9();
    expect(server.output()).toContain(`critica: fault injection: ${runId} reached ${BOUNDARY}`);
    const { ownerId } = await getDb().run.findUniqueOrThrow({ where: { id: runId } });
    expect((await getDb().run.findUniqueOrThrow({ where: { id: runId } })).status).toBe("running");
    expect(await countActiveRuns(ownerId!)).toBe(1);
    const before = await runEvents(runId);
    expect(before.filter((e) => e.type === "hypotheses")).toHaveLength(1);

    server = await startAppServer(env, { timeoutMs: 90_000 });
    // The same run never interrupted, on the restarted instance meanwhile.
    const referenceId = await startRun(server.origin);
    const row = await runFinished(runId, 120_000);
    const resumedMs = performance.now() - killed;
    expect([row.status, row.error]).toEqual(["completed", null]);
    // Re-enqueued by the world's recovery at start-up (or, had that missed it, by the lease sweep 30 s on).
    expect(server.output()).toMatch(
      new RegExp(`Re-enqueued 1 active run\\(s\\) on startup|lease sweep re-enqueued 1 run\\(s\\)[^\\n]*${runId}`),
    );
    await runFinished(referenceId, 60_000);

    const [shape, expected] = [await eventShape(runId), await eventShape(referenceId)];
    // Parallel searches save their events in the order they answer: the same events, in any order of those.
    expect([...shape].sort()).toEqual([...expected].sort());
    const after = await runEvents(runId);
    expect(after.map((e) => e.seq)).toEqual(after.map((_, i) => i + 1));
    // The events saved before the kill are kept as they were, but those of the killed step, which its second run
    // replaced (the count its step log gives).
    const again = stepLines(server, runId).find((l) => l.msg === "step start" && l.step === "hypothesize 1");
    const { replacedEvents } = again as unknown as { replacedEvents: number };
    expect(replacedEvents).toBeGreaterThan(0);
    const kept = before.length - replacedEvents;
    expect(after.slice(0, kept).map((e) => e.id)).toEqual(before.slice(0, kept).map((e) => e.id));
    expect(await getDb().runEvidence.count({ where: { runId } })).toBe(row.evidenceCount);
    expect(await countActiveRuns(ownerId!)).toBe(0);
    console.log(
      `stuck run (Postgres, one instance): killed after ${BOUNDARY} with ${before.length} events saved; ` +
        `completed ${Math.round(resumedMs)} ms after the kill with ${after.length} events, ` +
        `${row.evidenceCount} records, the events of its uninterrupted run`,
    );
    expect(server.output()).not.toMatch(/uncaught|unhandled/i);
  });
});
