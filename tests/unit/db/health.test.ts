import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorld } from "@workflow/world-postgres";
import { checkLocalWorld, checkPostgresWorld } from "@/lib/db/health";
import { bootstrapPostgresWorld } from "@/lib/db/workflow-world";

// GET /api/health's world probes (lib/db/health.ts) on real worlds: a local world's data directory on disk, and the
// Postgres world's tables in a real database (scripts/test.sh provides TEST_POSTGRES_URL; without it that part is
// skipped). The route itself is exercised in tests/unit/app/api-routes.test.ts and on running servers in
// tests/integration/health.test.ts.
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

describe("the local world's health: its data directory is readable and writable", () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "critica-world-health-"));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("is up on a writable directory, and creates it when missing (as the world's start does)", async () => {
    const dataDir = path.join(dir, "critica.db.workflow");
    expect(await checkLocalWorld(dataDir)).toEqual({ ok: true, kind: "local" });
    expect(fs.statSync(dataDir).isDirectory()).toBe(true);
    // The write probe leaves nothing behind.
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it("is down with the SDK's message when a file stands where the directory should be", async () => {
    // Root (the CI user) may write anywhere, so an unwritable directory is made by a file in its place.
    const dataDir = path.join(dir, "replaced.workflow");
    fs.writeFileSync(dataDir, "not a directory");
    expect(await checkLocalWorld(dataDir)).toEqual({
      ok: false,
      kind: "local",
      // The SDK names its probe file after Date.now().
      error: expect.stringMatching(
        new RegExp(
          `^Data directory "${escape(dataDir)}" is not writable: ENOTDIR: not a directory, open ` +
            `'${escape(dataDir)}/\\.workflow-write-test-\\d+'$`,
        ),
      ),
    });
  });
});

const ADMIN_URL = process.env.TEST_POSTGRES_URL;
// TEST_POSTGRES_DB_SUFFIX lets several checkouts share one PostgreSQL server without dropping each other's databases.
const DATABASE = `critica_world_health_test${process.env.TEST_POSTGRES_DB_SUFFIX ?? ""}`;

describe.skipIf(!ADMIN_URL)("the Postgres world's health: its tables answer", () => {
  let url: string;
  let world: ReturnType<typeof createWorld>;
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${DATABASE}`);
    await admin.end();
    const u = new URL(ADMIN_URL!);
    u.pathname = `/${DATABASE}`;
    url = u.toString();
    await bootstrapPostgresWorld(url);
    world = createWorld({ connectionString: url });
  });
  afterAll(async () => {
    await world?.close?.();
  });

  it("is up once bootstrapped, down while its runs table is missing, and up again when it is back", async () => {
    expect(await checkPostgresWorld(world)).toEqual({ ok: true, kind: "postgres" });
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      await db.query(`ALTER TABLE workflow.workflow_runs RENAME TO workflow_runs_away`);
      const down = await checkPostgresWorld(world);
      expect(down).toEqual({ ok: false, kind: "postgres", error: 'relation "workflow.workflow_runs" does not exist' });
    } finally {
      await db.query(`ALTER TABLE workflow.workflow_runs_away RENAME TO workflow_runs`);
      await db.end();
    }
    expect(await checkPostgresWorld(world)).toEqual({ ok: true, kind: "postgres" });
  });

  it("is down after the deadline when the database accepts connections but never answers", async () => {
    // A loopback listener that accepts and stays silent: a hung database (e.g. a stuck proxy).
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as net.AddressInfo).port;
    const hung = createWorld({ connectionString: `postgresql://critica:critica@127.0.0.1:${port}/critica` });
    try {
      const started = performance.now();
      expect(await checkPostgresWorld(hung, 300)).toEqual({
        ok: false,
        kind: "postgres",
        error: "did not answer within 300 ms",
      });
      expect(performance.now() - started).toBeLessThan(1_000);
    } finally {
      // The hung world's connections stay open (ending them would fail its pending queries inside the SDK, past
      // this test); unref'd, they do not keep the test process alive.
      for (const socket of sockets) socket.unref();
      silent.unref();
    }
  });
});
