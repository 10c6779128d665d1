import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { rowToEvidence } from "@/lib/db/evidence";
import { importFile } from "@/lib/library/import";
import { parseRecords } from "@/lib/sources/parse/detect-format";
import { CORPUS, useTempDatabase } from "@/tests/support/temp-database";

const MEDLINE = path.join(CORPUS, "medline16n0902_sample_604.xml");

describe("a record described by a PubTator file and a MEDLINE file (years)", () => {
  let cleanup: () => void;
  let dir: string;
  beforeAll(async () => {
    ({ cleanup } = await useTempDatabase("merge-metadata"));
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "critica-merge-"));
  });
  afterAll(() => {
    cleanup();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it(
    "keeps the MEDLINE year, journal, authors and MeSH when the PubTator text of the same PMID is imported, and " +
      "adds its annotations",
    async () => {
      // The first MEDLINE record with a year, MeSH headings and an abstract, written as PubTator text (title, abstract
      // and one chemical mention), as BC5CDR distributes its records: no year, journal, authors or MeSH.
      const medline = parseRecords("medline-xml", fs.readFileSync(MEDLINE, "utf8"), "local").find(
        (e) => e.citation.year && e.citation.meshTerms.length > 0 && e.citation.abstract,
      )!;
      const c = medline.citation;
      const abstract = c.abstract.replace(/\s+/g, " ");
      const word = abstract.split(" ")[0];
      const pubtator =
        `${c.pmid}|t|${c.title}\n${c.pmid}|a|${abstract}\n` +
        `${c.pmid}\t${c.title.length + 1}\t${c.title.length + 1 + word.length}\t${word}\tChemical\tD000001\n\n`;
      const file = path.join(dir, "same-pmid.PubTator.txt");
      fs.writeFileSync(file, pubtator);

      expect((await importFile(MEDLINE)).imported).toBe(604);
      const report = await importFile(file);
      expect(report.error).toBeNull();
      expect([report.imported, report.updated, report.skipped, report.failed, report.failures]).toEqual([
        0,
        1,
        0,
        0,
        [],
      ]);
      const merged = rowToEvidence(await getDb().evidence.findUniqueOrThrow({ where: { id: medline.id } }));
      expect(merged.citation.year).toBe(c.year);
      expect(merged.citation.journal).toBe(c.journal);
      expect(merged.citation.authors).toEqual(c.authors);
      expect(merged.citation.meshTerms).toEqual(c.meshTerms);
      expect(merged.entities).toContainEqual({ name: word, type: "chemical", meshId: "D000001" });
      expect(merged.entities.length).toBe(medline.entities.length + 1);
      // Importing the PubTator file again changes nothing.
      expect((await importFile(file)).skipped).toBe(1);
    },
  );
});
