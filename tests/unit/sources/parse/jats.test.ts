import { describe, expect, it } from "vitest";
import { articleDocumentSchema } from "@/lib/domain/fulltext";
import { JatsFormatError, normalisePmcid, parseJats } from "@/lib/sources/parse/jats";
import { listFixtures, readFixture } from "@/tests/support/fixtures";

// Expected values were read from the fixture files (and their licences from SOURCES.md), not from this parser.

const JATS_FILES = [...listFixtures("fulltext/jats"), ...listFixtures("fulltext/europepmc")].filter((f) =>
  /\.(?:n?xml)$/.test(f),
);

/** The licence each file states, as SOURCES.md lists them (CC BY without a version where the file gives none). */
const LICENCES: Record<string, string> = {
  "pone.0046493.nxml": "CC BY",
  "ehp-116-1694.nxml": "public domain",
  "1472-6831-8-11.nxml": "CC BY 2.0",
  "pone.0000217.nxml": "CC BY",
  "pntd.0002065.nxml": "CC BY",
  "PMC5828200.nxml": "CC BY 3.0",
  "10_1002_mco2_70500.xml": "CC BY 4.0",
  "PMC13243813.xml": "CC BY 4.0",
  "PMC13254695.xml": "CC BY 4.0",
  "pntd.0008301.nxml": "CC0 1.0",
  "elife-56337.nxml": "CC0 1.0",
  "journal.pntd.0001041.xml": "CC BY",
  "journal.pone.0016976.xml": "CC BY",
  "journal.pmed.1000431.xml": "CC BY",
  "journal.pone.0026358.xml": "CC BY",
  "elife-32991-v2.xml": "CC BY 4.0",
};

describe("parseJats on every JATS file of the shared full texts", () => {
  it("finds the 21 files", () => expect(JATS_FILES).toHaveLength(21));

  it.each(JATS_FILES)("%s: a valid document with unique passage ids and its licence", (file) => {
    const doc = parseJats(readFixture(file));
    expect(articleDocumentSchema.parse(doc)).toEqual(doc);
    expect(doc.passages.length).toBeGreaterThan(10);
    expect(new Set(doc.passages.map((p) => p.id)).size).toBe(doc.passages.length);
    expect(doc.title.length).toBeGreaterThan(20);
    const name = file.split("/").pop()!;
    expect(doc.licence.name).toBe(LICENCES[name] ?? "CC BY");
    // No reference list and no MathML source leak into the passages.
    for (const p of doc.passages) expect(p.text).not.toMatch(/<mml:|\\documentclass|<\/?(?:italic|xref|sup)>/);
  });
});

describe("parseJats on a Europe PMC fullTextXML response (PMC4738914, a case report)", () => {
  const doc = parseJats(readFixture("fulltext/europepmc/PMC4738914.fullTextXML.xml"));

  it("reads the identifiers, bibliographic facts, abstract and licence", () => {
    expect({ pmid: doc.pmid, pmcid: doc.pmcid, doi: doc.doi }).toEqual({
      pmid: null,
      pmcid: "PMC4738914",
      doi: "10.1155/2016/2860645",
    });
    expect(doc.title).toBe(
      "Probable Levofloxacin-Induced Thrombocytopenia in a Patient Previously on Ciprofloxacin: " +
        "A Case Report and Literature Review",
    );
    expect(doc.authors).toEqual(["Landi AJ", "Burkes R"]);
    expect([doc.journal, doc.year, doc.articleType]).toEqual(["Case Reports in Medicine", 2016, "case-report"]);
    expect(doc.abstract).toMatch(/^Drug-induced thrombocytopenia is a poorly understood/);
    expect(doc.licence).toEqual({
      text:
        "This is an open access article distributed under the Creative Commons Attribution License, which permits " +
        "unrestricted use, distribution, and reproduction in any medium, provided the original work is properly cited.",
      url: null,
      name: "CC BY",
    });
  });

  it("reads the case's paragraphs with stable ids, the section heading and kind, and the doses in the text", () => {
    const [first, second] = doc.passages;
    expect(first).toMatchObject({
      id: "PMC4738914·case-report·1",
      section: "1. Case",
      sectionType: "case-report",
      page: null,
      kind: "paragraph",
    });
    expect(first.text).toContain(
      "initially treated with 400 mg of oral ciprofloxacin twice daily for three weeks. The patient developed " +
        "gastrointestinal intolerance and was switched to oral levofloxacin, 500 mg daily, one week prior to admission",
    );
    // A power of ten written <sup>9</sup> reads as 10^9, as the PDF's raised digits do.
    expect(second.text).toMatch(/^Laboratory results revealed a platelet count on admission of 128\.0 × 10\^9\/L/);
    expect(doc.passages.map((p) => p.id)).toContain("PMC4738914·discussion·1");
  });
});

describe("parseJats tables, floats and section kinds", () => {
  it("reads a table as its caption, header and rows, placed after the paragraph that first cites it", () => {
    const doc = parseJats(readFixture("fulltext/europepmc/PMC4736379.fullTextXML.xml"));
    const ids = doc.passages.map((p) => p.id);
    expect(ids.indexOf("PMC4736379·table1")).toBe(ids.indexOf("PMC4736379·results·1") + 1);
    const table = doc.passages.find((p) => p.id === "PMC4736379·table1")!;
    expect(table).toMatchObject({ kind: "table", section: "3. Results", sectionType: "results" });
    expect(table.text.split("\n").slice(0, 4)).toEqual([
      "Table 1: Comparison of patients <65 years and patients ≥65 years in regard to age, length of stay, " +
        "number of transfusion of packed erythrocytes, and number of comorbid illness.",
      " | Patients <65 years (n = 345) | Patients ≥65 years (n = 179) | p",
      " | Mean ± SD | Minimum | Maximum | Mean ± SD | Minimum | Maximum",
      "Age (years) | 42.83 ± 13.9 | 16 | 64 | 77.59 ± 7.70 | 65 | 97 | 0.0001",
    ]);
  });

  it("reads section kinds from headings that are not IMRaD", () => {
    const model = parseJats(readFixture("fulltext/jats/pone.0000217.nxml"));
    expect(model.passages.find((p) => p.section === "Model and Results")?.sectionType).toBe("results");
    const experimental = parseJats(readFixture("fulltext/jats/PMC13254695.xml"));
    const bySection = new Map(experimental.passages.map((p) => [p.section, p.sectionType]));
    expect(bySection.get("2.1 Chemicals and Sample Preparation")).toBe("methods");
    expect(bySection.get("3 Results and Discussion")).toBe("results");
    expect(experimental.passages.find((p) => p.section === "3 Results and Discussion")?.id).toBe(
      "PMC13254695·results·1",
    );
  });

  it("takes the licence of an NLM 2.3 file from its copyright statement", () => {
    const doc = parseJats(readFixture("fulltext/jats/pone.0000217.nxml"));
    expect(doc.licence.text).toMatch(/^Tenaillon et al\. This is an open-access article distributed under the terms/);
  });

  it("names passages of an article without a PMCID by its DOI's evidence key", () => {
    const doc = parseJats(readFixture("fulltext/jats/journal.pntd.0001041.xml"));
    expect([doc.pmid, doc.pmcid, doc.doi]).toEqual([null, null, "10.1371/journal.pntd.0001041"]);
    expect(doc.passages[0].id).toBe("doi:10.1371/journal.pntd.0001041·introduction·1");
  });
});

describe("parseJats refuses what is not a readable JATS article", () => {
  it("malformed XML, with where it stopped", () => {
    const xml = readFixture("fulltext/europepmc/PMC4738914.fullTextXML.xml");
    expect(() => parseJats(xml.slice(0, 5000))).toThrow(JatsFormatError);
    expect(() => parseJats("<article><front></article>")).toThrow(/^malformed XML: .*\(line 1, column \d+\)$/);
  });

  it("XML whose root is not <article>", () => {
    expect(() => parseJats(readFixture("pubmed/efetch_pubmed2_2records.xml"))).toThrow(
      "not a JATS article: the root element is <PubmedArticleSet>",
    );
  });

  it("normalises PMCIDs written with or without their prefix", () => {
    expect([normalisePmcid("4738914"), normalisePmcid("PMC13243813"), normalisePmcid("x12")]).toEqual([
      "PMC4738914",
      "PMC13243813",
      null,
    ]);
  });
});
