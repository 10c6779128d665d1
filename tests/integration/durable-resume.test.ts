import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFixtureServer, type FixtureServer } from "@/tests/support/fixture-server";
import { startAppServer, type AppServer } from "@/tests/integration/support/app-server";

// kill -9 of the server executing a durable run (SQLite + the Workflow SDK's local world), then a restart: the run
// resumes from its last completed step and completes, with every event saved once and seq numbers contiguous.
// The live sources are the loopback fixture server, each reply delayed so the run is still searching when killed.
const QUESTION = "Does doxorubicin cause cardiotoxicity, and through which mechanism?";
const REPLY_DELAY_MS = 700;

describe("a durable run survives kill -9 of its server (SQLite, local world)", () => {
  let dir: string;
  let fixtures: FixtureServer;
  let server: AppServer | null = null;
  let env: Record<string, string>;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "critica-resume-"));
    fixtures = await startFixtureServer({ delayMs: REPLY_DELAY_MS });
    env = {
      DATABASE_URL: `file:${path.join(dir, "critica.db")}`,
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

  it("resumes after kill -9 mid-search and completes without duplicated events", async () => {
    const { getDb } = await import("@/lib/db/client");
    const events = (runId: string) => getDb().runEvent.findMany({ where: { runId }, orderBy: { seq: "asc" } });

    server = await startAppServer(env);
    const res = await fetch(`${server.origin}/api/runs`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ question: QUESTION, maxIterations: 2 }),
    });
    expect(res.status).toBe(202);
    const { runId } = (await res.json()) as { runId: string };

    // Kill while the targeted searches of iteration 1 are in flight (after the hypotheses were saved).
    await expect
      .poll(async () => (await events(runId)).some((e) => e.type === "hypotheses"), { timeout: 60_000, interval: 100 })
      .toBe(true);
    await new Promise((resolve) => setTimeout(resolve, REPLY_DELAY_MS));
    const before = await events(runId);
    await server.kill9();
    expect((await getDb().run.findUniqueOrThrow({ where: { id: runId } })).status).toBe("running");

    const restarted = performance.now();
    server = await startAppServer(env);
    const healthyMs = performance.now() - restarted;
    const lastBefore = before.at(-1)!;
    // Progress after the restart: an event past what was saved before the kill, or a saved event rewritten by the
    // re-run of the interrupted step.
    await expect
      .poll(
        async () =>
          (await events(runId)).some(
            (e) => e.seq > lastBefore.seq || (e.seq === lastBefore.seq && e.id !== lastBefore.id),
          ),
        { timeout: 60_000, interval: 50 },
      )
      .toBe(true);
    const resumeMs = performance.now() - restarted;
    await expect
      .poll(async () => getDb().runEvent.count({ where: { runId, type: "run-finished" } }), {
        timeout: 90_000,
        interval: 200,
      })
      .toBe(1);
    expect((await getDb().run.findUniqueOrThrow({ where: { id: runId } })).status).toBe("completed");
    const completeMs = performance.now() - restarted;
    console.log(
      `durable resume (SQLite, local world): server healthy ${Math.round(healthyMs)} ms after restart, first ` +
        `new event ${Math.round(resumeMs)} ms, run completed ${Math.round(completeMs)} ms; ${before.length} ` +
        `events saved before kill -9`,
    );

    const after = await events(runId);
    expect(after.map((e) => e.seq)).toEqual(after.map((_, i) => i + 1));
    const count = (type: string) => after.filter((e) => e.type === type).length;
    expect(count("run-started")).toBe(1);
    expect(count("run-finished")).toBe(1);
    expect(after.at(-1)!.type).toBe("run-finished");
    expect(count("report")).toBe(1);
    const iterations = (await getDb().run.findUniqueOrThrow({ where: { id: runId } })).iterations;
    expect(count("iteration-started")).toBe(iterations);
    expect(count("hypotheses")).toBe(iterations);
    expect(count("assessment")).toBe(iterations);
    const searches = after
      .filter((e) => e.type === "search")
      .map((e) =>
        JSON.stringify([
          (e.payload as { iteration: number }).iteration,
          (e.payload as { phase: string }).phase,
          (e.payload as { source: string }).source,
          (e.payload as { query: string }).query,
        ]),
      );
    expect(new Set(searches).size).toBe(searches.length);
    // Events of the steps completed before the kill are kept as they were (the same rows).
    const firstHypotheses = before.find((e) => e.type === "hypotheses")!;
    expect(after.filter((e) => e.seq <= firstHypotheses.seq).map((e) => e.id)).toEqual(
      before.filter((e) => e.seq <= firstHypotheses.seq).map((e) => e.id),
    );
    const links = await getDb().runEvidence.findMany({ where: { runId }, orderBy: { ordinal: "asc" } });
    expect(links.map((l) => l.ordinal)).toEqual(links.map((_, i) => i));
    expect(links.length).toBe((await getDb().run.findUniqueOrThrow({ where: { id: runId } })).evidenceCount);
    // Hypotheses and assessments live only in the events (lib/runs/projections.ts), checked above: one
    // hypotheses and one assessment event per iteration, none twice.
  });

  it("cancels a durable run from the API within 5 s, keeping what it found", async () => {
    const { getDb } = await import("@/lib/db/client");
    server ??= await startAppServer(env);
    const res = await fetch(`${server.origin}/api/runs`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ question: QUESTION, maxIterations: 3 }),
    });
    const cookie = res.headers.get("set-cookie")!.split(";")[0];
    const { runId } = (await res.json()) as { runId: string };
    await expect
      .poll(async () => getDb().runEvent.count({ where: { runId, type: "search" } }), { timeout: 60_000, interval: 50 })
      .toBeGreaterThan(0);
    const asked = performance.now();
    const cancel = await fetch(`${server.origin}/api/runs/${runId}/cancel`, {
      method: "POST",
      headers: { cookie, origin: server.origin },
    });
    expect({ status: cancel.status, body: await cancel.json() }).toEqual({
      status: 202,
      body: { ok: true, message: "Cancelling… everything found so far is kept." },
    });
    // The run has ended once its closing event is saved (the status is written just before it).
    await expect
      .poll(async () => getDb().runEvent.count({ where: { runId, type: "run-finished" } }), {
        timeout: 5_000,
        interval: 50,
      })
      .toBe(1);
    expect((await getDb().run.findUniqueOrThrow({ where: { id: runId } })).status).toBe("cancelled");
    console.log(
      `durable cancel (same instance, from the API): run cancelled ${Math.round(performance.now() - asked)} ms ` +
        `after the request`,
    );
    const events = await getDb().runEvent.findMany({ where: { runId }, orderBy: { seq: "asc" } });
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    expect(events.at(-1)!.type).toBe("run-finished");
    expect((events.at(-1)!.payload as { message: string }).message).toBe(
      "Run cancelled; everything found so far is kept.",
    );
    expect(events.filter((e) => e.type === "search").length).toBeGreaterThan(0);
  });
});
