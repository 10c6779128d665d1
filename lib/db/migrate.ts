import "server-only";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { getConfig, isPostgresUrl } from "@/lib/config";
import { sqliteFilePath } from "./client";

/** One migration folder: its name and SQL, with Prisma's checksum (sha256 hex of the migration.sql bytes). */
interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

/** Result of applying migrations: the names applied now (empty when the database was up to date). */
export interface MigrationResult {
  applied: string[];
}

const SQLITE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" TEXT PRIMARY KEY NOT NULL, "checksum" TEXT NOT NULL, "finished_at" DATETIME, "migration_name" TEXT NOT NULL,
  "logs" TEXT, "rolled_back_at" DATETIME, "started_at" DATETIME NOT NULL DEFAULT current_timestamp,
  "applied_steps_count" INTEGER UNSIGNED NOT NULL DEFAULT 0)`;

const PG_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL, "checksum" VARCHAR(64) NOT NULL, "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL, "logs" TEXT, "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(), "applied_steps_count" INTEGER NOT NULL DEFAULT 0)`;

/** Reads Prisma-format migration folders (`<dir>/<name>/migration.sql`) in name order. */
export function readMigrations(dir: string): Migration[] {
  if (!fs.existsSync(dir)) throw new Error(`migrations folder not found: ${dir}`);
  return fs
    .readdirSync(dir)
    .filter((name) => fs.existsSync(path.join(dir, name, "migration.sql")))
    .sort()
    .map((name) => {
      const bytes = fs.readFileSync(path.join(dir, name, "migration.sql"));
      return { name, sql: bytes.toString("utf8"), checksum: crypto.createHash("sha256").update(bytes).digest("hex") };
    });
}

const pending = new Map<string, Promise<MigrationResult>>();

/**
 * Applies pending migrations to DATABASE_URL, idempotently, writing Prisma's `_prisma_migrations` table so that
 * `prisma migrate deploy` agrees wherever Prisma's engines are reachable. SQLite reads `prisma/migrations`,
 * Postgres `prisma/postgres/migrations` (relative to `root`, default the working directory). Concurrent callers
 * in one process share one application; across processes a write lock (SQLite) or advisory lock (Postgres)
 * serialises them.
 * @throws Error when a migration fails (the failed migration is left unfinished, as Prisma does).
 */
export function applyMigrations(options: { url?: string; root?: string } = {}): Promise<MigrationResult> {
  const url = options.url ?? getConfig().DATABASE_URL;
  const root = options.root ?? process.cwd();
  const key = `${url}|${root}`;
  let run = pending.get(key);
  if (!run) {
    run = isPostgresUrl(url)
      ? applyPostgres(url, readMigrations(path.join(root, "prisma/postgres/migrations")))
      : Promise.resolve().then(() => applySqlite(url, readMigrations(path.join(root, "prisma/migrations"))));
    pending.set(key, run);
    // Later callers learn that nothing more was applied; a failure is retried on the next call.
    run.then(
      () => pending.set(key, Promise.resolve({ applied: [] })),
      () => pending.delete(key),
    );
  }
  return run;
}

function applySqlite(url: string, migrations: Migration[]): MigrationResult {
  const file = sqliteFilePath(url);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const fresh = !fs.existsSync(file) || fs.statSync(file).size === 0;
  const db = new Database(file);
  try {
    // 16 KiB pages for a new database (before anything is written): a library row (title, abstract, JSON columns,
    // about 2.4 KB) wastes most of a 4 KiB page's remainder; 16 KiB pages made a 100k-record library 19% smaller
    // (docs/library.md). An existing database keeps its page size.
    if (fresh) db.pragma("page_size = 16384");
    db.pragma("journal_mode = WAL");
    db.pragma("busy_timeout = 10000");
    db.exec(SQLITE_TABLE);
    const applied: string[] = [];
    db.exec("BEGIN IMMEDIATE");
    try {
      const done = new Map(
        (
          db
            .prepare(
              `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND ` +
                `rolled_back_at IS NULL`,
            )
            .all() as Array<{ migration_name: string; checksum: string }>
        ).map((r) => [r.migration_name, r.checksum]),
      );
      for (const m of migrations) {
        if (done.has(m.name)) {
          if (done.get(m.name) !== m.checksum) console.warn(`migration ${m.name} was edited after it was applied`);
          continue;
        }
        const id = crypto.randomUUID();
        db.prepare(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES (?, ?, ?, ?)`,
        ).run(id, m.checksum, m.name, Date.now());
        db.exec(m.sql);
        db.prepare(`UPDATE "_prisma_migrations" SET finished_at = ?, applied_steps_count = 1 WHERE id = ?`).run(
          Date.now(),
          id,
        );
        applied.push(m.name);
      }
      db.exec("COMMIT");
    } catch (error) {
      db.exec("ROLLBACK");
      throw error;
    }
    return { applied };
  } finally {
    db.close();
  }
}

async function applyPostgres(url: string, migrations: Migration[]): Promise<MigrationResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock(72707369)");
    await client.query(PG_TABLE);
    const rows = await client.query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND ` +
        `rolled_back_at IS NULL`,
    );
    const done = new Map(rows.rows.map((r) => [r.migration_name, r.checksum]));
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.name)) {
        if (done.get(m.name) !== m.checksum) console.warn(`migration ${m.name} was edited after it was applied`);
        continue;
      }
      const id = crypto.randomUUID();
      await client.query(`INSERT INTO "_prisma_migrations" (id, checksum, migration_name) VALUES ($1, $2, $3)`, [
        id,
        m.checksum,
        m.name,
      ]);
      await client.query("BEGIN");
      try {
        await client.query(m.sql);
        await client.query(
          `UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`,
          [id],
        );
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw new Error(`migration ${m.name} failed: ${(error as Error).message}`);
      }
      applied.push(m.name);
    }
    return { applied };
  } finally {
    await client.query("SELECT pg_advisory_unlock(72707369)").catch(() => undefined);
    await client.end();
  }
}
