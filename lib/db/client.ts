import "server-only";
import fs from "node:fs";
import path from "node:path";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient as SqliteClient } from "@/lib/generated/sqlite/client";
import { PrismaClient as PgClient } from "@/lib/generated/postgres/client";
import { getConfig, isPostgresUrl } from "@/lib/config";

/** The Prisma client type used everywhere (the SQLite client's types are a subset of the Postgres ones). */
export type DB = SqliteClient;

/** Path of a `file:` SQLite URL, resolved against the working directory. */
export function sqliteFilePath(url: string): string {
  return path.resolve(url.replace(/^file:/, ""));
}

function createClient(url: string): DB {
  if (isPostgresUrl(url)) return new PgClient({ adapter: new PrismaPg({ connectionString: url }) }) as unknown as DB;
  const file = sqliteFilePath(url);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  return new SqliteClient({ adapter: new PrismaBetterSqlite3({ url: `file:${file}` }) });
}

const cache = globalThis as unknown as { __criticaDb?: { url: string; db: DB } };

/** The process-wide Prisma client for the configured DATABASE_URL (re-created if the URL changes, as in tests). */
export function getDb(): DB {
  const url = getConfig().DATABASE_URL;
  if (cache.__criticaDb?.url !== url) {
    void cache.__criticaDb?.db.$disconnect();
    cache.__criticaDb = { url, db: createClient(url) };
  }
  return cache.__criticaDb.db;
}

/** Closes the process-wide client's connection (CLI scripts call it before exiting). */
export async function disconnectDb(): Promise<void> {
  await getDb().$disconnect();
}

/**
 * Runs `work` in one transaction of the process-wide client (committed when it resolves, rolled back when it throws):
 * for writes that belong together, or many small writes that would each pay a commit (a batch of imported articles).
 * `work` gets the transaction's client; lib/db functions take it as their optional last argument.
 */
export function inTransaction<T>(work: (tx: DB) => Promise<T>, timeoutMs = 600_000): Promise<T> {
  return getDb().$transaction((tx) => work(tx as unknown as DB), { timeout: timeoutMs, maxWait: 60_000 });
}

/** True when the configured database is Postgres. */
export function usingPostgres(): boolean {
  return isPostgresUrl(getConfig().DATABASE_URL);
}
