import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFixtureServer, type FixtureServer } from "@/tests/support/fixture-server";
import { startAppServer, type AppServer } from "@/tests/integration/support/app-server";
import { readRunStream } from "@/tests/integration/support/stream-reader";

// Cancel latency and live progress on the production build (SQLite, local world), against loopback sources:
// PubMed answers each request after PUBMED_DELAY_MS (esearch, then efetch), Europe PMC and ClinicalTrials.gov
// at once; the cancel tests make every source hang instead (never answer).
const QUESTION = "Does doxorubicin cause cardiotoxicity, and through which mechanism?";
const PUBMED_DELAY_MS = 2_500;

describe("cancel and live progress of durable runs (production build)", () => {
  let dir: string;
  let fixtures: FixtureServer;
  let server: AppServer;
  let env: Record<string, string>;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "critica-cancel-"));
    fixtures = await startFixtureServer({ delayMs: { esearch: PUBMED_DELAY_MS, efetch: PUBMED_DELAY_MS } });
    env = {
      DATABASE_URL: `file:${path.join(dir, "critica.db")}`,
      CRITICA_ENGINE: "workflow",
      OPENAI_API_KEY: "",
      CRITICA_SOURCES: "pubmed,europepmc,ctgov",
      // Longer than the test: only a cancel can end the hanging searches.
      CRITICA_SOURCE_TIMEOUT_MS: "120000",
      PUBMED_BASE_URL: fixtures.urls.pubmed,
      EUROPEPMC_BASE_URL: fixtures.urls.europepmc,
      CTGOV_BASE_URL: fixtures.urls.ctgov,
    };
    process.env.DATABASE_URL = env.DATABASE_URL;
    server = await startAppServer(env);
  });
  beforeEach(() => fixtures.reset());
  afterAll(async () => {
    await server?.stop();
    await fixtures.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function startRun(maxIterations: number): Promise<{ runId: string; cookie: string; answeredMs: number }> {
    const asked = performance.now();
    const res = await fetch(`${server.origin}/api/runs`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ question: QUESTION, maxIterations }),
    });
    const answeredMs = performance.now() - asked;
    expect(res.status).toBe(202);
    const { runId } = (await res.json()) as { runId: string };
    return { runId, cookie: res.headers.get("set-cookie")!.split(";")[0], answeredMs };
  }

  /** Waits until each live source has a request in flight (the run is mid-search). */
  async function sourcesInFlight(): Promise<void> {
    await expect
      .poll(
        () => ["esearch", "europepmc", "ctgov"].every((route) => fixtures.requests.some((r) => r.route === route)),
        { timeout: 30_000, interval: 50 },
      )
      .toBe(true);
  }

  it(
    "a cancel from the API stops a run whose every source hangs within 5 s, aborting the in-flight source " +
      "requests; its stream ends",
    async () => {
      const { getDb } = await import("@/lib/db/client");
      for (const route of ["esearch", "efetch", "europepmc", "ctgov"] as const)
        fixtures.inject(route, { kind: "timeout" });
      const { runId, cookie } = await startRun(2);
      await sourcesInFlight();
      const stream = readRunStream(`${server.origin}/api/runs/${runId}/stream`, { timeoutMs: 30_000 });
      const asked = performance.now();
      const cancel = await fetch(`${server.origin}/api/runs/${runId}/cancel`, {
        method: "POST",
        headers: { cookie, origin: server.origin },
      });
      expect(cancel.status).toBe(202);
      await expect
        .poll(async () => getDb().runEvent.count({ where: { runId, type: "run-finished" } }), {
          timeout: 5_000,
          interval: 25,
        })
        .toBe(1);
      const latency = performance.now() - asked;
      const row = await getDb().run.findUniqueOrThrow({ where: { id: runId } });
      expect(row.status).toBe("cancelled");
      // The requests in flight at the cancel were aborted by the server, not left hanging.
      const inFlight = fixtures.requests.filter((r) => r.at < asked + 1);
      await expect
        .poll(() => inFlight.every((r) => r.abortedAt !== undefined), { timeout: 2_000, interval: 25 })
        .toBe(true);
      const { events, finished } = await stream;
      expect(finished).toBe(true);
      expect(events.at(-1)!.type).toBe("run-finished");
      console.log(
        `cancel from the API (same instance): run ended ${Math.round(latency)} ms after the request; ` +
          `${inFlight.length} in-flight source requests aborted ` +
          `${Math.round(Math.max(...inFlight.map((r) => r.abortedAt! - asked)))} ms after it at the latest; the ` +
          `stream ended with the run`,
      );
    },
  );

  it(
    "a cancel from the CLI (another process: `npm run cancel -- <runId>`) stops the run within 5 s of setting the " +
      "flag",
    async () => {
      const { getDb } = await import("@/lib/db/client");
      for (const route of ["esearch", "efetch", "europepmc", "ctgov"] as const)
        fixtures.inject(route, { kind: "timeout" });
      const { runId } = await startRun(2);
      await sourcesInFlight();
      const cli = spawn(
        process.execPath,
        ["node_modules/tsx/dist/cli.mjs", "--conditions=react-server", "scripts/cancel.ts", runId],
        {
          env: { ...process.env, ...env },
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
      let output = "";
      cli.stderr.on("data", (d) => (output += d));
      const code = await new Promise<number | null>((resolve) => cli.once("exit", resolve));
      expect(code, output).toBe(0);
      const row = await getDb().run.findUniqueOrThrow({ where: { id: runId } });
      expect(row.status).toBe("cancelled");
      const latency = row.finishedAt!.getTime() - row.cancelRequestedAt!.getTime();
      expect(latency).toBeLessThan(5_000);
      expect(output).toMatch(new RegExp(`Run ${runId} cancelled after \\d+ ms\\.`));
      console.log(`cancel from the CLI (another process): run ended ${latency} ms after the flag was set`);
    },
  );

  it(
    "shows the run at once, each source's search as it answers, and a reloaded stream resumes after the last " +
      "event seen",
    async () => {
      const { getDb } = await import("@/lib/db/client");
      const { runId, answeredMs } = await startRun(1);
      // The 202 answer comes after the run-started event is saved, so the run page has it at once.
      const first = await getDb().runEvent.findFirstOrThrow({ where: { runId }, orderBy: { seq: "asc" } });
      expect(first.type).toBe("run-started");
      const pageAsked = performance.now();
      const page = await fetch(`${server.origin}/reports/${runId}`);
      const pageMs = performance.now() - pageAsked;
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(QUESTION);

      // A viewer connected from the start drops the connection after 4 events (a reload) and reconnects after the
      // last seq it saw; a third viewer resumes with the Last-Event-ID header. No event is missed or repeated.
      const beforeReload = await readRunStream(`${server.origin}/api/runs/${runId}/stream`, { stopAfter: 4 });
      expect(beforeReload.events.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
      const reloaded = readRunStream(`${server.origin}/api/runs/${runId}/stream?after=4`);
      const other = readRunStream(`${server.origin}/api/runs/${runId}/stream`, { headers: { "Last-Event-ID": "2" } });
      const [after, fromTwo] = [await reloaded, await other];
      expect(after.finished).toBe(true);
      const saved = await getDb().runEvent.findMany({ where: { runId }, orderBy: { seq: "asc" } });
      expect(saved.at(-1)!.type).toBe("run-finished");
      expect([...beforeReload.events, ...after.events].map((e) => [e.seq, e.type])).toEqual(
        saved.map((e) => [e.seq, e.type]),
      );
      expect(fromTwo.events.map((e) => e.seq)).toEqual(saved.slice(2).map((e) => e.seq));
      // Europe PMC's and ClinicalTrials.gov's searches of the question reach the viewer while PubMed is still
      // answering.
      const questionSearches = after.events.filter((e) => e.type === "search").slice(0, 3);
      const sources = saved
        .filter((e) => e.type === "search")
        .slice(0, 3)
        .map((e) => (e.payload as { source: string }).source);
      expect([...sources.slice(0, 2)].sort()).toEqual(["ctgov", "europepmc"]);
      expect(sources[2]).toBe("pubmed");
      const lead = questionSearches[2].at - questionSearches[1].at;
      expect(lead).toBeGreaterThan(PUBMED_DELAY_MS);
      // An ended run's stream: 204 for a reader that has every event (EventSource stops reconnecting); a reader
      // with none, such as a page rendered while the run ran, gets the whole run, its end last, and the stream ends.
      const lastSeq = saved.at(-1)!.seq;
      const upToDate = await fetch(`${server.origin}/api/runs/${runId}/stream`, {
        headers: { "Last-Event-ID": String(lastSeq) },
      });
      expect(upToDate.status).toBe(204);
      const fromStart = await readRunStream(`${server.origin}/api/runs/${runId}/stream`);
      expect(fromStart.finished).toBe(true);
      expect(fromStart.events.map((e) => e.seq)).toEqual(saved.map((e) => e.seq));
      console.log(
        `live progress: POST /api/runs answered 202 in ${Math.round(answeredMs)} ms with run-started saved; the ` +
          `run page answered in ${Math.round(pageMs)} ms; Europe PMC's search reached the viewer ` +
          `${Math.round(lead)} ms before PubMed's; the reloaded stream resumed at seq 5 and carried ` +
          `${after.events.length} events, none repeated`,
      );
    },
  );

  it("a CLI run with CRITICA_SERVER_URL is enqueued on the server: kill -9 on the CLI does not stop it", async () => {
    const { getDb } = await import("@/lib/db/client");
    const cli = spawn(
      process.execPath,
      [
        "node_modules/tsx/dist/cli.mjs",
        "--conditions=react-server",
        "scripts/research.ts",
        QUESTION,
        "--max-iterations",
        "1",
      ],
      {
        env: { ...process.env, ...env, CRITICA_SERVER_URL: server.origin },
        stdio: ["ignore", "pipe", "pipe"],
        detached: true,
      },
    );
    let output = "";
    cli.stderr.on("data", (d) => (output += d));
    await expect
      .poll(() => /Run ([0-9a-f-]{36}) started\./.exec(output)?.[1], { timeout: 60_000, interval: 100 })
      .toBeTruthy();
    const runId = /Run ([0-9a-f-]{36}) started\./.exec(output)![1];
    process.kill(-cli.pid!, "SIGKILL");
    await new Promise((resolve) => cli.once("exit", resolve));
    await expect
      .poll(async () => (await getDb().run.findUniqueOrThrow({ where: { id: runId } })).status, {
        timeout: 60_000,
        interval: 200,
      })
      .not.toMatch(/^(queued|running)$/);
    const row = await getDb().run.findUniqueOrThrow({ where: { id: runId } });
    // The run's own closing message says why, should it ever end otherwise (seen once under heavy load).
    const finished = await getDb().runEvent.findFirst({ where: { runId, type: "run-finished" } });
    expect({
      status: row.status,
      message: finished ? (finished.payload as { message: string | null }).message : "no run-finished event",
    }).toEqual({ status: "completed", message: null });
    // Executed by the server's durable engine, and ownerless like every run started from the command line.
    expect(row.workflowRunId).toMatch(/^wrun_/);
    expect(row.ownerId).toBeNull();
    expect(await getDb().runEvent.count({ where: { runId, type: "run-finished" } })).toBe(1);
  });
});
