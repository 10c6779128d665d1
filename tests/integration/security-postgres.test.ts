import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FixtureServer } from "@/tests/support/fixture-server";
import { changedTables, databaseDigest } from "@/tests/support/db-digest";
import type { AppServer } from "@/tests/integration/support/app-server";
import { completedRun, forgedDeliveries, signUpOn } from "@/tests/integration/support/attacker";
import { postgresWithFixtures, startTwoInstances, stopAll } from "@/tests/integration/support/postgres-instances";

// Two instances of the production build on one Postgres database, accounts on and no BETTER_AUTH_SECRET: the
// generated secret lives in the database, so a session made on one instance is accepted by the other; twenty
// concurrent first sign-ups spread over both make one admin; the Postgres world's deliveries carry the engine's
// credentials, so a durable run completes while forged queue messages get 401 (404 off /flow and /step) and change
// nothing. Skipped without TEST_POSTGRES_URL.
const ADMIN_URL = process.env.TEST_POSTGRES_URL;
const DATABASE = `critica_security_test${process.env.TEST_POSTGRES_DB_SUFFIX ?? ""}`;

describe.skipIf(!ADMIN_URL)("two instances on Postgres seen by an attacker", () => {
  let fixtures: FixtureServer | undefined;
  let servers: [AppServer, AppServer] | null = null;
  let databaseUrl: string;

  beforeAll(async () => {
    const setup = await postgresWithFixtures(ADMIN_URL!, DATABASE, {
      sources: "pubmed,europepmc,ctgov",
      pubmedDelayMs: 0,
    });
    fixtures = setup.fixtures;
    databaseUrl = setup.env.DATABASE_URL;
    // Every sign-up comes from 127.0.0.1: the per-address limit (tested in security-engine.test.ts) is raised here.
    servers = await startTwoInstances({
      ...setup.env,
      CRITICA_AUTH: "on",
      BETTER_AUTH_SECRET: "",
      CRITICA_AUTH_ATTEMPTS_PER_MINUTE: "1000",
    });
  }, 240_000);
  afterAll(async () => {
    await stopAll(servers ?? [], fixtures);
  });

  it(
    "shares one generated secret: one admin of twenty concurrent first sign-ups, and sessions valid on both " +
      "instances",
    async () => {
      const [a, b] = servers!;
      const { getDb } = await import("@/lib/db/client");
      const accounts = await Promise.all(
        Array.from({ length: 20 }, (_, i) => signUpOn(i % 2 ? b : a, `person${i}@lab.org`)),
      );
      const roles = await getDb().user.groupBy({ by: ["role"], _count: true, orderBy: { role: "asc" } });
      expect(roles.map((r) => [r.role, r._count])).toEqual([
        ["admin", 1],
        ["user", 19],
      ]);
      expect(
        (await getDb().serverState.findMany({ select: { key: true }, orderBy: { key: "asc" } })).map((r) => r.key),
      ).toEqual(["auth-secret", "first-admin"]);

      // person0 signed up on A, person1 on B: each session is accepted by the other instance.
      for (const [account, other, email] of [
        [accounts[0], b, "person0@lab.org"],
        [accounts[1], a, "person1@lab.org"],
      ] as const) {
        const session = await fetch(`${other.origin}/api/auth/get-session`, { headers: { cookie: account.cookie } });
        expect(((await session.json()) as { user: { email: string } }).user.email).toBe(email);
        expect((await fetch(`${other.origin}/api/runs`, { headers: { cookie: account.cookie } })).status).toBe(200);
      }
      expect((await fetch(`${b.origin}/api/runs`)).status).toBe(401);
    },
  );

  it(
    "completes a durable run through the engine's authenticated deliveries, and refuses forged ones (401) without " +
      "a trace",
    async () => {
      const [a, b] = servers!;
      const { getDb } = await import("@/lib/db/client");
      const owner = await signUpOn(a, "owner@lab.org");
      const { runId, workflowRunId } = await completedRun(a, owner.cookie, 120_000);

      const world = new pg.Client({ connectionString: databaseUrl });
      await world.connect();
      const worldRows = async () =>
        (
          await world.query(
            `SELECT (SELECT count(*) FROM workflow.workflow_events) AS events, (SELECT count(*) FROM ` +
              `workflow.workflow_steps) AS steps, (SELECT count(*) FROM graphile_worker._private_jobs) AS jobs`,
          )
        ).rows[0];
      try {
        // The world records its run's end just after the run's last step: wait for it, so the snapshot is at rest.
        const worldStatus = async () =>
          (await world.query(`SELECT status FROM workflow.workflow_runs WHERE id = $1`, [workflowRunId])).rows[0]
            ?.status;
        await expect.poll(worldStatus, { timeout: 30_000, interval: 200 }).toBe("completed");
        await expect.poll(async () => (await worldRows()).jobs, { timeout: 30_000, interval: 200 }).toBe("0");
        const before = { db: await databaseDigest(getDb()), world: await worldRows() };
        const answers = [
          ...(await forgedDeliveries(a.origin, workflowRunId, [null, owner.cookie])),
          ...(await forgedDeliveries(b.origin, workflowRunId, [null, owner.cookie])),
        ];
        for (const answer of answers) {
          const expected = answer.path.includes("/webhook/")
            ? [404, '{"error":"Not found."}']
            : [401, `{"error":"The durable engine's endpoints answer the engine only."}`];
          expect([answer.path, answer.credential, answer.status, answer.body]).toEqual([
            answer.path,
            answer.credential,
            ...expected,
          ]);
        }
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        expect(changedTables(before.db, await databaseDigest(getDb()))).toEqual([]);
        expect(await worldRows()).toEqual(before.world);
        console.log(
          `engine (Postgres world, 2 instances): ${answers.length} forged deliveries refused (401 on /flow and ` +
            `/step, 404 elsewhere); database and world tables unchanged; run ${runId} completed`,
        );
      } finally {
        await world.end();
      }
    },
  );
});
