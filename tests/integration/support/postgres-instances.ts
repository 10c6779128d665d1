import pg from "pg";
import { startFixtureServer, type FixtureServer } from "@/tests/support/fixture-server";
import { startAppServer, type AppServer } from "./app-server";

/** One step log line (pino JSON, lib/runs/step-log.ts) an instance printed. */
export interface StepLine {
  msg: string;
  runId: string;
  step: string;
  /** pino's timestamp (epoch ms). */
  time: number;
}

/** The step start/end lines an instance printed for `runId`, oldest first (a line still being written is skipped). */
export function stepLines(server: AppServer, runId: string): StepLine[] {
  return server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{") && line.includes(runId))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as StepLine];
      } catch {
        return [];
      }
    })
    .filter((l) => l.msg === "step start" || l.msg === "step end");
}

/** Whether the instance has a step of `runId` started and not ended: it is the one executing the run. */
export function executing(server: AppServer, runId: string): boolean {
  const lines = stepLines(server, runId);
  return lines.filter((l) => l.msg === "step start").length > lines.filter((l) => l.msg === "step end").length;
}

/**
 * A fresh Postgres database `database` on the server of `adminUrl` (TEST_POSTGRES_URL; dropped first if a previous
 * run left it), a loopback fixture server whose PubMed answers each esearch and efetch after `pubmedDelayMs`, and
 * the environment of an app server using both with the durable engine (the Postgres world on the same database).
 * Sets this process's DATABASE_URL too, so the test reads the instances' rows.
 */
export async function postgresWithFixtures(
  adminUrl: string,
  database: string,
  options: { sources: string; pubmedDelayMs: number },
): Promise<{ fixtures: FixtureServer; env: Record<string, string> }> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const fixtures = await startFixtureServer({
    delayMs: { esearch: options.pubmedDelayMs, efetch: options.pubmedDelayMs },
  });
  const env = {
    DATABASE_URL: url.toString(),
    CRITICA_ENGINE: "workflow",
    OPENAI_API_KEY: "",
    CRITICA_SOURCES: options.sources,
    CRITICA_SOURCE_TIMEOUT_MS: "60000",
    PUBMED_BASE_URL: fixtures.urls.pubmed,
    EUROPEPMC_BASE_URL: fixtures.urls.europepmc,
    CTGOV_BASE_URL: fixtures.urls.ctgov,
  };
  process.env.DATABASE_URL = env.DATABASE_URL;
  return { fixtures, env };
}

/**
 * Two instances of the production build on `env`: the first bootstraps the world's tables, the second starts once they
 * exist.
 */
export async function startTwoInstances(env: Record<string, string>): Promise<[AppServer, AppServer]> {
  const a = await startAppServer(env, { timeoutMs: 90_000 });
  const b = await startAppServer(env, { timeoutMs: 90_000 });
  return [a, b];
}

/**
 * Ends the instances still up (kill -9 of their process groups), the fixture server and this process's database client.
 */
export async function stopAll(servers: Array<AppServer | null>, fixtures: FixtureServer | undefined): Promise<void> {
  for (const server of servers) await server?.kill9();
  await fixtures?.close();
  const { getDb } = await import("@/lib/db/client");
  await getDb().$disconnect();
}
