import path from "node:path";
import { applyMigrations } from "@/lib/db/migrate";
import type { FixtureServer } from "@/tests/support/fixture-server";
import type { Log } from "./classic";
import { measureFirstEvent, measurePage, seedRuns } from "./http-measures";
import { hasProductionBuild, startBenchServer } from "./server";
import { measureRunPage } from "./run-page";

/** Port of the bench's Next.js server (BENCH_PORT overrides it). */
const PORT = Number(process.env.BENCH_PORT ?? 3190);

/** The figures measured over HTTP on the production server. */
export interface HttpFigures {
  firstEvent: { ms: number; ratio: number; samples: number[] };
  history: { ms100: number; ms10k: number; ratio10kTo100: number };
  runPage: Awaited<ReturnType<typeof measureRunPage>>;
}

/**
 * Starts the production server (`next start`, the durable engine as deployed) on its own SQLite database in `dir`,
 * with the live sources on the loopback `server`, and measures:
 * - firstEvent: POST /api/runs to the first event on the run's stream (measureFirstEvent);
 * - history: server-rendering /reports with 100 and with 10,000 runs in the database (seedRuns, measurePage);
 * - runPage: the click on "Research" to the run page showing the run started, in Chromium (bench/run-page.ts).
 * Without a production build (`npm run build`) it measures nothing and says so.
 */
export async function measureHttp(
  dir: string,
  server: FixtureServer,
  log: Log,
): Promise<HttpFigures | { reason: string }> {
  if (!hasProductionBuild()) return { reason: "no production build: run `npm run build` before `npm run bench`" };
  const databaseUrl = `file:${path.join(dir, "server.db")}`;
  process.env.DATABASE_URL = databaseUrl;
  await applyMigrations();
  const app = await startBenchServer(PORT, {
    DATABASE_URL: databaseUrl,
    OPENAI_API_KEY: "",
    CRITICA_ENGINE: "workflow",
    // The bench times runs and pages, not sign-in: a single-user server, as CRITICA_AUTH=off gives.
    CRITICA_AUTH: "off",
    PUBMED_BASE_URL: server.urls.pubmed,
    EUROPEPMC_BASE_URL: server.urls.europepmc,
    CTGOV_BASE_URL: server.urls.ctgov,
  });
  try {
    // History first, on an idle server (the first-event runs leave durable steps finishing in the background).
    await seedRuns(100);
    const ms100 = await measurePage(app.origin, "/reports");
    await seedRuns(10_000);
    const ms10k = await measurePage(app.origin, "/reports");
    log(
      `history /reports: ${ms100.toFixed(0)} ms with 100 runs, ${ms10k.toFixed(0)} ms with 10,000 ` +
        `(×${(ms10k / ms100).toFixed(2)})`,
    );
    const firstEvent = await measureFirstEvent(app.origin);
    log(
      `first event: ${firstEvent.ms.toFixed(0)} ms after POST /api/runs (median of ` +
        `${firstEvent.samples.length}: ${firstEvent.samples.map(Math.round).join(", ")}), ratio to SOURCE_MS ` +
        `${firstEvent.ratio.toFixed(2)}`,
    );
    const runPage = await measureRunPage(app.origin);
    log(
      runPage.ms === null
        ? `run page: not measured (${runPage.reason})`
        : `run page: ${runPage.ms.toFixed(0)} ms from the click (median of ` +
            `${runPage.samples.map(Math.round).join(", ")}), goal ${runPage.goalMs} ms`,
    );
    return {
      firstEvent,
      runPage,
      history: {
        ms100: Math.round(ms100),
        ms10k: Math.round(ms10k),
        ratio10kTo100: Math.round((ms10k / ms100) * 1000) / 1000,
      },
    };
  } finally {
    await app.stop();
  }
}
