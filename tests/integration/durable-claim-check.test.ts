import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFixtureServer, type FixtureServer } from "@/tests/support/fixture-server";
import { startAppServer, type AppServer } from "@/tests/integration/support/app-server";

// kill -9 of the server executing a durable claim check (SQLite + the Workflow SDK's local world), then a restart:
// the check resumes from its last completed step and completes, with every event saved once, seq numbers
// contiguous, and the same verdicts as a check that was never interrupted. The live sources are the loopback
// fixture server, each reply delayed so the check is still searching when killed (PubMed answers after esearch +
// efetch, 2 delays; Europe PMC after up to 3 pages).
const CLAIM = "Doxorubicin has no effect on the heart";
const REPLY_DELAY_MS = 1_000;
const SOURCES = ["pubmed", "europepmc"];

interface Row {
  id: number;
  seq: number;
  type: string;
  payload: unknown;
}

describe("a durable claim check survives kill -9 of its server (SQLite, local world)", () => {
  let dir: string;
  let fixtures: FixtureServer;
  let server: AppServer | null = null;
  let env: Record<string, string>;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "critica-claim-resume-"));
    fixtures = await startFixtureServer({ delayMs: REPLY_DELAY_MS });
    env = {
      DATABASE_URL: `file:${path.join(dir, "critica.db")}`,
      CRITICA_ENGINE: "workflow",
      OPENAI_API_KEY: "",
      CRITICA_SOURCES: SOURCES.join(","),
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

  const events = async (runId: string): Promise<Row[]> => {
    const { getDb } = await import("@/lib/db/client");
    return getDb().runEvent.findMany({ where: { runId }, orderBy: { seq: "asc" } });
  };
  const startCheck = async (origin: string) => {
    const res = await fetch(`${origin}/api/checks`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: CLAIM, sources: SOURCES }),
    });
    expect(res.status).toBe(202);
    return { ...((await res.json()) as { runId: string }), cookie: res.headers.get("set-cookie")?.split(";")[0] ?? "" };
  };
  const finished = async (runId: string, timeout: number) => {
    const { getDb } = await import("@/lib/db/client");
    await expect
      .poll(async () => getDb().runEvent.count({ where: { runId, type: "run-finished" } }), { timeout, interval: 100 })
      .toBe(1);
    return getDb().run.findUniqueOrThrow({ where: { id: runId } });
  };
  /** Each claim's verdict, as the --json contract reports it, without the times of its generation. */
  const verdicts = (rows: Row[]) =>
    rows
      .filter((e) => e.type === "claim-verdict")
      .map(
        (e) =>
          e.payload as {
            claim: number;
            result: {
              verdict: string;
              confidence: string;
              citations: Array<{ pmid: string | null; passage: string }>;
              searchStats: unknown;
              counterReport: string;
            };
          },
      )
      .sort((a, b) => a.claim - b.claim)
      .map(({ claim, result }) => ({
        claim,
        verdict: result.verdict,
        confidence: result.confidence,
        citations: result.citations.map((c) => [c.pmid, c.passage]),
        searchStats: result.searchStats,
        counterReport: result.counterReport,
      }));

  it(
    "resumes after kill -9 mid-search and completes without duplicated events, with the uninterrupted check's " +
      "verdict",
    async () => {
      const { getDb } = await import("@/lib/db/client");
      server = await startAppServer(env);
      const { runId } = await startCheck(server.origin);
      expect((await getDb().run.findUniqueOrThrow({ where: { id: runId } })).workflowRunId).toMatch(/^wrun_/);

      // Kill while the searches step is in flight: a source has answered (its claim-search event is saved), and the
      // step's evidence event is not saved yet.
      await expect
        .poll(async () => (await events(runId)).some((e) => e.type === "claim-search"), {
          timeout: 60_000,
          interval: 25,
        })
        .toBe(true);
      await server.kill9();
      const before = await events(runId);
      expect(before.filter((e) => e.type === "evidence")).toEqual([]);
      expect((await getDb().run.findUniqueOrThrow({ where: { id: runId } })).status).toBe("running");

      const restarted = performance.now();
      server = await startAppServer(env);
      const healthyMs = performance.now() - restarted;
      // The restart did not end the check as interrupted: the world resumes it.
      expect(server.output()).not.toContain("run(s) interrupted");
      const lastBefore = before.at(-1)!;
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
      const row = await finished(runId, 90_000);
      const completeMs = performance.now() - restarted;
      expect(row).toMatchObject({ status: "completed", error: null });
      console.log(
        `durable claim check resume (SQLite, local world): server healthy ${Math.round(healthyMs)} ms after ` +
          `restart, first new event ${Math.round(resumeMs)} ms, check completed ${Math.round(completeMs)} ms; ` +
          `${before.length} events saved before kill -9`,
      );

      const after = await events(runId);
      expect(after.map((e) => e.seq)).toEqual(after.map((_, i) => i + 1));
      const count = (type: string) => after.filter((e) => e.type === type).length;
      const claims = (after.find((e) => e.type === "claims-extracted")!.payload as { claims: string[] }).claims;
      expect(claims).toEqual([CLAIM]);
      expect([
        count("run-started"),
        count("claims-extracted"),
        count("counter-statement"),
        count("evidence"),
        count("claim-scored"),
        count("counter-report"),
        count("claim-verdict"),
        count("run-finished"),
      ]).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
      expect(after.at(-1)!.type).toBe("run-finished");
      const searches = after
        .filter((e) => e.type === "claim-search")
        .map((e) =>
          JSON.stringify(((p) => [p.claim, p.strategy, p.source, p.query])(e.payload as Record<string, unknown>)),
        );
      expect(new Set(searches).size).toBe(searches.length);
      expect(searches.length).toBe(SOURCES.length * 2);
      // The steps completed before the kill keep their events as they were (the same rows).
      const counter = before.find((e) => e.type === "counter-statement")!;
      expect(after.filter((e) => e.seq <= counter.seq).map((e) => e.id)).toEqual(
        before.filter((e) => e.seq <= counter.seq).map((e) => e.id),
      );
      const links = await getDb().runEvidence.findMany({ where: { runId }, orderBy: { ordinal: "asc" } });
      expect(links.map((l) => l.ordinal)).toEqual(links.map((_, i) => i));
      expect(links.length).toBe(row.evidenceCount);
      expect(links.length).toBeGreaterThan(0);

      // The same check, never interrupted, on the same server: the same verdict, citations and statistics.
      const control = await startCheck(server.origin);
      await finished(control.runId, 90_000);
      expect(verdicts(after)).toEqual(verdicts(await events(control.runId)));
      expect(verdicts(after)[0].citations.length).toBe(
        (after.find((e) => e.type === "counter-report")!.payload as { citations: unknown[] }).citations.length,
      );
    },
  );

  it("cancels a durable claim check from the API within 5 s, keeping what it found", async () => {
    const { getDb } = await import("@/lib/db/client");
    server ??= await startAppServer(env);
    const { runId, cookie } = await startCheck(server.origin);
    await expect
      .poll(async () => getDb().runEvent.count({ where: { runId, type: "counter-statement" } }), {
        timeout: 60_000,
        interval: 25,
      })
      .toBe(1);
    const asked = performance.now();
    const cancel = await fetch(`${server.origin}/api/runs/${runId}/cancel`, {
      method: "POST",
      headers: { cookie, origin: server.origin },
    });
    expect({ status: cancel.status, body: await cancel.json() }).toEqual({
      status: 202,
      body: { ok: true, message: "Cancelling… everything found so far is kept." },
    });
    const row = await finished(runId, 5_000);
    console.log(
      `durable claim check cancel (from the API): check cancelled ${Math.round(performance.now() - asked)} ms ` +
        `after the request`,
    );
    expect(row.status).toBe("cancelled");
    const rows = await events(runId);
    expect(rows.map((e) => e.seq)).toEqual(rows.map((_, i) => i + 1));
    expect(rows.at(-1)!.payload).toMatchObject({
      status: "cancelled",
      message: "Run cancelled; everything found so far is kept.",
    });
    expect(rows.filter((e) => e.type === "claim-verdict")).toEqual([]);
  });

  it("a CLI check with CRITICA_SERVER_URL is enqueued on the server: kill -9 on the CLI does not stop it", async () => {
    server ??= await startAppServer(env);
    const cli = spawn(
      process.execPath,
      [
        "node_modules/tsx/dist/cli.mjs",
        "--conditions=react-server",
        "scripts/check.ts",
        CLAIM,
        "--sources",
        SOURCES.join(","),
      ],
      {
        env: { ...process.env, ...env, CRITICA_SERVER_URL: server.origin },
        stdio: ["ignore", "pipe", "pipe"],
        detached: true,
      },
    );
    let output = "";
    cli.stderr.on("data", (d) => (output += d));
    const started = /Claim check ([0-9a-f-]{36}) started\./;
    await expect.poll(() => started.exec(output)?.[1], { timeout: 60_000, interval: 100 }).toBeTruthy();
    const runId = started.exec(output)![1];
    process.kill(-cli.pid!, "SIGKILL");
    await new Promise((resolve) => cli.once("exit", resolve));
    const row = await finished(runId, 60_000);
    // Executed by the server's durable engine, and ownerless like every run started from the command line.
    expect(row).toMatchObject({ status: "completed", mode: "claim-check", question: CLAIM, ownerId: null });
    expect(row.workflowRunId).toMatch(/^wrun_/);
    const rows = await events(runId);
    expect(rows.map((e) => e.seq)).toEqual(rows.map((_, i) => i + 1));
    expect(rows.filter((e) => e.type === "claim-verdict")).toHaveLength(1);
  });
});
