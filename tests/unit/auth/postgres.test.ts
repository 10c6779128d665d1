import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// The accounts path on Postgres: better-auth's tables through the Prisma adapter, API keys, the
// database-backed limits (better-auth's RateLimit with its BigInt column, rate-limiter-flexible's Prisma store) and
// the unclaimed-runs query. Skipped without TEST_POSTGRES_URL (scripts/test.sh provides a local server).
vi.mock("server-only", () => ({}));

const ADMIN_URL = process.env.TEST_POSTGRES_URL;
// TEST_POSTGRES_DB_SUFFIX lets several checkouts share one PostgreSQL server without dropping each other's databases.
const DATABASE = `critica_auth_unit_test${process.env.TEST_POSTGRES_DB_SUFFIX ?? ""}`;

describe.skipIf(!ADMIN_URL)("accounts on Postgres", () => {
  const saved = { ...process.env };
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${DATABASE}`);
    await admin.end();
    const url = new URL(ADMIN_URL!);
    url.pathname = `/${DATABASE}`;
    Object.assign(process.env, {
      DATABASE_URL: url.toString(),
      CRITICA_AUTH: "on",
      BETTER_AUTH_SECRET: "unit-test-secret-0123456789abcdef0123456789",
    });
    const { applyMigrations } = await import("@/lib/db/migrate");
    await applyMigrations();
  });
  afterAll(async () => {
    const { getDb } = await import("@/lib/db/client");
    await getDb().$disconnect();
    process.env = saved;
  });

  it(
    "signs up an admin and a user, accepts and revokes an API key, limits sign-ins and starts, and claims unowned " +
      "runs",
    async () => {
      const { getDb } = await import("@/lib/db/client");
      const { createRun } = await import("@/lib/db/runs");
      const { searchHistory } = await import("@/lib/db/history");
      const { claimUnownedRuns } = await import("@/lib/db/accounts");
      const { callerFromHeaders } = await import("@/lib/auth/caller");
      const { historyScope } = await import("@/lib/auth/rules");
      const { admitRunStart } = await import("@/lib/auth/limits");
      const { getAuth } = await import("@/lib/auth/server");
      const { authPost, signUp } = await import("./support");

      const admin = await signUp("admin@lab.org");
      const alice = await signUp("alice@lab.org");
      expect(
        await getDb().user.findMany({ orderBy: { createdAt: "asc" }, select: { email: true, role: true } }),
      ).toEqual([
        { email: "admin@lab.org", role: "admin" },
        { email: "alice@lab.org", role: "user" },
      ]);

      const { key, id: keyId } = await (
        await getAuth()
      ).api.createApiKey({ body: { name: "pg" }, headers: new Headers({ cookie: alice.cookie }) });
      expect(await callerFromHeaders(new Headers({ authorization: `Bearer ${key}` }))).toEqual({
        kind: "user",
        userId: alice.userId,
        email: "alice@lab.org",
        name: "alice",
        role: "user",
        credential: "api-key",
      });
      await (await getAuth()).api.deleteApiKey({ body: { keyId }, headers: new Headers({ cookie: alice.cookie }) });
      expect(await callerFromHeaders(new Headers({ authorization: `Bearer ${key}` }))).toEqual({ kind: "guest" });

      const ip = { "x-forwarded-for": "203.0.113.99" };
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++)
        statuses.push(
          (await authPost("/sign-in/email", { email: `nobody${i}@lab.org`, password: "wrong password" }, ip)).status,
        );
      expect(statuses).toEqual([...Array(10).fill(401), 429]);

      process.env.CRITICA_RUNS_PER_MINUTE = "1";
      try {
        const caller = await callerFromHeaders(new Headers({ cookie: alice.cookie }));
        expect(await admitRunStart(caller)).toBeNull();
        expect((await admitRunStart(caller))?.message).toMatch(/^You have started 1 runs in the last minute/);
      } finally {
        delete process.env.CRITICA_RUNS_PER_MINUTE;
      }

      const ids = { cli: crypto.randomUUID(), session: crypto.randomUUID(), alice: crypto.randomUUID() };
      const settings = {
        mode: "research" as const,
        question: "Is lithium nephrotoxic?",
        sources: ["local" as const],
        maxIterations: 1,
      };
      for (const [id, ownerId] of [
        [ids.cli, null],
        [ids.session, "browser-session-xxxxxxxxxxxxxxxx"],
        [ids.alice, alice.userId],
      ] as const) {
        await createRun({ id, settings, backend: "extractive", model: null, ownerId });
      }
      const adminCaller = await callerFromHeaders(new Headers({ cookie: admin.cookie }));
      const unclaimed = await searchHistory({ scope: historyScope(adminCaller, "unclaimed"), filters: {}, limit: 10 });
      expect(new Set(unclaimed.runs.map((r) => r.id))).toEqual(new Set([ids.cli, ids.session]));
      expect(await claimUnownedRuns(admin.userId)).toBe(2);
      expect(
        (await searchHistory({ scope: historyScope(adminCaller), filters: {}, limit: 10 })).runs
          .map((r) => r.id)
          .sort(),
      ).toEqual([ids.cli, ids.session].sort());
    },
  );
});
