import fs from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { countLibraryRecords, rowToEvidence } from "@/lib/db/evidence";
import { queryTerms, searchLibrary } from "@/lib/db/library";
import { searchPostgres } from "@/lib/db/library-search-pg";
import { applyMigrations } from "@/lib/db/migrate";
import { loadLibraryEntities } from "@/lib/library/entity-dictionary";
import { syncLibrary } from "@/lib/library/sync";
import { fixturePmid, writeSyncFixture } from "@/tests/support/pubmed-files";

// The same sync on Postgres (the production database): unnest() batches, statement-level triggers for the count and
// the dictionary, the GIN index and the facets in the generated tsvector. Skipped without TEST_POSTGRES_URL.
const ADMIN_URL = process.env.TEST_POSTGRES_URL;
const DATABASE = `critica_unit_sync${process.env.TEST_POSTGRES_DB_SUFFIX ?? ""}`;
const PER_FILE = 120;

describe.skipIf(!ADMIN_URL)("library:sync on Postgres", () => {
  let fixture: ReturnType<typeof writeSyncFixture>;
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${DATABASE}`);
    await admin.end();
    const url = new URL(ADMIN_URL!);
    url.pathname = `/${DATABASE}`;
    process.env.DATABASE_URL = url.toString();
    await applyMigrations();
    fixture = writeSyncFixture(PER_FILE);
  });
  afterAll(async () => {
    await getDb().$disconnect();
    fs.rmSync(fixture.dir, { recursive: true, force: true });
  });

  it("applies baseline and update files with the same result as on SQLite", async () => {
    const summary = await syncLibrary({ folder: fixture.dir, batchItems: 50 });
    expect(summary).toMatchObject({
      files: 3,
      created: 2 * PER_FILE,
      updated: 3,
      deleted: 2,
      missing: 0,
      failed: 0,
      libraryRecords: 2 * PER_FILE - 2,
    });
    const rows = await getDb().evidence.findMany({ where: { inLibrary: true } });
    expect(rows).toHaveLength(fixture.expected.size);
    for (const row of rows) expect(rowToEvidence(row), row.id).toEqual(fixture.expected.get(row.id));
    expect(await countLibraryRecords()).toBe(fixture.expected.size);
    const counts = new Map<string, number>();
    for (const record of fixture.expected.values()) {
      for (const key of new Set(record.entities.map((e) => `${e.type}|${e.name.toLowerCase()}`)))
        counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect((await loadLibraryEntities()).map((e) => `${e.type}|${e.name.toLowerCase()}`).sort()).toEqual(
      [...counts]
        .filter(([, n]) => n >= 2)
        .map(([k]) => k)
        .sort(),
    );
  });

  it("searches with the GIN index and the facet filters", async () => {
    const revised = fixture.expected.get(`pmid:${fixturePmid(5)}`)!;
    const [hit] = await searchLibrary(revised.citation.title, 1);
    expect(hit.id).toBe(revised.id);
    const year = revised.citation.year!;
    const inYear = await searchLibrary(revised.citation.title, 50, { yearFrom: year, yearTo: year });
    expect(inYear.map((h) => h.id)).toContain(revised.id);
    for (const h of inYear) expect(h.citation.year).toBe(year);
    const trials = await searchLibrary("patients", 100, {
      publicationTypes: ["Randomized Controlled Trial", "clinical trial"],
    });
    for (const h of trials)
      expect(
        h.citation.publicationTypes.some((t) =>
          ["randomized controlled trial", "clinical trial"].includes(t.toLowerCase()),
        ),
      ).toBe(true);
    const humans = await searchLibrary("patients", 100, { mesh: ["humans"] });
    expect(humans.length).toBeGreaterThan(0);
    for (const h of humans) expect(h.citation.meshTerms.map((m) => m.term)).toContain("Humans");
  });

  it("ranks the same best record when the library is searched as a large one (all terms, then fewer)", async () => {
    const revised = fixture.expected.get(`pmid:${fixturePmid(PER_FILE + 5)}`)!;
    const terms = queryTerms(`${revised.citation.title} patients`);
    expect((await searchPostgres(getDb(), terms, 10))[0].id).toBe(revised.id);
    const bounded = await searchPostgres(getDb(), terms, 10, undefined, 1_000_000);
    expect(bounded[0].id).toBe(revised.id);
    expect(new Set(bounded.map((h) => h.id)).size).toBe(bounded.length);
  });

  it("a second sync applies nothing", async () => {
    const summary = await syncLibrary({ folder: fixture.dir });
    expect([summary.files, summary.records, summary.libraryRecords]).toEqual([0, 0, 2 * PER_FILE - 2]);
  });
});
