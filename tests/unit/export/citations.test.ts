import fs from "node:fs";
import path from "node:path";
import { Cite } from "@citation-js/core";
import { describe, expect, it } from "vitest";
import type { Reference } from "@/lib/domain/report";
import { authorToCsl, citationKey, referencesToBibtex, referencesToRis } from "@/lib/report/render/citations";
import { referenceFromEvidence } from "@/lib/grounding/references";
import { parseCtgovStudies } from "@/lib/sources/parse/ctgov";
import { parsePubmedXml } from "@/lib/sources/parse/pubmed-xml";
import { FIXTURES } from "../../support/temp-database";

// Real records: 25 PubMed efetch records and one ClinicalTrials.gov study, numbered as a report numbers them.
const pubmed = parsePubmedXml(
  fs.readFileSync(path.join(FIXTURES, "pubmed/efetch_pharmacology_25records_ASSEMBLED.xml"), "utf8"),
);
const trial = parseCtgovStudies(
  JSON.parse(
    fs.readFileSync(path.join(FIXTURES, "ctgov/study_v2_full_NCT02210780_dupilumab_phase2_with_results.json"), "utf8"),
  ),
);
const references: Reference[] = [...pubmed, ...trial].map((e, i) => referenceFromEvidence(e, i + 1));

describe("BibTeX export", () => {
  const bib = referencesToBibtex(references);

  it("writes one entry per reference, with unique keys, that Citation.js parses back to the same records", () => {
    expect(references).toHaveLength(26);
    const keys = [...bib.matchAll(/^@(\w+)\{([^,]+),$/gm)].map((m) => m[2]);
    expect(keys).toHaveLength(26);
    expect(new Set(keys).size).toBe(26);
    const parsed = new Cite(bib).data;
    expect(parsed).toHaveLength(26);
    expect(parsed.map((p) => p.DOI ?? null)).toEqual(references.map((r) => r.doi));
  });

  it("writes authors, journal, year, DOI, PMID and URL of a PubMed record", () => {
    expect(bib.split("\n\n")[0].split("@article{Okamoto")[0]).toBe(
      [
        "@article{Borodina2020_pmid32051057,",
        "\tauthor = {Borodina, I. and Kenny, L. C. and McCarthy, C. M. and Paramasivan, K. and Pretorius, E. " +
          "and Roberts, T. J. and van der Hoek, S. A. and Kell, D. B.},",
        "\tjournal = {Nutrition research reviews},",
        "\tdoi = {10.1017/S0954422419000301},",
        "\tyear = {2020},",
        "\tnote = {PMID: 32051057},",
        "\ttitle = {The biology of ergothioneine, an antioxidant nutraceutical.},",
        "\turl = {https://pubmed.ncbi.nlm.nih.gov/32051057/},",
        "\thowpublished = {https://pubmed.ncbi.nlm.nih.gov/32051057/},",
        "}",
        "",
      ].join("\n"),
    );
  });

  it("writes a trial registration as @misc with its NCT ID", () => {
    const entry = bib.slice(bib.indexOf("@misc{"));
    expect(entry.split("\n").slice(0, 3)).toEqual([
      "@misc{Study2014_NCT02210780,",
      "\tyear = {2014},",
      "\tnote = {ClinicalTrials.gov: NCT02210780},",
    ]);
  });

  it("escapes TeX specials, so a hostile title stays inside its one entry", () => {
    const hostile = { ...references[0], title: "Evil} @misc{injected, title={x} \\end" };
    const out = referencesToBibtex([hostile]);
    expect(out.match(/^@/gm)).toHaveLength(1);
    expect(new Cite(out).data.map((d) => d.title)).toEqual(["Evil} @misc{injected, title={x} \\end"]);
  });

  it("is empty for a report without references", () => {
    expect(referencesToBibtex([])).toBe("");
  });
});

describe("RIS export", () => {
  const ris = referencesToRis(references);

  it("writes one TY … ER record per reference, one field per line, that Citation.js parses back", () => {
    expect(ris.match(/^TY {2}- /gm)).toHaveLength(26);
    expect(ris.match(/^ER {2}- $/gm)).toHaveLength(26);
    for (const line of ris.replace(/\n$/, "").split("\n")) expect(line).toMatch(/^[A-Z][A-Z0-9] {2}- /);
    const parsed = new Cite(ris).data;
    expect(parsed.map((p) => p.title)).toEqual(references.map((r) => r.title));
  });

  it("keeps a long title on one line (Citation.js wraps at 70 characters)", () => {
    expect(ris).toContain(
      "\nTI  - Pharmacokinetics of trastuzumab deruxtecan (T-DXd), a novel anti-HER2 antibody-drug conjugate, " +
        "in HER2-positive tumour-bearing mice.\n",
    );
    expect(ris).toContain("\nDO  - 10.1080/00498254.2020.1755909\n");
    expect(ris).toContain("\nN1  - PMID: 32306807\n");
  });

  it("cannot be split into extra records by line breaks in a title", () => {
    const hostile = { ...references[0], title: "Title\nER  - \nTY  - JOUR\nTI  - injected" };
    expect(referencesToRis([hostile]).match(/^TY {2}- /gm)).toHaveLength(1);
  });
});

describe("names and keys", () => {
  it("reads MEDLINE author names, comma names and collective names", () => {
    expect(authorToCsl("van der Hoek SA")).toEqual({ family: "van der Hoek", given: "S. A." });
    expect(authorToCsl("Smith, John")).toEqual({ family: "Smith", given: "John" });
    expect(authorToCsl("WHO Study Group on Lithium")).toEqual({ literal: "WHO Study Group on Lithium" });
  });

  it("builds keys from the first author, year and identifier, falling back to the title and number", () => {
    expect(citationKey(references[5])).toBe("MartinezCajas2022_pmid35067114");
    expect(citationKey({ ...references[0], authors: [], year: null, pmid: null, nctId: null, n: 7 })).toBe("The_ref7");
  });
});
