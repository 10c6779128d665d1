import "server-only";
import crypto from "node:crypto";
import Database from "better-sqlite3";
import { sqliteFilePath } from "./client";
import type { ArticleStore } from "./article-store-contract";
import { rowToPassage, type StoredFullText } from "./full-texts";
import { EVIDENCE_COLUMNS, evidenceColumnValues } from "./library-columns";
import { rawRowToEvidence, sqliteTimestamp } from "./library-rows";
import type { Evidence } from "@/lib/domain/evidence";
import { licenceSchema, type FullTextFormat, type FullTextOrigin } from "@/lib/domain/fulltext";

const PREPRINT = EVIDENCE_COLUMNS.indexOf("preprint");
/**
 * The `LibraryStats` id that marks this store's transaction: while it exists, the Passage insert trigger leaves the
 * passages' full-text entries to the store (migration 20261128000200_fulltext_passages).
 */
const PASSAGE_WRITER_MARK = -1;

/** The raw SQLite article store: its transaction runner and its connection's end. */
export interface SqliteArticleStore {
  /** Runs `work` in one IMMEDIATE transaction of this connection (no other code uses it meanwhile). */
  transaction<T>(work: (store: ArticleStore) => Promise<T>): Promise<T>;
  close(): void;
}

/**
 * An article store on a connection of its own (better-sqlite3, WAL, synchronous NORMAL as the library writer's, a
 * 30 s busy timeout), with prepared statements for what storing an article reads and writes (see ArticleStore). The
 * triggers keep the library's index and counters, as for any other write; the passages' full-text entries of a
 * transaction are written in one statement before it commits (one FTS5 segment for the batch, not one per passage).
 */
export function openSqliteArticleStore(url: string): SqliteArticleStore {
  const db = new Database(sqliteFilePath(url));
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("busy_timeout = 30000");
  const sameRecord = db.prepare(
    `SELECT * FROM "Evidence" WHERE "id" = ?
     UNION ALL SELECT * FROM (SELECT * FROM "Evidence" WHERE "pmid" = ? LIMIT 1)
     UNION ALL SELECT * FROM (SELECT * FROM "Evidence" WHERE "nctId" = ? LIMIT 1)
     UNION ALL SELECT * FROM (SELECT * FROM "Evidence" WHERE "pmcid" = ? LIMIT 1)
     UNION ALL SELECT * FROM (SELECT * FROM "Evidence" WHERE "doi" = ? LIMIT 1)
     LIMIT 1`,
  );
  const columns = EVIDENCE_COLUMNS.map((c) => `"${c}"`).join(", ");
  const insertRecord = db.prepare(
    `INSERT INTO "Evidence" (${columns}, "inLibrary", "createdAt", "updatedAt")
     VALUES (${EVIDENCE_COLUMNS.map(() => "?").join(", ")}, ?, ?, ?)`,
  );
  const mergeRecord = db.prepare(
    `UPDATE "Evidence" SET "pmid" = coalesce("pmid", ?), "pmcid" = coalesce("pmcid", ?), "doi" = coalesce("doi", ?),
       "inLibrary" = max("inLibrary", ?), "updatedAt" = ? WHERE "id" = ?`,
  );
  const fullTextOf = db.prepare(
    `SELECT * FROM "FullText" WHERE "evidenceId" = ? AND "ownerId" IS ? ORDER BY "createdAt" DESC LIMIT 1`,
  );
  const passagesOf = db.prepare(`SELECT * FROM "Passage" WHERE "fullTextId" = ? ORDER BY "ordinal"`);
  const deleteFullText = db.prepare(`DELETE FROM "FullText" WHERE "evidenceId" = ? AND "ownerId" IS ?`);
  const insertFullText = db.prepare(
    `INSERT INTO "FullText" ("id", "evidenceId", "ownerId", "origin", "format", "licence", "pages", "createdAt")
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertPassage = db.prepare(
    `INSERT INTO "Passage" ("fullTextId", "ordinal", "passageId", "evidenceId", "ownerId", "section", "sectionType",
       "page", "kind", "text") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const markWriter = db.prepare(`INSERT INTO "LibraryStats" ("id", "records") VALUES (${PASSAGE_WRITER_MARK}, 0)`);
  const unmarkWriter = db.prepare(`DELETE FROM "LibraryStats" WHERE "id" = ${PASSAGE_WRITER_MARK}`);
  const indexPassages = db.prepare(
    `INSERT INTO "PassageFts" ("rowid", "text", "section", "scope")
     SELECT "rowid", "text", coalesce("section", ''),
            CASE WHEN "ownerId" IS NULL THEN 'public' ELSE 'owner' || hex("ownerId") END
     FROM "Passage" WHERE "rowid" IN (SELECT value FROM json_each(?))`,
  );
  /** Rowids of the passages this transaction inserted, indexed in one statement before it commits. */
  let inserted: number[] = [];
  const find = (e: Evidence) =>
    sameRecord.get(e.id, e.citation.pmid, e.citation.nctId, e.citation.pmcid, e.citation.doi) as
      Record<string, unknown> | undefined;

  const store: ArticleStore = {
    async findSame(record) {
      const row = find(record);
      return row ? rawRowToEvidence(row) : null;
    },
    async saveRecord(record, inLibrary) {
      const now = sqliteTimestamp();
      const row = find(record);
      if (row) {
        const c = record.citation;
        mergeRecord.run(c.pmid, c.pmcid, c.doi, inLibrary ? 1 : 0, now, row.id);
        return;
      }
      const values = evidenceColumnValues(record, record.id);
      values[PREPRINT] = values[PREPRINT] ? 1 : 0; // better-sqlite3 binds no booleans
      insertRecord.run(...values, inLibrary ? 1 : 0, now, now);
    },
    async storedFullText(evidenceId, ownerId): Promise<StoredFullText | null> {
      const row = fullTextOf.get(evidenceId, ownerId) as Record<string, unknown> | undefined;
      if (!row) return null;
      const passages = passagesOf.all(row.id) as Array<Parameters<typeof rowToPassage>[0]>;
      return {
        id: String(row.id),
        createdAt: new Date(String(row.createdAt)),
        evidenceId,
        ownerId,
        origin: row.origin as FullTextOrigin,
        format: row.format as FullTextFormat,
        licence: licenceSchema.parse(JSON.parse(String(row.licence))),
        pages: row.pages === null ? null : Number(row.pages),
        passages: passages.map(rowToPassage),
      };
    },
    async saveFullText(text) {
      const id = crypto.randomUUID();
      deleteFullText.run(text.evidenceId, text.ownerId);
      insertFullText.run(
        id,
        text.evidenceId,
        text.ownerId,
        text.origin,
        text.format,
        JSON.stringify(text.licence),
        text.pages,
        sqliteTimestamp(),
      );
      text.passages.forEach((p, ordinal) => {
        const row = insertPassage.run(
          id,
          ordinal,
          p.id,
          text.evidenceId,
          text.ownerId,
          p.section,
          p.sectionType,
          p.page,
          p.kind,
          p.text,
        );
        inserted.push(Number(row.lastInsertRowid));
      });
      return id;
    },
  };

  return {
    async transaction(work) {
      db.exec("BEGIN IMMEDIATE");
      inserted = [];
      try {
        markWriter.run();
        const result = await work(store);
        // Passages inserted and deleted again within the batch are no longer there, so are not indexed.
        indexPassages.run(JSON.stringify(inserted));
        unmarkWriter.run();
        db.exec("COMMIT");
        return result;
      } catch (error) {
        db.exec("ROLLBACK");
        throw error;
      }
    },
    close: () => db.close(),
  };
}
