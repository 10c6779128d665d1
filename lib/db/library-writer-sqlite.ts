import "server-only";
import fs from "node:fs";
import Database from "better-sqlite3";
import { sqliteFilePath } from "@/lib/db/client";
import { EVIDENCE_COLUMNS, evidenceColumnValues, rawRowToEvidence, sqliteTimestamp } from "@/lib/db/library-rows";
import type { BatchOutcome, LibraryBatch, LibraryWriter, MergeStored, SyncFileState } from "@/lib/db/library-writer";
import { evidenceSchema, type Evidence } from "@/lib/domain/evidence";

/**
 * Page cache of the sync connection (SQLite `cache_size`, negative = KiB): 256 MiB keeps the upper levels of the
 * Evidence indexes and FTS5's segment merges in memory. Measured on the 1M-record bench (docs/library.md).
 */
const CACHE_KIB = 262_144;

/** The SQLite library writer (see LibraryWriter): better-sqlite3, WAL, synchronous=NORMAL, prepared statements. */
export function openSqliteLibraryWriter(url: string): LibraryWriter {
  const file = sqliteFilePath(url);
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  // NORMAL in WAL mode is durable across a killed process (only a power loss can lose the last commits, which the
  // checkpoint then redoes): the sync's resume guarantee needs no more.
  db.pragma("synchronous = NORMAL");
  db.pragma("busy_timeout = 30000");
  db.pragma(`cache_size = -${CACHE_KIB}`);
  db.pragma("temp_store = MEMORY");

  const columns = EVIDENCE_COLUMNS.map((c) => `"${c}"`).join(", ");
  const updates = EVIDENCE_COLUMNS.filter((c) => c !== "id").map((c) => `"${c}" = excluded."${c}"`).join(", ");
  const upsert = db.prepare(
    `INSERT INTO "Evidence" (${columns}, "inLibrary", "createdAt", "updatedAt") VALUES (${EVIDENCE_COLUMNS.map(() => "?").join(", ")}, 1, ?, ?)
     ON CONFLICT ("id") DO UPDATE SET ${updates}, "inLibrary" = 1, "updatedAt" = excluded."updatedAt"`,
  );
  const byId = db.prepare(`SELECT * FROM "Evidence" WHERE "id" = ?`);
  const byPmid = db.prepare(`SELECT * FROM "Evidence" WHERE "pmid" = ? LIMIT 1`);
  const byDoi = db.prepare(`SELECT * FROM "Evidence" WHERE "doi" = ? LIMIT 1`);
  const deleteUncited = db.prepare(
    `DELETE FROM "Evidence" WHERE "id" = ? AND "inLibrary" = 1 AND NOT EXISTS (SELECT 1 FROM "RunEvidence" WHERE "evidenceId" = ?)`,
  );
  const leaveLibrary = db.prepare(`UPDATE "Evidence" SET "inLibrary" = 0, "updatedAt" = ? WHERE "id" = ? AND "inLibrary" = 1`);
  const saveCheckpoint = db.prepare(
    `UPDATE "LibrarySyncFile" SET "items" = ?, "records" = "records" + ?, "deleted" = "deleted" + ?, "failed" = "failed" + ?,
       "status" = ?, "finishedAt" = ? WHERE "name" = ?`,
  );

  // better-sqlite3 binds no booleans: SQLite stores them as 0/1, as Prisma does.
  const bind = (e: Evidence, id: string) => evidenceColumnValues(e, id).map((v) => (typeof v === "boolean" ? Number(v) : v));
  const stored = (e: Evidence): Record<string, unknown> | undefined =>
    (byId.get(e.id) ?? (e.citation.pmid ? byPmid.get(e.citation.pmid) : undefined) ?? (e.citation.doi ? byDoi.get(e.citation.doi) : undefined)) as
      | Record<string, unknown>
      | undefined;

  const apply = db.transaction((batch: LibraryBatch, merge: MergeStored): BatchOutcome => {
    const outcome: BatchOutcome = { created: 0, updated: 0, unchanged: 0, deleted: 0, missing: 0 };
    const now = sqliteTimestamp();
    for (const record of batch.records) {
      const row = stored(record);
      if (!row) {
        upsert.run(...bind(record, record.id), now, now);
        outcome.created++;
        continue;
      }
      const before = rawRowToEvidence(row);
      const merged = merge(record, before);
      if (row.inLibrary === 1 && JSON.stringify(evidenceSchema.parse(merged)) === JSON.stringify(before)) {
        outcome.unchanged++;
        continue;
      }
      upsert.run(...bind(merged, String(row.id)), now, now);
      outcome.updated++;
    }
    for (const pmid of batch.deletes) {
      const id = `pmid:${pmid}`;
      if (deleteUncited.run(id, id).changes > 0 || leaveLibrary.run(now, id).changes > 0) outcome.deleted++;
      else outcome.missing++;
    }
    saveCheckpoint.run(batch.items, outcome.created + outcome.updated, outcome.deleted, batch.failed, batch.last ? "applied" : "applying", batch.last ? now : null, batch.file);
    return outcome;
  });

  return {
    kind: "sqlite",
    async fileStates() {
      return (db.prepare(`SELECT "name", "bytes", "status", "items", "records", "deleted", "failed" FROM "LibrarySyncFile"`).all() as SyncFileState[]).map((s) => ({
        ...s,
        bytes: Number(s.bytes),
      }));
    },
    async startFile(name, bytes, restart) {
      db.prepare(
        `INSERT INTO "LibrarySyncFile" ("name", "bytes", "status", "startedAt") VALUES (?, ?, 'applying', ?)
         ON CONFLICT ("name") DO UPDATE SET "bytes" = excluded."bytes", "status" = 'applying', "finishedAt" = NULL
         ${restart ? `, "items" = 0, "records" = 0, "deleted" = 0, "failed" = 0, "startedAt" = excluded."startedAt"` : ""}`,
      ).run(name, bytes, sqliteTimestamp());
    },
    async applyBatch(batch, merge) {
      return apply.immediate(batch, merge);
    },
    async libraryRecords() {
      return (db.prepare(`SELECT "records" FROM "LibraryStats" WHERE "id" = 1`).get() as { records: number } | undefined)?.records ?? 0;
    },
    async beginBulkLoad() {
      return false; // FTS5 merges its segments incrementally; measured no faster with a rebuild (docs/library.md).
    },
    async finishBulkLoad() {
      // Merge FTS5's segments a little, so the first searches after a large load do not pay for it.
      db.prepare(`INSERT INTO "EvidenceFts"("EvidenceFts", "rank") VALUES ('merge', 500)`).run();
      return false;
    },
    async databaseBytes() {
      db.pragma("wal_checkpoint(TRUNCATE)");
      return [file, `${file}-wal`].reduce((sum, f) => sum + (fs.existsSync(f) ? fs.statSync(f).size : 0), 0);
    },
    async close() {
      db.close();
    },
  };
}
