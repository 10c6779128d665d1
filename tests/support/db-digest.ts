import crypto from "node:crypto";
import type { DB } from "@/lib/db/client";

/**
 * The tables a refused request must leave as they were: everything but the abuse counters (RateLimit,
 * RateLimiterFlexible), which count refused attempts by design.
 */
const TABLES = [
  "run",
  "runEvent",
  "evidence",
  "runEvidence",
  "report",
  "shareLink",
  "user",
  "session",
  "account",
  "verification",
  "apikey",
  "message",
  "sourceCache",
  "serverState",
] as const;

/** Every row of the {@link TABLES}, as one SHA-256 of its JSON per row, by table. */
export type DatabaseDigest = Record<string, Set<string>>;

/** A fingerprint of every row of the {@link TABLES}: equal digests mean no row was added, removed or changed. */
export async function databaseDigest(db: DB): Promise<DatabaseDigest> {
  const digest: DatabaseDigest = {};
  for (const table of TABLES) {
    const rows = await (db[table] as unknown as { findMany(): Promise<unknown[]> }).findMany();
    digest[table] = new Set(
      rows.map((row) =>
        crypto
          .createHash("sha256")
          .update(JSON.stringify(row, (_key, value) => (typeof value === "bigint" ? value.toString() : value)))
          .digest("hex"),
      ),
    );
  }
  return digest;
}

/** How many rows differ between two digests (added, removed, or changed, a changed row counting once), by table. */
export function changedRows(before: DatabaseDigest, after: DatabaseDigest): Record<string, number> {
  const changed: Record<string, number> = {};
  for (const table of Object.keys(before)) {
    const added = [...after[table]].filter((h) => !before[table].has(h)).length;
    const removed = [...before[table]].filter((h) => !after[table].has(h)).length;
    if (added || removed) changed[table] = Math.max(added, removed);
  }
  return changed;
}

/** The tables whose rows differ between two digests. */
export function changedTables(before: DatabaseDigest, after: DatabaseDigest): string[] {
  return Object.keys(changedRows(before, after));
}
