import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFixtureServer, type FixtureServer } from "@/tests/support/fixture-server";
import { startAppServer, type AppServer } from "@/tests/integration/support/app-server";

// A kill -9 in the window after a step's result is saved by the engine and before its step_completed event: the
// Workflow SDK cannot resume such a run (the step is completed, the workflow never learns it). The fault hook
// (CRITICA_FAULT=step-event-lost:<n>, lib/runs/fault.ts) makes the server lose that event and kill itself with
// SIGKILL; the restarted server's reconciler (lib/runs/reconcile.ts) must end the run as interrupted with what it
// found, free its slot, and later runs must still cancel and stream normally.
const QUESTION = "Does doxorubicin cause cardiotoxicity, and through which mechanism?";
const OWNER = "user-stuck-run";

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("a run whose step completion was lost by a kill -9 (SQLite, local world)", () => {
  let dir: string;
  let fixtures: FixtureServer;
  let server: AppServer | null = null;
  let env: Record<string, string>;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "critica-stuck-"));
    fixtures = await startFixtureServer({ delayMs: 300 });
    env = {
      DATABASE_URL: `file:${path.join(dir, "critica.db")}`,
      WORKFLOW_LOCAL_DATA_DIR: path.join(dir, "workflow-data"),
      CRITICA_ENGINE: "workflow",
      OPENAI_API_KEY: "",
      CRITICA_SOURCES: "pubmed,europepmc,ctgov",
      PUBMED_BASE_URL: fixtures.urls.pubmed,
      EUROPEPMC_BASE_URL: fixtures.urls.europepmc,
      CTGOV_BASE_URL: fixtures.urls.ctgov,
    };
    process.env.DATABASE_URL = env.DATABASE_URL;
  });
  afterAll(async () => {
    await server?.kill9();
    await fixtures.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Starts the server (the suite's `server`) with `fault` injected and a research run on it owned by OWNER. */
  async function startFaultedRun(fault: string): Promise<{ runId: string; faulted: AppServer }> {
    const { getDb } = await import("@/lib/db/client");
    await server?.kill9();
    const faulted = await startAppServer({ ...env, CRITICA_FAULT: fault });
    server = faulted;
    const res = await fetch(`${faulted.origin}/api/runs`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ question: QUESTION, maxIterations: 1 }),
    });
    expect(res.status).toBe(202);
    const { runId } = (await res.json()) as { runId: string };
    await getDb().run.update({ where: { id: runId }, data: { ownerId: OWNER } });
    return { runId, faulted };
  }

  it("ends as interrupted after the restart, keeping its records and freeing its slot", async () => {
    const { getDb } = await import("@/lib/db/client");
    const { countActiveRuns } = await import("@/lib/db/accounts");
    const events = (runId: string) => getDb().runEvent.findMany({ where: { runId }, orderBy: { seq: "asc" } });

    const { runId, faulted } = await startFaultedRun("step-event-lost:3");

    // The fault kills the server process at the third step's completion; then its whole group goes (kill -9).
    const killed = performance.now();
    await expect
      .poll(
        async () =>
          fetch(`${faulted.origin}/api/health`).then(
            (r) => r.ok,
            () => false,
          ),
        {
          timeout: 60_000,
          interval: 100,
        },
      )
      .toBe(false);
    expect(faulted.output()).toContain("fault injection on");
    await faulted.kill9();
    expect(alive(faulted.pid)).toBe(false);
    const before = await events(runId);
    expect((await getDb().run.findUniqueOrThrow({ where: { id: runId } })).status).toBe("running");
    expect(await countActiveRuns(OWNER)).toBe(1);

    server = await startAppServer(env);
    await expect
      .poll(async () => (await getDb().run.findUniqueOrThrow({ where: { id: runId } })).status, {
        timeout: 75_000,
        interval: 250,
      })
      .not.toBe("running");
    const endedMs = performance.now() - killed;
    const row = await getDb().run.findUniqueOrThrow({ where: { id: runId } });
    expect([row.status, row.error]).toEqual([
      "interrupted",
      "The engine executing this run stopped and cannot resume it; everything found until then is kept.",
    ]);
    console.log(
      `stuck run: ended as interrupted ${Math.round(endedMs)} ms after the kill; ${before.length} events kept`,
    );
    // Everything saved before the kill is kept as it was, and one closing event follows it.
    const after = await events(runId);
    expect(after.slice(0, before.length).map((e) => e.id)).toEqual(before.map((e) => e.id));
    expect(after.map((e) => e.seq)).toEqual(after.map((_, i) => i + 1));
    expect(after.filter((e) => e.type === "run-finished").length).toBe(1);
    expect(after.at(-1)!.type).toBe("run-finished");
    expect((after.at(-1)!.payload as { status: string }).status).toBe("interrupted");
    expect(after.filter((e) => e.type === "search").length).toBeGreaterThan(0);
    expect(await getDb().runEvidence.count({ where: { runId } })).toBe(row.evidenceCount);
    expect(await countActiveRuns(OWNER)).toBe(0);
    // The reconciler logs once its pass is over, which can be a moment after the run's end is saved.
    await expect
      .poll(() => server!.output(), { timeout: 10_000 })
      .toMatch(new RegExp(`reconcile ended 1 run\\(s\\): ${runId} interrupted`));
  });

  it("resumes and completes a run killed once its step's lock was claimed, before the step was saved", async () => {
    const { getDb } = await import("@/lib/db/client");
    const { countActiveRuns } = await import("@/lib/db/accounts");
    const { runId, faulted } = await startFaultedRun("step-lock-left:3");
    await faulted.exited();
    await faulted.kill9();
    expect((await getDb().run.findUniqueOrThrow({ where: { id: runId } })).status).toBe("running");

    // Without the lock released at start-up, the step runs again, its completion is refused, and the run waits for
    // ever with nothing for the reconciler to see.
    server = await startAppServer(env);
    await expect
      .poll(async () => (await getDb().run.findUniqueOrThrow({ where: { id: runId } })).status, {
        timeout: 90_000,
        interval: 250,
      })
      .toBe("completed");
    expect(server.output()).toContain("critica: released 1 step lock(s) left by a crash");
    const after = await getDb().runEvent.findMany({ where: { runId }, orderBy: { seq: "asc" } });
    expect(after.map((e) => e.seq)).toEqual(after.map((_, i) => i + 1));
    expect(after.filter((e) => e.type === "run-finished").map((e) => (e.payload as { status: string }).status)).toEqual(
      ["completed"],
    );
    expect(await getDb().report.count({ where: { runId } })).toBe(1);
    expect(await countActiveRuns(OWNER)).toBe(0);
  });

  it("still streams and cancels a new run; an aborted stream logs no uncaught error", async () => {
    const { getDb } = await import("@/lib/db/client");
    server ??= await startAppServer(env);
    const res = await fetch(`${server.origin}/api/runs`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ question: QUESTION, maxIterations: 3 }),
    });
    const cookie = res.headers.get("set-cookie")!.split(";")[0];
    const { runId } = (await res.json()) as { runId: string };

    // A reader that goes away mid-stream, three times.
    for (let i = 0; i < 3; i++) {
      const controller = new AbortController();
      const stream = await fetch(`${server.origin}/api/runs/${runId}/stream`, {
        headers: { cookie },
        signal: controller.signal,
      });
      expect(stream.status).toBe(200);
      const reader = stream.body!.getReader();
      expect((await reader.read()).done).toBe(false);
      controller.abort();
      await reader.read().catch(() => undefined);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_500));

    await expect
      .poll(async () => getDb().runEvent.count({ where: { runId, type: "search" } }), { timeout: 60_000, interval: 50 })
      .toBeGreaterThan(0);
    const asked = performance.now();
    const cancel = await fetch(`${server.origin}/api/runs/${runId}/cancel`, {
      method: "POST",
      headers: { cookie, origin: server.origin },
    });
    expect(cancel.status).toBe(202);
    await expect
      .poll(async () => (await getDb().run.findUniqueOrThrow({ where: { id: runId } })).status, {
        timeout: 10_000,
        interval: 100,
      })
      .toBe("cancelled");
    console.log(`stuck run: a new run cancelled ${Math.round(performance.now() - asked)} ms after the request`);
    expect(await getDb().runEvent.count({ where: { runId, type: "run-finished" } })).toBe(1);
    expect(server.output()).not.toMatch(/uncaught|unhandled|ECONNRESET|ERR_STREAM|Controller is already closed/i);
  });
});
