import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { create as createTar } from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { countLibraryRecords } from "@/lib/db/evidence";
import { readFullTexts } from "@/lib/db/full-texts";
import { searchPassages } from "@/lib/db/passage-search";
import { formatFileReport, importFile } from "@/lib/library/import";
import { parseJats } from "@/lib/sources/parse/jats";
import { europePmcSearchOf } from "@/tests/support/europepmc-results";
import { fixturePath, readFixture } from "@/tests/support/fixtures";
import { buildPdf, scannedPage } from "@/tests/support/pdf-files";
import { useTempDatabase } from "@/tests/support/temp-database";

// Expected values were read from the fixture files, not from the importer.

let dir: string;
const temp = (name: string, content: string | Uint8Array) => {
  const file = path.join(dir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return file;
};

describe("library import of full texts (JATS, PDF, PMC OA archives)", () => {
  let cleanup: () => void;
  beforeAll(async () => {
    ({ cleanup } = await useTempDatabase("import-articles"));
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "critica-articles-"));
  });
  afterAll(() => {
    cleanup();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("a JATS article matches its stored record by PMCID and gives it its full text", async () => {
    // The Europe PMC search result of the same article first: a record with PMID, PMCID and DOI.
    const search = temp("search.json", JSON.stringify(europePmcSearchOf(["PMC4738914"])));
    expect((await importFile(search)).imported).toBe(1);
    const report = await importFile(fixturePath("fulltext/europepmc/PMC4738914.fullTextXML.xml"));
    expect([report.format, report.imported, report.updated, report.skipped, report.failed, report.error]).toEqual([
      "jats",
      0,
      1,
      0,
      0,
      null,
    ]);
    const stored = (await readFullTexts(["pmid:26884767"], null)).get("pmid:26884767")!;
    const parsed = parseJats(readFixture("fulltext/europepmc/PMC4738914.fullTextXML.xml"));
    expect([stored.origin, stored.format, stored.ownerId, stored.licence.name]).toEqual([
      "library",
      "jats",
      null,
      "CC BY",
    ]);
    expect(stored.passages.map((p) => p.id)).toEqual(parsed.passages.map((p) => p.id));
    expect(stored.passages[0].id).toBe("PMC4738914·case-report·1");
    expect(await countLibraryRecords()).toBe(1);
  });

  it("a JATS article without a stored record becomes its own record; importing it again changes nothing", async () => {
    const file = fixturePath("fulltext/europepmc/PMC4745305.fullTextXML.xml");
    const first = await importFile(file);
    expect([first.imported, first.updated, first.skipped]).toEqual([1, 0, 0]);
    const row = await getDb().evidence.findUniqueOrThrow({ where: { id: "pmcid:PMC4745305" } });
    expect([row.title, row.doi, row.year, row.inLibrary, row.source]).toEqual([
      "Concomitant Use of Topiramate Inducing Neutropenia in a Schizophrenic Male Stabilized on Clozapine",
      "10.1155/2016/6086839",
      2016,
      true,
      "local",
    ]);
    expect(JSON.parse(JSON.stringify(row.publicationTypes))).toEqual(["Case Reports"]);
    const again = await importFile(file);
    expect([again.imported, again.updated, again.skipped, again.skips]).toEqual([
      0,
      0,
      1,
      ["pmcid:PMC4745305: unchanged"],
    ]);
  });

  it("a PDF matches the record by its DOI; a stored JATS full text is kept over it", async () => {
    const report = await importFile(fixturePath("fulltext/pdf/PMC4745305.pdf"));
    expect([report.format, report.skipped, report.skips]).toEqual([
      "pdf",
      1,
      ["pmcid:PMC4745305: its JATS full text is kept"],
    ]);
    const pdfOnly = await importFile(fixturePath("fulltext/pdf/PMC4736379.pdf"));
    expect([pdfOnly.imported, pdfOnly.error]).toEqual([1, null]);
    const text = (await readFullTexts(["doi:10.1155/2016/8419304"], null)).get("doi:10.1155/2016/8419304")!;
    expect([text.format, text.pages, text.passages[0].id]).toEqual(["pdf", 5, "doi:10.1155/2016/8419304·page1·1"]);
  });

  it("passages are searchable: the full-text index finds a dose only the body states", async () => {
    const hits = await searchPassages("levofloxacin 500 mg daily", 3, { owner: null });
    expect(hits[0]).toMatchObject({ evidenceId: "pmid:26884767" });
    expect(hits[0].passage.id).toBe("PMC4738914·case-report·1");
    expect(hits[0].passage.text).toContain("switched to oral levofloxacin, 500 mg daily");
    // An owner's scope alone finds nothing here: no paper was uploaded.
    expect(await searchPassages("levofloxacin", 3, { owner: "someone", only: true })).toEqual([]);
  });

  it("a PMC OA archive: each JATS member imported, a malformed one failing alone with its reason", async () => {
    const members = path.join(dir, "oa");
    fs.mkdirSync(path.join(members, "PMC1"), { recursive: true });
    fs.mkdirSync(path.join(members, "PMC2"), { recursive: true });
    fs.copyFileSync(fixturePath("fulltext/jats/pone.0046493.nxml"), path.join(members, "PMC1/pone.0046493.nxml"));
    fs.writeFileSync(path.join(members, "PMC1/figure.jpg"), "not read");
    fs.writeFileSync(
      path.join(members, "PMC2/broken.nxml"),
      readFixture("fulltext/jats/pntd.0002065.nxml").slice(0, 2000),
    );
    fs.copyFileSync(fixturePath("fulltext/jats/elife-56337.nxml"), path.join(members, "PMC2/elife-56337.nxml"));
    const archive = path.join(dir, "oa_comm_xml.sample.tar.gz");
    await createTar({ gzip: true, file: archive, cwd: members }, ["PMC1", "PMC2"]);
    const report = await importFile(archive);
    expect([report.format, report.imported, report.failed, report.error]).toEqual(["jats-archive", 2, 1, null]);
    expect(report.failures).toEqual([
      expect.stringMatching(/^PMC2\/broken\.nxml: malformed XML: .*\(line \d+, column \d+\)$/),
    ]);
    expect(formatFileReport(report)).toMatch(
      /^oa_comm_xml\.sample\.tar\.gz \(jats-archive\): 2 imported, 0 updated, 0 skipped, 1 failed/,
    );
    expect(await getDb().fullText.count({ where: { evidenceId: { in: ["pmid:23029536", "pmid:32479262"] } } })).toBe(2);
  });

  it("an archive's passages are searchable like a single file's (the batch writes its full-text entries)", async () => {
    // pone.0046493, Methods: "… 3 mg/mL β-Cyclodextrine (β-CD). The formation of the β-CD/free punicic acid
    // complex …"
    const hits = await searchPassages("punicic acid cyclodextrine", 3, { owner: null });
    expect(hits[0]).toMatchObject({ evidenceId: "pmid:23029536" });
    expect(hits[0].passage.text).toContain("3 mg/mL β-Cyclodextrine (β-CD)");
  });

  it("bad input: a clear message per file, and nothing else lost", async () => {
    const scanned = temp("scan.pdf", await buildPdf((doc) => scannedPage(doc)));
    const locked = temp("locked.pdf", await buildPdf((doc) => doc.text("Secret. ".repeat(300)), { userPassword: "x" }));
    const broken = temp("broken.nxml", readFixture("fulltext/jats/pntd.0008301.nxml").slice(0, 3000));
    const notArticle = temp("records.nxml", readFixture("pubmed/efetch_pubmed2_2records.xml"));
    const notTar = temp("fake.tar.gz", "plain text, not an archive");
    const before = await getDb().fullText.count();
    const lines = [];
    for (const file of [scanned, locked, broken, notArticle, notTar])
      lines.push(formatFileReport(await importFile(file)));
    expect(lines).toEqual([
      "scan.pdf: rejected, nothing imported (no text layer: scanned PDFs need OCR, which Critica does not do)",
      "locked.pdf: rejected, nothing imported (encrypted: the PDF needs a password to open)",
      expect.stringMatching(/^broken\.nxml: rejected, nothing imported \(malformed XML: .*\)$/),
      "records.nxml: rejected, nothing imported (not an article: the root element is <PubmedArticleSet>)",
      expect.stringMatching(/^fake\.tar\.gz: rejected, nothing imported \(not a tar archive: /),
    ]);
    expect(await getDb().fullText.count()).toBe(before);
  });

  it("a file over the size limit is refused as too large", async () => {
    process.env.CRITICA_MAX_PAPER_MB = "1";
    try {
      const report = await importFile(fixturePath("fulltext/pdf/PMC4737013.pdf"));
      expect(report.error).toBe("too large: 1.3 MB (the limit is 1 MB)");
    } finally {
      delete process.env.CRITICA_MAX_PAPER_MB;
    }
  });
});
