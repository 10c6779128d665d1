import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { countLibraryRecords, rowToEvidence } from "@/lib/db/evidence";
import { queryTerms, searchLibrary } from "@/lib/db/library";
import { searchSqlite } from "@/lib/db/library-search-sqlite";
import { loadLibraryEntities } from "@/lib/library/entity-dictionary";
import { syncLibrary, type SyncEvent } from "@/lib/library/sync";
import { SyncOrderError } from "@/lib/library/sync-files";
import { createLocalLibrarySource } from "@/lib/sources/local";
import { baselineFileName } from "@/bench/library/synthesize";
import { fixturePmid, writeSyncFixture } from "@/tests/support/pubmed-files";
import { useTempDatabase } from "@/tests/support/temp-database";

const PER_FILE = 150;

describe("library:sync of PubMed baseline and update files", () => {
  let cleanup: () => void;
  let fixture: ReturnType<typeof writeSyncFixture>;
  beforeAll(async () => {
    ({ cleanup } = await useTempDatabase("sync"));
    fixture = writeSyncFixture(PER_FILE);
  });
  afterAll(() => {
    cleanup();
    fs.rmSync(fixture.dir, { recursive: true, force: true });
  });

  it("applies the baseline, then the update's revisions and deletions, in file order", async () => {
    const events: SyncEvent[] = [];
    // The baseline first (the folder as it is before the update file is downloaded), then the update.
    const stage = fs.mkdtempSync(path.join(fixture.dir, "stage-"));
    for (const f of fixture.files.slice(0, 2))
      fs.copyFileSync(path.join(fixture.dir, f.name), path.join(stage, f.name));
    const first = await syncLibrary({ folder: stage, batchItems: 40, onEvent: (e) => events.push(e) });
    expect(first).toMatchObject({ files: 2, created: 2 * PER_FILE, libraryRecords: 2 * PER_FILE });
    // A record cited by a run before its deletion arrives: its row stays for the run's report, out of the library.
    const cited = fixture.deleted[0];
    await getDb().run.create({
      data: {
        id: "run-citing",
        question: "q",
        backend: "extractive",
        sources: ["local"],
        settings: {},
        maxIterations: 1,
      },
    });
    await getDb().runEvidence.create({
      data: { runId: "run-citing", evidenceId: cited, ordinal: 0, iteration: 1, relevance: 1 },
    });
    fs.copyFileSync(path.join(fixture.dir, fixture.files[2].name), path.join(stage, fixture.files[2].name));
    const summary = await syncLibrary({ folder: stage, batchItems: 40, onEvent: (e) => events.push(e) });
    expect(summary).toMatchObject({
      files: 1,
      records: 3,
      created: 0,
      updated: 3,
      unchanged: 0,
      deleted: 2,
      missing: 0,
      failed: 0,
      libraryRecords: 2 * PER_FILE - 2,
    });
    expect(
      events
        .filter((e) => e.type === "file-done")
        .map((e) => e.type === "file-done" && [e.file, e.items, e.created, e.updated, e.deleted]),
    ).toEqual([
      [baselineFileName(1), PER_FILE, PER_FILE, 0, 0],
      [baselineFileName(2), PER_FILE, PER_FILE, 0, 0],
      [baselineFileName(3), 5, 0, 3, 2],
    ]);
    const rows = await getDb().evidence.findMany({ where: { inLibrary: true } });
    expect(rows).toHaveLength(fixture.expected.size);
    for (const row of rows) expect(rowToEvidence(row), row.id).toEqual(fixture.expected.get(row.id));
    expect(
      await getDb().evidence.findMany({
        where: { id: { in: fixture.deleted } },
        select: { id: true, inLibrary: true },
      }),
    ).toEqual([{ id: cited, inLibrary: false }]);
  });

  it("keeps the library's count and entity dictionary in step (triggers), and finds records by filters", async () => {
    expect(await countLibraryRecords()).toBe(2 * PER_FILE - 2);
    // The dictionary equals a recount of the rows' chemicals (names in at least 2 records).
    const counts = new Map<string, number>();
    for (const record of fixture.expected.values()) {
      for (const key of new Set(record.entities.map((e) => `${e.type}|${e.name.toLowerCase()}`)))
        counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const dictionary = await loadLibraryEntities();
    expect(dictionary.map((e) => `${e.type}|${e.name.toLowerCase()}`).sort()).toEqual(
      [...counts]
        .filter(([, n]) => n >= 2)
        .map(([k]) => k)
        .sort(),
    );
    const revised = fixture.expected.get(`pmid:${fixturePmid(5)}`)!;
    const [hit] = await searchLibrary(revised.citation.title, 1);
    expect(hit.id).toBe(revised.id);
    const year = revised.citation.year!;
    const inYear = await searchLibrary(revised.citation.title, 50, { yearFrom: year, yearTo: year });
    expect(inYear.length).toBeGreaterThan(0);
    for (const h of inYear) expect(h.citation.year).toBe(year);
    const reviews = await searchLibrary("patients", 100, { publicationTypes: ["review"] });
    expect(reviews.length).toBeGreaterThan(0);
    for (const h of reviews) expect(h.citation.publicationTypes.map((t) => t.toLowerCase())).toContain("review");
    const humans = await searchLibrary("patients", 100, { mesh: ["Humans"] });
    expect(humans.length).toBeGreaterThan(0);
    for (const h of humans) expect(h.citation.meshTerms.map((m) => m.term)).toContain("Humans");
    // The local source reads the same filters from PubMed's field tags.
    const tagged = await createLocalLibrarySource().search(`patients AND Humans[mh] AND ${year}[dp]`, { limit: 100 });
    expect(tagged.length).toBeGreaterThan(0);
    for (const h of tagged)
      expect([h.citation.year, h.citation.meshTerms.some((m) => m.term === "Humans")]).toEqual([year, true]);
  });

  it("ranks the same best record when the library is searched as a large one (rare terms, then common)", async () => {
    const revised = fixture.expected.get(`pmid:${fixturePmid(PER_FILE + 5)}`)!;
    const terms = queryTerms(`${revised.citation.title} patients`);
    const exact = await searchSqlite(getDb(), terms, 10);
    // As if the library held a million records: terms are split by document frequency within the postings budget.
    const bounded = await searchSqlite(getDb(), terms, 10, undefined, 1_000_000);
    expect(bounded[0].id).toBe(revised.id);
    expect(exact[0].id).toBe(revised.id);
    expect(bounded).toHaveLength(10);
  });

  it("applies nothing twice: a second sync finds every file applied", async () => {
    const before = await getDb().evidence.findMany({ orderBy: { id: "asc" } });
    const summary = await syncLibrary({ folder: fixture.dir });
    expect([summary.files, summary.records, summary.libraryRecords]).toEqual([0, 0, 2 * PER_FILE - 2]);
    expect(await getDb().evidence.findMany({ orderBy: { id: "asc" } })).toEqual(before);
  });

  it("refuses a new file that sorts before an applied one", async () => {
    const early = path.join(fixture.dir, "pubmed25n0001.xml.gz");
    fs.copyFileSync(path.join(fixture.dir, baselineFileName(1)), early);
    await expect(syncLibrary({ folder: fixture.dir })).rejects.toThrow(SyncOrderError);
    await expect(syncLibrary({ folder: fixture.dir })).rejects.toThrow(
      /^pubmed25n0001\.xml\.gz sorts before pubmed26n0003\.xml\.gz, which is already applied/,
    );
    fs.rmSync(early);
  });
});
