import { defineConfig, devices } from "@playwright/test";

// E2E_ID, E2E_PORT, E2E_FIXTURE_PORT (and NEXT_DIST_DIR for the build) let several e2e runs share a machine.
const ID = process.env.E2E_ID ?? "e2e";
const PORT = Number(process.env.E2E_PORT ?? 3100);
// The accounts specs (e2e/auth*.spec.ts) run against a second server with CRITICA_AUTH=on and its own database.
const AUTH_PORT = Number(process.env.E2E_AUTH_PORT ?? PORT + 1);
const AUTH_DB = `data/${ID}-auth.db`;
const FIXTURE_PORT = Number(process.env.E2E_FIXTURE_PORT ?? process.env.E2E_SLOW_EUTILS_PORT ?? 4011);
const FIXTURES = `http://127.0.0.1:${FIXTURE_PORT}`;
const DB = `data/${ID}.db`;
// Each server keeps its durable runs' local world beside its database, not in the shared .workflow-data: the
// integration tests run at the same time (scripts/test.sh) and check that directory's files.
const WORLD = `data/${ID}.workflow`;
const AUTH_WORLD = `data/${ID}-auth.workflow`;
const corpus = "../shared/fixtures/corpus";

/**
 * Browser tests on Debian's Chromium (no browser download) against the production build (`npm run build` first).
 * The app gets a fresh SQLite database filled with the real BC5CDR and MEDLINE records from ../shared, runs in
 * extractive mode (no API key), and its live sources (PubMed, Europe PMC, ClinicalTrials.gov) point at a loopback
 * server replaying their recorded responses, each reply delayed by 600 ms so runs last long enough to reload mid-run.
 * Runs default to the local library only (CRITICA_SOURCES=local); tests tick the live sources they want.
 * --keepAliveTimeout 65000: a run's first extractive step can block the server's event loop for more than Node's
 * 5 s keep-alive timeout on a loaded machine, which then closes a polling client's idle connection just as it is
 * reused (ECONNRESET); a longer timeout, as behind a load balancer, avoids that race.
 * The specs not about accounts run as a personal install (CRITICA_AUTH=off, project "app"); e2e/auth*.spec.ts run
 * with accounts on (projects "auth" then "auth-after", CRITICA_AUTH=on, the default) against a second server on
 * E2E_AUTH_PORT, whose live sources are unreachable (as on an offline machine).
 */
export default defineConfig({
  testDir: "e2e",
  outputDir: `test-results/${ID}`,
  timeout: 90_000,
  expect: { timeout: 30_000 },
  workers: 1,
  fullyParallel: false,
  retries: 0,
  projects: [
    { name: "app", testIgnore: /\/auth[^/]*\.spec\.ts$/, use: { baseURL: `http://127.0.0.1:${PORT}` } },
    // e2e/auth.spec.ts starts from a server with no account (its first visitor becomes the admin), so the other
    // accounts-on specs, which sign up accounts of their own, run after it on the same server.
    { name: "auth", testMatch: /\/auth\.spec\.ts$/, use: { baseURL: `http://127.0.0.1:${AUTH_PORT}` } },
    {
      name: "auth-after",
      testMatch: /\/auth-[^/]*\.spec\.ts$/,
      dependencies: ["auth"],
      use: { baseURL: `http://127.0.0.1:${AUTH_PORT}` },
    },
  ],
  use: {
    ...devices["Desktop Chrome"],
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  webServer: [
    {
      command: `npx tsx e2e/support/fixture-server-main.ts ${FIXTURE_PORT} 600`,
      url: `${FIXTURES}/health`,
      reuseExistingServer: false,
      timeout: 20_000,
    },
    {
      command:
        `rm -rf ${DB} ${DB}-* ${WORLD} && npx tsx --conditions=react-server scripts/library-import.ts ` +
        `${corpus}/bc5cdr_pubtator ${corpus}/medline16n0902_sample_604.xml && npx next start -p ${PORT} ` +
        `--keepAliveTimeout 65000`,
      url: `http://127.0.0.1:${PORT}/`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "pipe",
      env: {
        CRITICA_AUTH: "off",
        DATABASE_URL: `file:./${DB}`,
        WORKFLOW_LOCAL_DATA_DIR: WORLD,
        OPENAI_API_KEY: "",
        CRITICA_SOURCES: "local",
        PUBMED_BASE_URL: `${FIXTURES}/eutils`,
        EUROPEPMC_BASE_URL: `${FIXTURES}/europepmc`,
        CTGOV_BASE_URL: `${FIXTURES}/ctgov`,
        // Specs ask the same questions of the slow loopback sources and watch the searches happen: the source cache
        // (tested in tests/unit/sources/cache.test.ts) would answer repeats at once, marked "from cache".
        CRITICA_SOURCE_CACHE_TTL_HOURS: "0",
        // e2e/watch.spec.ts moves the watches' clock a week ahead by writing this file (lib/watches/clock.ts).
        CRITICA_TEST_CLOCK_FILE: `data/${ID}-clock.json`,
        NEXT_TELEMETRY_DISABLED: "1",
      },
    },
    {
      // Accounts on, an empty database (the first visitor signs up and becomes admin), and HOSTNAME=127.0.0.1 so no
      // warning about binding beyond loopback applies. A new user's offline install: the live sources are ticked by
      // default but their hosts never resolve (.invalid, RFC 6761), so the home page finds them unreachable; the
      // specs tick the local library only.
      command:
        `rm -rf ${AUTH_DB} ${AUTH_DB}-* ${AUTH_WORLD} && npx tsx --conditions=react-server ` +
        `scripts/library-import.ts ${corpus}/bc5cdr_pubtator/CDR_TestSet.PubTator.txt && npx next start -H ` +
        `127.0.0.1 -p ${AUTH_PORT} --keepAliveTimeout 65000`,
      url: `http://127.0.0.1:${AUTH_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "pipe",
      env: {
        CRITICA_AUTH: "on",
        DATABASE_URL: `file:./${AUTH_DB}`,
        WORKFLOW_LOCAL_DATA_DIR: AUTH_WORLD,
        BETTER_AUTH_SECRET: "e2e-only-secret-0123456789abcdef0123456789abcdef",
        OPENAI_API_KEY: "",
        CRITICA_SOURCES: "pubmed,europepmc,ctgov,local",
        PUBMED_BASE_URL: "http://pubmed.invalid/eutils",
        EUROPEPMC_BASE_URL: "http://europepmc.invalid/rest",
        CTGOV_BASE_URL: "http://ctgov.invalid/api/v2",
        CRITICA_RUNS_PER_MINUTE: "10",
        NEXT_TELEMETRY_DISABLED: "1",
      },
    },
  ],
});
