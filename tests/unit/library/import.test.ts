import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { countLibraryRecords, rowToEvidence } from "@/lib/db/evidence";
import { searchLibrary } from "@/lib/db/library";
import { applyMigrations } from "@/lib/db/migrate";
import { expandPaths, importFile } from "@/lib/library/import";
import { CORPUS, FIXTURES, useTempDatabase } from "@/tests/support/temp-database";

const CORPUS_FILES = [
  path.join(CORPUS, "bc5cdr_pubtator/CDR_DevelopmentSet.PubTator.txt"),
  path.join(CORPUS, "bc5cdr_pubtator/CDR_TestSet.PubTator.txt"),
  path.join(CORPUS, "bc5cdr_pubtator/CDR_TrainingSet.PubTator.txt"),
  path.join(CORPUS, "medline16n0902_sample_604.xml"),
];

describe("library import of the shared corpus", () => {
  let cleanup: () => void;
  beforeAll(async () => {
    ({ cleanup } = await useTempDatabase("import"));
  });
  afterAll(() => cleanup());

  it("imports the BC5CDR PubTator files and the MEDLINE sample with exact counts", async () => {
    const reports = [];
    for (const file of CORPUS_FILES) reports.push(await importFile(file));
    expect(reports.map((r) => [r.format, r.imported, r.updated, r.skipped, r.failed, r.error])).toEqual([
      ["pubtator", 500, 0, 0, 0, null],
      ["pubtator", 500, 0, 0, 0, null],
      ["pubtator", 500, 0, 0, 0, null],
      ["medline-xml", 604, 0, 0, 0, null],
    ]);
    expect(await countLibraryRecords()).toBe(2104);
    const lithium = await getDb().evidence.findUniqueOrThrow({ where: { id: "pmid:9226773" } });
    expect(lithium.title).toBe("Persistent nephrogenic diabetes insipidus following lithium therapy.");
    expect(lithium.inLibrary).toBe(true);
    // A MEDLINE record keeps what a reference manager needs: Psychosomatics 2008;49(4):332-40, PMC4631030.
    const medline = rowToEvidence(await getDb().evidence.findUniqueOrThrow({ where: { id: "pmid:18621939" } }));
    expect(medline.citation).toMatchObject({
      journal: "Psychosomatics",
      journalAbbreviation: "Psychosomatics",
      year: 2008,
      volume: "49",
      issue: "4",
      pages: "332-40",
      pmcid: "PMC4631030",
    });
    // A PubTator record has none of them: read back without the fields, as it was parsed.
    expect(Object.keys(rowToEvidence(lithium).citation)).not.toContain("volume");
  });

  it("re-importing is idempotent: every record is skipped as unchanged", async () => {
    const again = [];
    for (const file of CORPUS_FILES) again.push(await importFile(file));
    expect(again.map((r) => [r.imported, r.updated, r.skipped, r.failed])).toEqual([
      [0, 0, 500, 0],
      [0, 0, 500, 0],
      [0, 0, 500, 0],
      [0, 0, 604, 0],
    ]);
    expect(again[0].skips[0]).toMatch(/^pmid:\d+: unchanged$/);
    expect(await countLibraryRecords()).toBe(2104);
    expect(await getDb().evidence.count()).toBe(2104);
  });

  it("the full-text index ranks records about the query first", async () => {
    const hits = await searchLibrary("lithium nephrogenic diabetes insipidus", 5);
    expect(hits).toHaveLength(5);
    for (const hit of hits) expect(`${hit.citation.title} ${hit.citation.abstract}`.toLowerCase()).toContain("lithium");
    expect(hits[0].relevance).toBe(1);
    expect(hits.map((h) => h.id)).toContain("pmid:9226773");
  });

  it("rejects a truncated XML file whole and imports nothing of it", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "critica-bad-"));
    const xml = fs.readFileSync(path.join(FIXTURES, "pubmed/efetch_pharmacology_25records_ASSEMBLED.xml"), "utf8");
    const bad = path.join(dir, "truncated.xml");
    fs.writeFileSync(bad, xml.slice(0, Math.floor(xml.length / 2)));
    const before = await getDb().evidence.count();
    const report = await importFile(bad);
    expect(report.error).toMatch(/^malformed pubmed-xml: /);
    expect([report.imported, report.updated, report.skipped]).toEqual([0, 0, 0]);
    expect(await getDb().evidence.count()).toBe(before);
    fs.rmSync(dir, { recursive: true });
  });

  it("imports a ClinicalTrials.gov file keyed by NCT ID and a PubMed efetch file keyed by PMID", async () => {
    const trials = await importFile(path.join(FIXTURES, "ctgov/studies_v2_full_drug_trials_4_ASSEMBLED.json"));
    expect([trials.format, trials.imported, trials.failed]).toEqual(["ctgov-json", 4, 0]);
    const pubmed = await importFile(path.join(FIXTURES, "pubmed/efetch_pharmacology_25records_ASSEMBLED.xml"));
    expect([pubmed.format, pubmed.imported + pubmed.updated, pubmed.failed]).toEqual(["pubmed-xml", 25, 0]);
    const trial = await getDb().evidence.findFirstOrThrow({ where: { nctId: { not: null } }, orderBy: { id: "asc" } });
    expect(trial.id).toBe(`nct:${trial.nctId}`);
  });

  it("applying migrations again changes nothing", async () => {
    expect(await applyMigrations()).toEqual({ applied: [] });
  });

  it("expands directories recursively in name order", () => {
    const files = expandPaths([path.join(CORPUS, "bc5cdr_pubtator")]).map((f) => path.basename(f));
    expect(files).toEqual([
      "CDR_DevelopmentSet.PubTator.txt",
      "CDR_TestSet.PubTator.txt",
      "CDR_TrainingSet.PubTator.txt",
      "README.txt",
    ]);
  });
});
