import "server-only";
import pg from "pg";
import {
  EVIDENCE_COLUMNS,
  JSON_COLUMNS,
  evidenceColumnValues,
  type ColumnValue,
  type LibraryRow,
} from "./library-columns";
import { columnValuesToEvidence, rawRowToEvidence } from "./library-rows";
import type { BatchOutcome, LibraryBatch, LibraryWriter, MergeStored, SyncFileState } from "./library-writer-types";
import { evidenceSchema } from "@/lib/domain/evidence";

/** Postgres types of EVIDENCE_COLUMNS for the unnest() of a batch (JSON columns travel as text, cast to jsonb). */
const ARRAY_TYPES: Record<(typeof EVIDENCE_COLUMNS)[number], string> = {
  id: "text",
  source: "text",
  pmid: "text",
  doi: "text",
  pmcid: "text",
  nctId: "text",
  title: "text",
  abstract: "text",
  authors: "text",
  journal: "text",
  year: "int",
  volume: "text",
  issue: "text",
  pages: "text",
  journalAbbrev: "text",
  url: "text",
  publicationTypes: "text",
  meshTerms: "text",
  entities: "text",
  preprint: "bool",
  trial: "text",
  provenance: "text",
};
const SEARCH_INDEX = "Evidence_searchVector_idx";
/** Memory of the GIN index build after a bulk load (session setting; Postgres' default is 64 MB). */
const INDEX_BUILD_MEMORY = "512MB";

const UPSERT = (() => {
  const cols = EVIDENCE_COLUMNS.map((c) => `"${c}"`).join(", ");
  const select = EVIDENCE_COLUMNS.map((c) => (JSON_COLUMNS.has(c) ? `t."${c}"::jsonb` : `t."${c}"`)).join(", ");
  const unnest = EVIDENCE_COLUMNS.map((c, i) => `$${i + 1}::${ARRAY_TYPES[c]}[]`).join(", ");
  const updates = EVIDENCE_COLUMNS.filter((c) => c !== "id")
    .map((c) => `"${c}" = EXCLUDED."${c}"`)
    .join(", ");
  return `INSERT INTO "Evidence" (${cols}, "inLibrary", "createdAt", "updatedAt")
    SELECT ${select}, true, now(), now() FROM unnest(${unnest}) AS t(${cols})
    ON CONFLICT ("id") DO UPDATE SET ${updates}, "inLibrary" = true, "updatedAt" = now()`;
})();

/**
 * The Postgres library writer (see LibraryWriter): one pg connection, a batch = one transaction of three statements
 * (look up stored rows, one INSERT … SELECT FROM unnest(…) ON CONFLICT for all its records, the deletions) plus the
 * checkpoint. synchronous_commit is off for this session: a crash of the server can lose the last commits, never
 * make them half-applied, and the checkpoint commits with them, so the next sync redoes exactly what was lost.
 */
export async function openPostgresLibraryWriter(url: string): Promise<LibraryWriter> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("SET synchronous_commit = off");
  // LZ4 instead of pglz for the values this session TOASTs (the tsvector, abstracts): several times cheaper to compress
  // and to decompress (searches read each candidate's tsvector). A server built without lz4 keeps its default.
  await client.query("SET default_toast_compression = 'lz4'").catch(() => undefined);

  async function storedRows(records: LibraryRow[]): Promise<Map<string, Record<string, unknown>>> {
    const ids = records.map((r) => r.id);
    const pmids = records.flatMap((r) => (r.pmid ? [r.pmid] : []));
    const dois = records.flatMap((r) => (r.doi ? [r.doi] : []));
    const { rows } = await client.query(
      `SELECT ${EVIDENCE_COLUMNS.map((c) => `"${c}"`).join(", ")}, "inLibrary" FROM "Evidence" WHERE "id" = ` +
        `ANY($1) OR "pmid" = ANY($2) OR "doi" = ANY($3)`,
      [ids, pmids, dois],
    );
    const byKey = new Map<string, Record<string, unknown>>();
    // Same precedence as the SQLite writer: evidence key, then PMID, then DOI.
    for (const row of rows) byKey.set(`id:${row.id}`, row);
    for (const row of rows) if (row.pmid && !byKey.has(`pmid:${row.pmid}`)) byKey.set(`pmid:${row.pmid}`, row);
    for (const row of rows) if (row.doi && !byKey.has(`doi:${row.doi}`)) byKey.set(`doi:${row.doi}`, row);
    return byKey;
  }

  async function apply(batch: LibraryBatch, merge: MergeStored): Promise<BatchOutcome> {
    const outcome: BatchOutcome = { created: 0, updated: 0, unchanged: 0, deleted: 0, missing: 0 };
    const stored = batch.records.length ? await storedRows(batch.records) : new Map();
    const values: unknown[][] = EVIDENCE_COLUMNS.map(() => []);
    const add = (row: ColumnValue[]) => row.forEach((v, i) => values[i].push(v));
    for (const record of batch.records) {
      const row =
        stored.get(`id:${record.id}`) ??
        (record.pmid ? stored.get(`pmid:${record.pmid}`) : undefined) ??
        (record.doi ? stored.get(`doi:${record.doi}`) : undefined);
      if (!row) {
        add(record.values);
        outcome.created++;
        continue;
      }
      const before = rawRowToEvidence(row);
      const merged = merge(columnValuesToEvidence(record.values), before);
      if (row.inLibrary === true && JSON.stringify(evidenceSchema.parse(merged)) === JSON.stringify(before)) {
        outcome.unchanged++;
        continue;
      }
      add(evidenceColumnValues(merged, String(row.id)));
      outcome.updated++;
    }
    if (values[0].length) await client.query(UPSERT, values);
    if (batch.deletes.length) {
      const ids = batch.deletes.map((pmid) => `pmid:${pmid}`);
      const removed = await client.query(
        `DELETE FROM "Evidence" e WHERE e."id" = ANY($1) AND e."inLibrary" AND NOT EXISTS (SELECT 1 FROM ` +
          `"RunEvidence" r WHERE r."evidenceId" = e."id")`,
        [ids],
      );
      const left = await client.query(
        `UPDATE "Evidence" SET "inLibrary" = false, "updatedAt" = now() WHERE "id" = ANY($1) AND "inLibrary"`,
        [ids],
      );
      outcome.deleted = (removed.rowCount ?? 0) + (left.rowCount ?? 0);
      outcome.missing = batch.deletes.length - outcome.deleted;
    }
    await client.query(
      `UPDATE "LibrarySyncFile" SET "items" = $1, "records" = "records" + $2, "deleted" = "deleted" + $3,
         "failed" = "failed" + $4, "status" = $5, "finishedAt" = CASE WHEN $6 THEN now() END WHERE "name" = $7`,
      [
        batch.items,
        outcome.created + outcome.updated,
        outcome.deleted,
        batch.failed,
        batch.last ? "applied" : "applying",
        batch.last,
        batch.file,
      ],
    );
    return outcome;
  }

  const libraryRecords = async () =>
    Number((await client.query(`SELECT "records" FROM "LibraryStats" WHERE "id" = 1`)).rows[0]?.records ?? 0);
  const indexExists = async () =>
    ((await client.query(`SELECT 1 FROM pg_indexes WHERE indexname = $1`, [SEARCH_INDEX])).rowCount ?? 0) > 0;

  return {
    kind: "postgres",
    async fileStates() {
      const { rows } = await client.query(
        `SELECT "name", "bytes", "status", "items", "records", "deleted", "failed" FROM "LibrarySyncFile"`,
      );
      return rows.map((r) => ({ ...r, bytes: Number(r.bytes) }) as SyncFileState);
    },
    async startFile(name, bytes, restart) {
      await client.query(
        `INSERT INTO "LibrarySyncFile" ("name", "bytes", "status") VALUES ($1, $2, 'applying')
         ON CONFLICT ("name") DO UPDATE SET "bytes" = EXCLUDED."bytes", "status" = 'applying', "finishedAt" = NULL
         ${restart ? `, "items" = 0, "records" = 0, "deleted" = 0, "failed" = 0, "startedAt" = now()` : ""}`,
        [name, bytes],
      );
    },
    async applyBatch(batch, merge) {
      await client.query("BEGIN");
      try {
        const outcome = await apply(batch, merge);
        await client.query("COMMIT");
        return outcome;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      }
    },
    libraryRecords,
    async beginBulkLoad(expectedRecords) {
      // Building a GIN index once is several times cheaper than maintaining it row by row (Postgres manual, "Populating
      // a Database", 14.4.3); worth it when the load at least doubles the library.
      const records = await libraryRecords();
      if (expectedRecords < Math.max(records, 50_000) || !(await indexExists())) return false;
      await client.query(`DROP INDEX IF EXISTS "${SEARCH_INDEX}"`);
      return true;
    },
    async finishBulkLoad() {
      if (await indexExists()) return false;
      await client.query(`SET maintenance_work_mem = '${INDEX_BUILD_MEMORY}'`);
      await client.query(`CREATE INDEX IF NOT EXISTS "${SEARCH_INDEX}" ON "Evidence" USING GIN ("searchVector")`);
      await client.query(`ANALYZE "Evidence"`);
      return true;
    },
    async databaseBytes() {
      return Number((await client.query(`SELECT pg_database_size(current_database()) AS n`)).rows[0].n);
    },
    async close() {
      await client.end();
    },
  };
}
