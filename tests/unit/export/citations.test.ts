import fs from "node:fs";
import path from "node:path";
import { Cite } from "@citation-js/core";
import { describe, expect, it } from "vitest";
import type { Reference } from "@/lib/domain/report";
import {
  authorToCsl,
  citationKey,
  citationText,
  referencesToBibtex,
  referencesToCslJson,
  referencesToRis,
} from "@/lib/report/render/citations";
import { completeReference, referenceFromEvidence } from "@/lib/grounding/references";
import { parseCtgovStudies } from "@/lib/sources/parse/ctgov";
import { parsePubmedXml } from "@/lib/sources/parse/pubmed-xml";
import { FIXTURES } from "@/tests/support/temp-database";

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

  it("writes authors, journal, volume, issue, pages, year, DOI, PMID and URL of a PubMed record", () => {
    expect(bib.split("\n\n")[0].split("@article{Okamoto")[0]).toBe(
      [
        "@article{Borodina2020_pmid32051057,",
        "\tauthor = {Borodina, I. and Kenny, L. C. and McCarthy, C. M. and Paramasivan, K. and Pretorius, E. " +
          "and Roberts, T. J. and van der Hoek, S. A. and Kell, D. B.},",
        "\tjournal = {Nutrition research reviews},",
        "\tdoi = {10.1017/S0954422419000301},",
        "\tnumber = {2},",
        "\tyear = {2020},",
        "\tnote = {PMID: 32051057},",
        "\tpages = {190--217},",
        "\ttitle = {The biology of ergothioneine, an antioxidant nutraceutical.},",
        "\turl = {https://pubmed.ncbi.nlm.nih.gov/32051057/},",
        "\thowpublished = {https://pubmed.ncbi.nlm.nih.gov/32051057/},",
        "\tvolume = {33},",
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

describe("a MEDLINE record as a reference manager reads it", () => {
  // PMID 18621939 of the MEDLINE 2016 sample: Psychosomatics 2008;49(4):332-40, PMC4631030.
  const record = parsePubmedXml(fs.readFileSync(path.join(FIXTURES, "corpus/medline16n0902_sample_604.xml"), "utf8"))
    .filter((e) => e.citation.pmid === "18621939")
    .map((e) => referenceFromEvidence(e, 1))[0];

  it("writes author, journal, year, volume, issue and pages into BibTeX, and the PMCID into RIS and CSL-JSON", () => {
    const bib = referencesToBibtex([record]);
    expect(bib).toContain("\tauthor = {DiMartini, A. and Dew, M. A. and Fitzgerald, M. G. and Fontes, P.},\n");
    expect(bib).toContain("\tjournal = {Psychosomatics},\n");
    expect(bib).toContain("\tyear = {2008},\n");
    expect(bib).toContain("\tvolume = {49},\n");
    expect(bib).toContain("\tnumber = {4},\n");
    expect(bib).toContain("\tpages = {332--40},\n");
    const ris = referencesToRis([record]);
    expect(ris).toContain("\nVL  - 49\nER  - \n");
    expect(ris).toContain("\nIS  - 4\n");
    expect(ris).toContain("\nSP  - 332-40\n");
    expect(ris).toContain("\nC2  - PMC4631030\n");
    const [item] = JSON.parse(referencesToCslJson([record]));
    expect(item).toMatchObject({
      type: "article-journal",
      "container-title": "Psychosomatics",
      "container-title-short": "Psychosomatics",
      volume: "49",
      issue: "4",
      page: "332-40",
      issued: { "date-parts": [[2008]] },
      DOI: "10.1176/appi.psy.49.4.332",
      PMID: "18621939",
      PMCID: "PMC4631030",
    });
    expect(new Cite(item).data[0].author).toHaveLength(4);
    expect(referencesToCslJson([])).toBe("[]\n");
  });

  it("is cited in Vancouver and APA by the CSL styles", () => {
    expect(citationText(record, "vancouver")).toBe(
      "DiMartini A, Dew MA, Fitzgerald MG, Fontes P. Clusters of alcohol use disorders diagnostic criteria and " +
        "predictors of alcohol use after liver transplantation for alcoholic liver disease. Psychosomatics. " +
        "2008;49(4):332–40. doi:10.1176/appi.psy.49.4.332 PubMed PMID: 18621939; PubMed Central PMCID: PMC4631030.",
    );
    expect(citationText(record, "apa")).toBe(
      "DiMartini, A., Dew, M. A., Fitzgerald, M. G., & Fontes, P. (2008). Clusters of alcohol use disorders " +
        "diagnostic criteria and predictors of alcohol use after liver transplantation for alcoholic liver disease. " +
        "Psychosomatics, 49(4), 332–340. https://doi.org/10.1176/appi.psy.49.4.332",
    );
  });

  it("completes a reference saved before the journal issue was kept from its record", () => {
    const { volume, issue, pages, journalAbbreviation, pmcid, ...old } = record;
    expect([volume, issue, pages, journalAbbreviation, pmcid]).toEqual([
      "49",
      "4",
      "332-40",
      "Psychosomatics",
      "PMC4631030",
    ]);
    const evidence = parsePubmedXml(
      fs.readFileSync(path.join(FIXTURES, "corpus/medline16n0902_sample_604.xml"), "utf8"),
    ).find((e) => e.citation.pmid === "18621939");
    expect(completeReference(old, evidence)).toEqual(record);
    expect(completeReference(old, undefined)).toEqual(old);
  });
});
