import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startFixtureServer, type FixtureServer } from "@/tests/support/fixture-server";
import { startAppServer, type AppServer } from "./app-server";

/**
 * A production app on the durable engine (the Workflow SDK's local world) and SQLite in a temp folder, its literature
 * sources the loopback fixture server: what every kill -9 test restarts on the same database. The test process reads
 * the same database (DATABASE_URL is set for `@/lib/db/client`).
 */
export interface DurableApp {
  /** The environment each server of this app is started with. */
  env: Record<string, string>;
  fixtures: FixtureServer;
  /** The server running now (null before the first start and after a kill). */
  server: AppServer | null;
  /**
   * Starts a server with `extra` added to the environment (the one running must have been killed); `exitOk`: see
   * startAppServer.
   */
  start(extra?: Record<string, string>, options?: { exitOk?: boolean }): Promise<AppServer>;
  /** kill -9 of the running server's process group, if any. */
  kill9(): Promise<void>;
  /** Ends the server and the fixture server and removes the temp folder. */
  close(): Promise<void>;
}

/**
 * Opens a durable app in a new temp folder (`prefix` names it). `delayMs` delays each fixture reply (so a test can
 * kill a run mid-search); `sources` are the run's default sources (default PubMed, Europe PMC, ClinicalTrials.gov).
 */
export async function openDurableApp(
  prefix: string,
  options: { delayMs?: number; sources?: string[] } = {},
): Promise<DurableApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `critica-${prefix}-`));
  const fixtures = await startFixtureServer({ delayMs: options.delayMs ?? 0 });
  const env = {
    DATABASE_URL: `file:${path.join(dir, "critica.db")}`,
    WORKFLOW_LOCAL_DATA_DIR: path.join(dir, "workflow-data"),
    CRITICA_ENGINE: "workflow",
    OPENAI_API_KEY: "",
    CRITICA_SOURCES: (options.sources ?? ["pubmed", "europepmc", "ctgov"]).join(","),
    PUBMED_BASE_URL: fixtures.urls.pubmed,
    EUROPEPMC_BASE_URL: fixtures.urls.europepmc,
    CTGOV_BASE_URL: fixtures.urls.ctgov,
  };
  process.env.DATABASE_URL = env.DATABASE_URL;
  const app: DurableApp = {
    env,
    fixtures,
    server: null,
    async start(extra = {}, options = {}) {
      app.server = await startAppServer({ ...env, ...extra }, options);
      return app.server;
    },
    async kill9() {
      await app.server?.kill9();
      app.server = null;
    },
    async close() {
      await app.kill9();
      await fixtures.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return app;
}

/** POST `body` as JSON to `url` with `headers` (a cookie, an Origin) added. */
export function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

/** A run's saved events, by seq. */
export async function runEvents(runId: string) {
  const { getDb } = await import("@/lib/db/client");
  return getDb().runEvent.findMany({ where: { runId }, orderBy: { seq: "asc" } });
}

/**
 * Waits until run `runId` has `count` run-finished events (default 1: it ended once), polling every 100 ms.
 * @returns its row then.
 * @throws (the poll's assertion) when it has not within `timeoutMs`.
 */
export async function runFinished(runId: string, timeoutMs: number, count = 1) {
  const { expect } = await import("vitest");
  const { getDb } = await import("@/lib/db/client");
  await expect
    .poll(async () => getDb().runEvent.count({ where: { runId, type: "run-finished" } }), {
      timeout: timeoutMs,
      interval: 100,
    })
    .toBe(count);
  return getDb().run.findUniqueOrThrow({ where: { id: runId } });
}

/**
 * A run's events as a killed run's are compared with those of the same run never interrupted: each event's type, and
 * for a search its phase, source and query (what it asked, not what it found or how long it took), up to seq
 * `maxSeq`.
 */
export async function eventShape(runId: string, maxSeq = Infinity): Promise<string[]> {
  return (await runEvents(runId))
    .filter((e) => e.seq <= maxSeq)
    .map((e) => {
      const p = e.payload as { phase?: string; source?: string; query?: string };
      return [e.type, ...(e.type === "search" ? [p.phase, p.source, p.query] : [])].join(" ");
    });
}
