import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { saveEvidence } from "@/lib/db/evidence";
import { applyMigrations } from "@/lib/db/migrate";
import { EVIDENCE_COLUMNS } from "@/lib/db/library-columns";
import { syncLibrary } from "@/lib/library/sync";
import { fixturePmid, writeSyncFixture } from "@/tests/support/pubmed-files";
import { useTempDatabase } from "@/tests/support/temp-database";

const PER_FILE = 60;

/** Every token of the full-text index as "evidence id|column|term|offset", sorted (fts5vocab's instance table). */
function ftsInstances(db: Database.Database): string[] {
  db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp."vocab" USING fts5vocab(main, 'EvidenceFts', 'instance')`);
  const ids = new Map(
    (db.prepare(`SELECT "rowid" AS r, "id" FROM "Evidence"`).all() as Array<{ r: number; id: string }>).map((x) => [
      x.r,
      x.id,
    ]),
  );
  const rows = db.prepare(`SELECT "term", "doc", "col", "offset" FROM temp."vocab"`).all() as Array<{
    term: string;
    doc: number;
    col: string;
    offset: number;
  }>;
  return rows.map((r) => `${ids.get(r.doc) ?? `missing row ${r.doc}`}|${r.col}|${r.term}|${r.offset}`).sort();
}

function dictionary(db: Database.Database): string[] {
  return (
    db.prepare(`SELECT "type", "key", "records" FROM "LibraryEntity" WHERE "records" > 0`).all() as Array<
      Record<string, unknown>
    >
  )
    .map((e) => `${e.type}|${e.key}|${e.records}`)
    .sort();
}

const libraryCount = (db: Database.Database) =>
  (db.prepare(`SELECT "records" FROM "LibraryStats" WHERE "id" = 1`).get() as { records: number }).records;

describe("library:sync keeps the full-text index, count and dictionary as the Evidence triggers would", () => {
  let cleanup: () => void;
  let file: string;
  let fixture: ReturnType<typeof writeSyncFixture>;
  beforeAll(async () => {
    ({ cleanup, file } = await useTempDatabase("sync-index"));
    fixture = writeSyncFixture(PER_FILE);
  });
  afterAll(() => {
    cleanup();
    fs.rmSync(fixture.dir, { recursive: true, force: true });
  });

  it("after new records, revisions, deletions, a cited deletion and a run's record joining the library", async () => {
    // A record a run saved before the library had it (not in the library, an older title), and a run citing a record
    // the update file deletes (it stays as a row, out of the library).
    const early = fixture.expected.get(`pmid:${fixturePmid(3)}`)!;
    await saveEvidence({ ...early, citation: { ...early.citation, title: "An earlier title" } }, { inLibrary: false });
    const stage = fs.mkdtempSync(path.join(fixture.dir, "stage-"));
    for (const f of fixture.files.slice(0, 2))
      fs.copyFileSync(path.join(fixture.dir, f.name), path.join(stage, f.name));
    expect(await syncLibrary({ folder: stage, batchItems: 25 })).toMatchObject({
      created: 2 * PER_FILE - 1,
      updated: 1,
      libraryRecords: 2 * PER_FILE,
    });
    await getDb().run.create({
      data: {
        id: "run-index",
        question: "q",
        backend: "extractive",
        sources: ["local"],
        settings: {},
        maxIterations: 1,
      },
    });
    await getDb().runEvidence.create({
      data: { runId: "run-index", evidenceId: fixture.deleted[0], ordinal: 0, iteration: 1, relevance: 1 },
    });
    fs.copyFileSync(path.join(fixture.dir, fixture.files[2].name), path.join(stage, fixture.files[2].name));
    expect(await syncLibrary({ folder: stage, batchItems: 25 })).toMatchObject({
      updated: 3,
      deleted: 2,
      libraryRecords: 2 * PER_FILE - 2,
    });

    // The same rows written by plain inserts into a fresh database: the triggers build its index, count and dictionary.
    const rebuiltFile = path.join(path.dirname(file), "rebuilt.db");
    await applyMigrations({ url: `file:${rebuiltFile}` });
    const synced = new Database(file);
    const rebuilt = new Database(rebuiltFile);
    rebuilt.exec(`ATTACH DATABASE '${file}' AS "synced"`);
    const columns = [...EVIDENCE_COLUMNS, "inLibrary", "createdAt", "updatedAt"].map((c) => `"${c}"`).join(", ");
    rebuilt.exec(
      `INSERT INTO main."Evidence" ("rowid", ${columns}) SELECT "rowid", ${columns} FROM "synced"."Evidence" ` +
        `ORDER BY "rowid"`,
    );
    rebuilt.exec(`DETACH DATABASE "synced"`);

    expect(libraryCount(synced)).toBe(2 * PER_FILE - 2);
    expect(libraryCount(rebuilt)).toBe(2 * PER_FILE - 2);
    expect(dictionary(synced)).toEqual(dictionary(rebuilt));
    const instances = ftsInstances(synced);
    expect(instances.length).toBeGreaterThan(10_000);
    expect(instances).toEqual(ftsInstances(rebuilt));
    synced.close();
    rebuilt.close();
  });
});
