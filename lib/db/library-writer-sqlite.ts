import "server-only";
import fs from "node:fs";
import Database from "better-sqlite3";
import { sqliteFilePath } from "./client";
import {
  dictionaryEntities,
  EVIDENCE_COLUMNS,
  evidenceColumnValues,
  ftsFacets,
  ftsTerms,
  type ColumnValue,
} from "./library-columns";
import { LibraryIndexChanges } from "./library-index-changes";
import { columnValuesToEvidence, rawRowToEvidence, sqliteTimestamp } from "./library-rows";
import type { BatchOutcome, LibraryBatch, LibraryWriter, MergeStored, SyncFileState } from "./library-writer-types";
import { evidenceSchema, type Entity } from "@/lib/domain/evidence";

/**
 * Page cache of the sync connection (SQLite `cache_size`, negative = KiB): 256 MiB keeps the upper levels of the
 * Evidence indexes and FTS5's segment merges in memory. Measured on the 1M-record bench (docs/library.md).
 */
const CACHE_KIB = 262_144;

/**
 * The `LibraryStats` id that marks the sync writer's transaction: while a row of this id exists, the Evidence triggers
 * leave the full-text index, the record count and the entity dictionary to the writer (migration
 * 20261128000100_library_sync_writer), which keeps them from values the parse worker prepared instead of from the
 * JSON columns (a third of the writer's time per record), and writes the full-text entries after the rows (see
 * LibraryIndexChanges). The writer adds the row at the start of each transaction and deletes it before committing,
 * so no other connection ever sees it and every other write path keeps the triggers.
 */
const WRITER_MARK = 0;
const TITLE = EVIDENCE_COLUMNS.indexOf("title");
const ABSTRACT = EVIDENCE_COLUMNS.indexOf("abstract");
const PREPRINT = EVIDENCE_COLUMNS.indexOf("preprint");

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
  const insert = db.prepare(
    `INSERT INTO "Evidence" (${columns}, "inLibrary", "createdAt", "updatedAt") VALUES ` +
      `(${EVIDENCE_COLUMNS.map(() => "?").join(", ")}, 1, ?, ?)`,
  );
  const update = db.prepare(
    `UPDATE "Evidence" SET ${EVIDENCE_COLUMNS.filter((c) => c !== "id")
      .map((c) => `"${c}" = ?`)
      .join(", ")}, "inLibrary" = 1, "updatedAt" = ? WHERE "id" = ?`,
  );
  // The stored version of a record: the row of its evidence key, else of its PMID, else of its DOI (library:import's
  // order), in one statement.
  const stored = db.prepare(
    `SELECT *, "rowid" AS "_rowid" FROM "Evidence" WHERE "id" = ?
     UNION ALL SELECT * FROM (SELECT *, "rowid" AS "_rowid" FROM "Evidence" WHERE "pmid" = ? LIMIT 1)
     UNION ALL SELECT * FROM (SELECT *, "rowid" AS "_rowid" FROM "Evidence" WHERE "doi" = ? LIMIT 1)
     LIMIT 1`,
  );
  const byId = db.prepare(`SELECT "rowid" AS "_rowid", "inLibrary", "entities" FROM "Evidence" WHERE "id" = ?`);
  const isCited = db.prepare(`SELECT 1 FROM "RunEvidence" WHERE "evidenceId" = ? LIMIT 1`);
  const remove = db.prepare(`DELETE FROM "Evidence" WHERE "id" = ?`);
  const leaveLibrary = db.prepare(`UPDATE "Evidence" SET "inLibrary" = 0, "updatedAt" = ? WHERE "id" = ?`);
  const ftsInsert = db.prepare(
    `INSERT INTO "EvidenceFts" ("rowid", "title", "abstract", "terms", "facets") VALUES (?, ?, ?, ?, ?)`,
  );
  const ftsDelete = db.prepare(`DELETE FROM "EvidenceFts" WHERE "rowid" = ?`);
  const addRecords = db.prepare(`UPDATE "LibraryStats" SET "records" = "records" + ? WHERE "id" = 1`);
  const upsertEntity = db.prepare(
    `INSERT INTO "LibraryEntity" ("type", "key", "name", "meshId", "records") VALUES (?, ?, ?, ?, ?)
     ON CONFLICT ("type", "key") DO UPDATE SET "records" = "records" + excluded."records"`,
  );
  const updateEntity = db.prepare(
    `UPDATE "LibraryEntity" SET "records" = "records" + ? WHERE "type" = ? AND "key" = ?`,
  );
  const markWriter = db.prepare(`INSERT INTO "LibraryStats" ("id", "records") VALUES (${WRITER_MARK}, 0)`);
  const unmarkWriter = db.prepare(`DELETE FROM "LibraryStats" WHERE "id" = ${WRITER_MARK}`);
  const saveCheckpoint = db.prepare(
    `UPDATE "LibrarySyncFile" SET "items" = ?, "records" = "records" + ?, "deleted" = "deleted" + ?,
       "failed" = "failed" + ?, "status" = ?, "finishedAt" = ? WHERE "name" = ?`,
  );

  // better-sqlite3 binds no booleans: SQLite stores them as 0/1, as Prisma does.
  const bindable = (values: ColumnValue[]) => {
    values[PREPRINT] = values[PREPRINT] ? 1 : 0;
    return values;
  };
  /** The dictionary entities of a stored row in the library (null: not in the library). */
  const libraryEntities = (row: Record<string, unknown>) =>
    row.inLibrary === 1 ? dictionaryEntities(JSON.parse(String(row.entities)) as Entity[]) : null;

  const apply = db.transaction((batch: LibraryBatch, merge: MergeStored): BatchOutcome => {
    const outcome: BatchOutcome = { created: 0, updated: 0, unchanged: 0, deleted: 0, missing: 0 };
    const now = sqliteTimestamp();
    const changes = new LibraryIndexChanges();
    markWriter.run();
    for (const record of batch.records) {
      const row = stored.get(record.id, record.pmid, record.doi) as
        (Record<string, unknown> & { _rowid: number }) | undefined;
      const v = record.values;
      if (!row) {
        const rowid = Number(insert.run(...bindable(v), now, now).lastInsertRowid);
        changes.change(rowid, null, {
          entities: record.entities,
          entry: { title: String(v[TITLE]), abstract: String(v[ABSTRACT]), terms: record.terms, facets: record.facets },
        });
        outcome.created++;
        continue;
      }
      const before = rawRowToEvidence(row);
      const merged = merge(columnValuesToEvidence(v), before);
      if (row.inLibrary === 1 && JSON.stringify(evidenceSchema.parse(merged)) === JSON.stringify(before)) {
        outcome.unchanged++;
        continue;
      }
      const [, ...rest] = bindable(evidenceColumnValues(merged, String(row.id)));
      update.run(...rest, now, row.id);
      changes.change(row._rowid, libraryEntities(row), {
        entities: dictionaryEntities(merged.entities),
        entry: {
          title: merged.citation.title,
          abstract: merged.citation.abstract,
          terms: ftsTerms(merged),
          facets: ftsFacets(merged),
        },
      });
      outcome.updated++;
    }
    for (const pmid of batch.deletes) {
      const id = `pmid:${pmid}`;
      const row = byId.get(id) as { _rowid: number; inLibrary: number; entities: string } | undefined;
      if (!row || row.inLibrary !== 1) {
        outcome.missing++;
        continue;
      }
      // A record a run cites keeps its row (its report keeps the reference) and only leaves the library.
      if (isCited.get(id)) leaveLibrary.run(now, id);
      else remove.run(id);
      changes.change(row._rowid, libraryEntities(row), null);
      outcome.deleted++;
    }
    // The index after the rows, in rowid order (LibraryIndexChanges), then the count and the dictionary.
    for (const op of changes.ftsOperations()) {
      if (op.remove) ftsDelete.run(op.rowid);
      if (op.entry) ftsInsert.run(op.rowid, op.entry.title, op.entry.abstract, op.entry.terms, op.entry.facets);
    }
    if (changes.records) addRecords.run(changes.records);
    const dictionary = changes.dictionary();
    for (const e of dictionary.upsert) upsertEntity.run(e.type, e.key, e.name, e.meshId, e.records);
    for (const e of dictionary.update) updateEntity.run(e.records, e.type, e.key);
    unmarkWriter.run();
    saveCheckpoint.run(
      batch.items,
      outcome.created + outcome.updated,
      outcome.deleted,
      batch.failed,
      batch.last ? "applied" : "applying",
      batch.last ? now : null,
      batch.file,
    );
    return outcome;
  });

  return {
    kind: "sqlite",
    async fileStates() {
      return (
        db
          .prepare(`SELECT "name", "bytes", "status", "items", "records", "deleted", "failed" FROM "LibrarySyncFile"`)
          .all() as SyncFileState[]
      ).map((s) => ({
        ...s,
        bytes: Number(s.bytes),
      }));
    },
    async startFile(name, bytes, restart) {
      const reset = restart
        ? `, "items" = 0, "records" = 0, "deleted" = 0, "failed" = 0, "startedAt" = excluded."startedAt"`
        : "";
      db.prepare(
        `INSERT INTO "LibrarySyncFile" ("name", "bytes", "status", "startedAt") VALUES (?, ?, 'applying', ?)
         ON CONFLICT ("name") DO UPDATE SET "bytes" = excluded."bytes", "status" = 'applying', "finishedAt" = NULL
         ${reset}`,
      ).run(name, bytes, sqliteTimestamp());
    },
    async applyBatch(batch, merge) {
      return apply.immediate(batch, merge);
    },
    async libraryRecords() {
      return (
        (db.prepare(`SELECT "records" FROM "LibraryStats" WHERE "id" = 1`).get() as { records: number } | undefined)
          ?.records ?? 0
      );
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
