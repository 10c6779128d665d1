import "server-only";
import { getDb } from "./client";

/*
 * Server-wide values created once and shared by every instance on the database (table ServerState). Creation is an
 * `INSERT … ON CONFLICT DO NOTHING` on the primary key, so when several instances (or concurrent requests) race,
 * exactly one insert wins and everyone reads the winner's value: no lock, no read-then-write window.
 */

/** The generated secret that signs sessions when BETTER_AUTH_SECRET is unset (lib/auth/secret.ts). */
export const AUTH_SECRET_KEY = "auth-secret";
/** The id of the account that became the first administrator (lib/db/accounts.ts claimFirstAdmin). */
export const FIRST_ADMIN_KEY = "first-admin";

/**
 * Creates the row `key` = `value` unless a row `key` exists.
 * @returns true when this call created it (it won the race), false when the row existed already.
 */
export async function claimServerValue(key: string, value: string): Promise<boolean> {
  const inserted = await getDb()
    .$executeRaw`INSERT INTO "ServerState" ("key", "value") VALUES (${key}, ${value}) ON CONFLICT ("key") DO NOTHING`;
  return inserted === 1;
}

/** The value of the row `key`, or null when none exists. */
export async function readServerValue(key: string): Promise<string | null> {
  return (await getDb().serverState.findUnique({ where: { key }, select: { value: true } }))?.value ?? null;
}

/**
 * The value of the row `key`, created from `initial()` when absent: the first caller's value on every instance.
 * `initial` may be called and its value discarded when another caller wins.
 */
export async function serverValue(key: string, initial: () => string): Promise<string> {
  const existing = await readServerValue(key);
  if (existing !== null) return existing;
  await claimServerValue(key, initial());
  const value = await readServerValue(key);
  if (value === null) throw new Error(`ServerState row ${key} vanished right after its creation`);
  return value;
}
