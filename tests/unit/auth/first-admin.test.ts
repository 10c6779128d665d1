import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

// Exactly one first administrator, decided by the database (ServerState "first-admin"): twenty people signing up at
// the same instant on an empty server make one admin and nineteen users, on SQLite and on Postgres; with
// CRITICA_SIGNUP=closed the nineteen are refused and leave no account behind.
vi.mock("server-only", () => ({}));

const { getDb } = await import("@/lib/db/client");
const { useTempDatabase } = await import("@/tests/support/temp-database");
const { authPost } = await import("./support");

const PASSWORD = "correct horse battery";
const ADMIN_URL = process.env.TEST_POSTGRES_URL;
const DATABASE = `critica_first_admin_test${process.env.TEST_POSTGRES_DB_SUFFIX ?? ""}`;

/** Twenty sign-ups at once (each from its own address and e-mail); their statuses in order. */
async function twentyAtOnce(tag: string): Promise<number[]> {
  const responses = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      authPost("/sign-up/email", { name: `p${i}`, email: `${tag}${i}@lab.org`, password: PASSWORD }),
    ),
  );
  return responses.map((r) => r.status);
}

async function roles(): Promise<Record<string, number>> {
  const users = await getDb().user.findMany({ select: { role: true } });
  return users.reduce<Record<string, number>>((acc, u) => ({ ...acc, [u.role]: (acc[u.role] ?? 0) + 1 }), {});
}

let created = 0;
/** A new database per test (the process's migration runner remembers the databases it migrated, by URL). */
async function freshPostgres(): Promise<string> {
  const database = `${DATABASE}_${++created}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const url = new URL(ADMIN_URL!);
  url.pathname = `/${database}`;
  return url.toString();
}

function behaviour(fresh: () => Promise<void>) {
  return () => {
    beforeEach(fresh);

    it("twenty concurrent first sign-ups make exactly one admin, nineteen users; the admin is recorded", async () => {
      expect(await twentyAtOnce("open")).toEqual(Array(20).fill(200));
      expect(await roles()).toEqual({ admin: 1, user: 19 });
      const admin = await getDb().user.findFirstOrThrow({ where: { role: "admin" } });
      expect(await getDb().serverState.findUnique({ where: { key: "first-admin" }, select: { value: true } })).toEqual({
        value: admin.id,
      });
      expect(
        (await authPost("/sign-up/email", { name: "late", email: "late@lab.org", password: PASSWORD })).status,
      ).toBe(200);
      expect(await roles()).toEqual({ admin: 1, user: 20 });
    });

    it(
      "with CRITICA_SIGNUP=closed, of twenty concurrent first sign-ups one becomes the admin and nineteen are " +
        "refused with no account left",
      async () => {
        process.env.CRITICA_SIGNUP = "closed";
        try {
          const statuses = await twentyAtOnce("closed");
          expect(statuses.filter((s) => s === 200)).toHaveLength(1);
          expect(statuses.filter((s) => s === 403)).toHaveLength(19);
          expect(await roles()).toEqual({ admin: 1 });
          expect(await getDb().account.count()).toBe(1);
          expect(await getDb().session.count()).toBe(1);
        } finally {
          delete process.env.CRITICA_SIGNUP;
        }
      },
    );
  };
}

describe("the first administrator (CRITICA_AUTH=on)", () => {
  const saved = { ...process.env };
  const drops: Array<() => void> = [];
  beforeAll(() =>
    Object.assign(process.env, {
      CRITICA_AUTH: "on",
      BETTER_AUTH_SECRET: "unit-test-secret-0123456789abcdef0123456789",
    }),
  );
  afterAll(async () => {
    await getDb().$disconnect();
    process.env = saved;
    for (const drop of drops) drop();
  });

  describe(
    "on SQLite",
    behaviour(async () => {
      drops.push((await useTempDatabase("first-admin")).cleanup);
    }),
  );

  describe.skipIf(!ADMIN_URL)(
    "on Postgres",
    behaviour(async () => {
      process.env.DATABASE_URL = await freshPostgres();
      const { applyMigrations } = await import("@/lib/db/migrate");
      await applyMigrations();
    }),
  );
});
