import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFixtureServer, type FixtureServer } from "../support/fixture-server";
import { startAppServer, type AppServer } from "./support/app-server";

// Two instances of the production build on one Postgres database (the Postgres world on the same database), as in
// postgres-failover.test.ts but for a claim check: kill -9 of the instance executing the check's searches step;
// the survivor's lease sweep (lib/runs/lease-sweep.ts) re-enqueues the claim-check workflow once the heartbeat is
// 30 s old, and the check completes without duplicated events. Skipped without TEST_POSTGRES_URL (scripts/test.sh).
const ADMIN_URL = process.env.TEST_POSTGRES_URL;
const DATABASE = "critica_claim_failover_test";
const CLAIM = "Doxorubicin has no effect on the heart";
// PubMed answers after esearch + efetch, 1 s each, so the searches step is in flight for about 2 s.
const PUBMED_DELAY_MS = 1_000;

/** Whether the instance has a step of `runId` started and not ended (its pino step log lines). */
function executing(server: AppServer, runId: string): boolean {
  const lines = server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{") && line.includes(runId));
  return lines.filter((l) => l.includes('"msg":"step start"')).length > lines.filter((l) => l.includes('"msg":"step end"')).length;
}

describe.skipIf(!ADMIN_URL)("two instances on Postgres: a claim check fails over after kill -9", () => {
  let fixtures: FixtureServer;
  let a: AppServer | null = null;
  let b: AppServer | null = null;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${DATABASE}`);
    await admin.end();
    const url = new URL(ADMIN_URL!);
    url.pathname = `/${DATABASE}`;
    fixtures = await startFixtureServer({ delayMs: { esearch: PUBMED_DELAY_MS, efetch: PUBMED_DELAY_MS } });
    const env = {
      DATABASE_URL: url.toString(),
      CRITICA_ENGINE: "workflow",
      OPENAI_API_KEY: "",
      CRITICA_SOURCES: "pubmed,europepmc",
      CRITICA_SOURCE_TIMEOUT_MS: "60000",
      PUBMED_BASE_URL: fixtures.urls.pubmed,
      EUROPEPMC_BASE_URL: fixtures.urls.europepmc,
      CTGOV_BASE_URL: fixtures.urls.ctgov,
    };
    process.env.DATABASE_URL = env.DATABASE_URL;
    // The first instance bootstraps the world's tables; the second starts once they exist.
    a = await startAppServer(env, { timeoutMs: 90_000 });
    b = await startAppServer(env, { timeoutMs: 90_000 });
  });
  afterAll(async () => {
    await a?.kill9();
    await b?.kill9();
    await fixtures?.close();
    if (ADMIN_URL) {
      const { getDb } = await import("@/lib/db/client");
      await getDb().$disconnect();
    }
  });

  it("the surviving instance finishes the check within 60 s of kill -9 of the instance executing it, without duplicated events", async () => {
    const { getDb } = await import("@/lib/db/client");
    const res = await fetch(`${a!.origin}/api/checks`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ text: CLAIM }) });
    expect(res.status).toBe(202);
    const { runId } = (await res.json()) as { runId: string };

    // Kill while the searches step is in flight with a search already saved (Europe PMC answers first): the re-run
    // on the survivor must replace that event.
    await expect
      .poll(async () => (await getDb().runEvent.count({ where: { runId, type: "claim-search" } })) > 0 && (executing(a!, runId) || executing(b!, runId)), { timeout: 90_000, interval: 50 })
      .toBe(true);
    const [victim, survivor] = executing(a!, runId) ? [a!, b!] : [b!, a!];
    await victim.kill9();
    const killed = performance.now();
    if (victim === a) a = null;
    else b = null;

    await expect.poll(async () => getDb().runEvent.count({ where: { runId, type: "run-finished" } }), { timeout: 60_000, interval: 250 }).toBe(1);
    const failoverMs = performance.now() - killed;
    expect(await getDb().run.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({ status: "completed", error: null });
    expect(survivor.output()).toContain(`lease sweep re-enqueued 1 run(s) whose executor stopped: ${runId}`);
    console.log(`claim check failover (Postgres, 2 instances): check completed ${Math.round(failoverMs)} ms after kill -9 of its executor`);

    const after = await getDb().runEvent.findMany({ where: { runId }, orderBy: { seq: "asc" } });
    expect(after.map((e) => e.seq)).toEqual(after.map((_, i) => i + 1));
    const count = (type: string) => after.filter((e) => e.type === type).length;
    expect([count("run-started"), count("claims-extracted"), count("counter-statement"), count("evidence"), count("claim-scored"), count("counter-report"), count("claim-verdict"), count("run-finished")]).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
    const searches = after.filter((e) => e.type === "claim-search").map((e) => JSON.stringify(((p) => [p.strategy, p.source, p.query])(e.payload as Record<string, unknown>)));
    expect(searches.length).toBe(4);
    expect(new Set(searches).size).toBe(4);
    const links = await getDb().runEvidence.findMany({ where: { runId }, orderBy: { ordinal: "asc" } });
    expect(links.map((l) => l.ordinal)).toEqual(links.map((_, i) => i));
  });
});
