import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFixtureServer, type FixtureServer } from "@/tests/support/fixture-server";
import { startAppServer, type AppServer } from "@/tests/integration/support/app-server";

// `npm run research` with no server (no CRITICA_SERVER_URL) hosts the Workflow SDK's local world in its own process
// (scripts/workflow-host.ts). Killed with kill -9 mid-run, the run resumes from its last completed step with
// `npm run research -- --resume <runId>` and completes, with every event saved once and seq numbers contiguous.
// The live sources are the loopback fixture server, each reply delayed so the run is still searching when killed.
const QUESTION = "Does doxorubicin cause cardiotoxicity, and through which mechanism?";
const REPLY_DELAY_MS = 700;

/** A `npm run research` process (tsx, as package.json runs it) in its own process group, ended by its PID. */
interface Cli {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  exit: Promise<number | null>;
  kill9(): Promise<void>;
}

function research(args: string[], env: Record<string, string>): Cli {
  const child = spawn(
    process.execPath,
    ["node_modules/tsx/dist/cli.mjs", "--conditions=react-server", "scripts/research.ts", ...args],
    {
      cwd: process.cwd(),
      // Not under vitest (its step log would be silent, and CRITICA_AUTH=off is the config's, not the CLI's).
      env: {
        ...(Object.fromEntries(
          Object.entries(process.env).filter(([key]) => !key.startsWith("VITEST")),
        ) as NodeJS.ProcessEnv),
        ...env,
      },
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (d) => (stdout += d));
  child.stderr?.on("data", (d) => (stderr += d));
  const exit = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    exit,
    kill9: async () => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // The group is already gone.
      }
      await exit;
    },
  };
}

describe("a CLI run with no server survives kill -9 of its own process (SQLite, local world)", () => {
  let dir: string;
  let fixtures: FixtureServer;
  let env: Record<string, string>;
  const running: Cli[] = [];
  let server: AppServer | null = null;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "critica-cli-resume-"));
    fixtures = await startFixtureServer({ delayMs: REPLY_DELAY_MS });
    env = {
      DATABASE_URL: `file:${path.join(dir, "critica.db")}`,
      CRITICA_ENGINE: "workflow",
      CRITICA_SERVER_URL: "",
      OPENAI_API_KEY: "",
      CRITICA_SOURCES: "pubmed,europepmc,ctgov",
      PUBMED_BASE_URL: fixtures.urls.pubmed,
      EUROPEPMC_BASE_URL: fixtures.urls.europepmc,
      CTGOV_BASE_URL: fixtures.urls.ctgov,
      CRITICA_SOURCE_CACHE_TTL_HOURS: "0",
    };
    process.env.DATABASE_URL = env.DATABASE_URL;
  });
  afterAll(async () => {
    for (const cli of running) await cli.kill9();
    await server?.kill9();
    await fixtures.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("resumes with --resume after kill -9 mid-search and completes without duplicated events", async () => {
    const { getDb } = await import("@/lib/db/client");
    const events = (runId: string) => getDb().runEvent.findMany({ where: { runId }, orderBy: { seq: "asc" } });

    const first = research([QUESTION, "--max-iterations", "2", "--json"], env);
    running.push(first);
    // The run's id: the CLI prints "Run <id> started." on stderr once the Run row and its run-started event exist.
    await expect
      .poll(() => /Run ([0-9a-f-]{36}) started\./.exec(first.stderr())?.[1] ?? null, { timeout: 60_000, interval: 100 })
      .not.toBeNull();
    const runId = /Run ([0-9a-f-]{36}) started\./.exec(first.stderr())![1];

    // Kill while the targeted searches of iteration 1 are in flight (after the hypotheses were saved).
    await expect
      .poll(async () => (await events(runId)).some((e) => e.type === "hypotheses"), { timeout: 60_000, interval: 100 })
      .toBe(true);
    await new Promise((resolve) => setTimeout(resolve, REPLY_DELAY_MS));
    const before = await events(runId);
    await first.kill9();
    expect(first.child.signalCode).toBe("SIGKILL");
    expect((await getDb().run.findUniqueOrThrow({ where: { id: runId } })).status).toBe("running");
    expect(before.some((e) => e.type === "run-finished")).toBe(false);

    const resumed = performance.now();
    const second = research(["--resume", runId, "--json"], env);
    running.push(second);
    expect(await second.exit).toBe(0);
    console.log(
      `CLI resume (SQLite, local world): run completed ${Math.round(performance.now() - resumed)} ms after ` +
        `--resume; ${before.length} events saved before kill -9`,
    );

    // The resumed command prints the run's --json contract, completed.
    const contract = JSON.parse(second.stdout()) as {
      runId: string;
      status: string;
      iterations: number;
      question: string;
    };
    expect({ runId: contract.runId, status: contract.status, question: contract.question }).toEqual({
      runId,
      status: "completed",
      question: QUESTION,
    });

    await expectResumedOnce(runId, before);
    expect((await getDb().run.findUniqueOrThrow({ where: { id: runId } })).iterations).toBe(contract.iterations);
  });

  it("resumes when the server starts on the same database after kill -9 of the CLI", async () => {
    const { getDb } = await import("@/lib/db/client");
    const first = research([QUESTION, "--max-iterations", "2"], env);
    running.push(first);
    await expect
      .poll(() => /Run ([0-9a-f-]{36}) started\./.exec(first.stderr())?.[1] ?? null, { timeout: 60_000, interval: 100 })
      .not.toBeNull();
    const runId = /Run ([0-9a-f-]{36}) started\./.exec(first.stderr())![1];
    await expect
      .poll(async () => getDb().runEvent.count({ where: { runId, type: "hypotheses" } }), {
        timeout: 60_000,
        interval: 100,
      })
      .toBe(1);
    await new Promise((resolve) => setTimeout(resolve, REPLY_DELAY_MS));
    const before = await getDb().runEvent.findMany({ where: { runId }, orderBy: { seq: "asc" } });
    await first.kill9();
    expect((await getDb().run.findUniqueOrThrow({ where: { id: runId } })).status).toBe("running");

    const started = performance.now();
    server = await startAppServer(env);
    // The run has ended once its closing event is saved (the status is written just before it).
    await expect
      .poll(async () => getDb().runEvent.count({ where: { runId, type: "run-finished" } }), {
        timeout: 90_000,
        interval: 200,
      })
      .toBe(1);
    expect((await getDb().run.findUniqueOrThrow({ where: { id: runId } })).status).toBe("completed");
    console.log(
      `CLI run resumed by the server (SQLite, local world): completed ` +
        `${Math.round(performance.now() - started)} ms after next start; ${before.length} events saved before ` +
        `kill -9`,
    );
    await expectResumedOnce(runId, before);
  });
});

/**
 * The checks of a resumed run: it completed, its events' seq numbers run 1..n, each stage's event was saved once (one
 * hypotheses and one assessment per iteration, no search twice), the events of the steps completed before the kill
 * are the same rows, and the evidence ordinals are contiguous.
 */
async function expectResumedOnce(
  runId: string,
  before: Array<{ id: number; seq: number; type: string }>,
): Promise<void> {
  const { getDb } = await import("@/lib/db/client");
  const after = await getDb().runEvent.findMany({ where: { runId }, orderBy: { seq: "asc" } });
  expect(after.map((e) => e.seq)).toEqual(after.map((_, i) => i + 1));
  const count = (type: string) => after.filter((e) => e.type === type).length;
  expect(count("run-started")).toBe(1);
  expect(count("run-finished")).toBe(1);
  expect(after.at(-1)!.type).toBe("run-finished");
  expect((after.at(-1)!.payload as { status: string }).status).toBe("completed");
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
}
