import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FixtureServer } from "@/tests/support/fixture-server";
import type { AppServer } from "@/tests/integration/support/app-server";
import {
  executing,
  postgresWithFixtures,
  startTwoInstances,
  stopAll,
} from "@/tests/integration/support/postgres-instances";

// Two instances of the production build on one Postgres database (the Postgres world on the same database), as in
// postgres-failover.test.ts but for a claim check: kill -9 of the instance executing the check's searches step;
// the survivor's lease sweep (lib/runs/lease-sweep.ts) re-enqueues the claim-check workflow once the heartbeat is
// 30 s old, and the check completes without duplicated events. Skipped without TEST_POSTGRES_URL (scripts/test.sh).
const ADMIN_URL = process.env.TEST_POSTGRES_URL;
// TEST_POSTGRES_DB_SUFFIX lets several checkouts share one PostgreSQL server without dropping each other's databases.
const DATABASE = `critica_claim_failover_test${process.env.TEST_POSTGRES_DB_SUFFIX ?? ""}`;
const CLAIM = "Doxorubicin has no effect on the heart";
// PubMed answers after esearch + efetch, 1 s each, so the searches step is in flight for about 2 s.
const PUBMED_DELAY_MS = 1_000;

describe.skipIf(!ADMIN_URL)("two instances on Postgres: a claim check fails over after kill -9", () => {
  let fixtures: FixtureServer;
  let a: AppServer | null = null;
  let b: AppServer | null = null;

  beforeAll(async () => {
    const { fixtures: started, env } = await postgresWithFixtures(ADMIN_URL!, DATABASE, {
      sources: "pubmed,europepmc",
      pubmedDelayMs: PUBMED_DELAY_MS,
    });
    fixtures = started;
    [a, b] = await startTwoInstances(env);
  });
  afterAll(() => stopAll([a, b], fixtures));

  it(
    "the surviving instance finishes the check within 60 s of kill -9 of the instance executing it, without " +
      "duplicated events",
    async () => {
      const { getDb } = await import("@/lib/db/client");
      const res = await fetch(`${a!.origin}/api/checks`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ text: CLAIM }),
      });
      expect(res.status).toBe(202);
      const { runId } = (await res.json()) as { runId: string };

      // Kill while the searches step is in flight with a search already saved (Europe PMC answers first): the re-run
      // on the survivor must replace that event.
      await expect
        .poll(
          async () =>
            (await getDb().runEvent.count({ where: { runId, type: "claim-search" } })) > 0 &&
            (executing(a!, runId) || executing(b!, runId)),
          { timeout: 90_000, interval: 50 },
        )
        .toBe(true);
      const [victim, survivor] = executing(a!, runId) ? [a!, b!] : [b!, a!];
      await victim.kill9();
      const killed = performance.now();
      if (victim === a) a = null;
      else b = null;

      await expect
        .poll(async () => getDb().runEvent.count({ where: { runId, type: "run-finished" } }), {
          timeout: 60_000,
          interval: 250,
        })
        .toBe(1);
      const failoverMs = performance.now() - killed;
      expect(await getDb().run.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({
        status: "completed",
        error: null,
      });
      expect(survivor.output()).toContain(`lease sweep re-enqueued 1 run(s) whose executor stopped: ${runId}`);
      console.log(
        `claim check failover (Postgres, 2 instances): check completed ${Math.round(failoverMs)} ms after kill ` +
          `-9 of its executor`,
      );

      const after = await getDb().runEvent.findMany({ where: { runId }, orderBy: { seq: "asc" } });
      expect(after.map((e) => e.seq)).toEqual(after.map((_, i) => i + 1));
      const count = (type: string) => after.filter((e) => e.type === type).length;
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
      const searches = after
        .filter((e) => e.type === "claim-search")
        .map((e) => JSON.stringify(((p) => [p.strategy, p.source, p.query])(e.payload as Record<string, unknown>)));
      expect(searches.length).toBe(4);
      expect(new Set(searches).size).toBe(4);
      const links = await getDb().runEvidence.findMany({ where: { runId }, orderBy: { ordinal: "asc" } });
      expect(links.map((l) => l.ordinal)).toEqual(links.map((_, i) => i));
    },
  );
});
