import { describe, expect, it } from "vitest";
import { evidenceSchema } from "@/lib/domain/evidence";
import { EuropePmcFormatError, parseEuropePmcSearch } from "@/lib/sources/parse/europepmc";
import { listFixtures, readJsonFixture } from "@/tests/support/fixtures";

// Expected values were read from the fixture JSON files, not from this parser's output.

/** Europe PMC search responses with a resultList; the idlist file is one too (ids only, no titles). */
const SEARCH_FILES = listFixtures("europepmc");

interface RawRecord {
  id: string;
  pmid?: string;
  pmcid?: string;
  doi?: string;
}

function rawRecords(file: string): RawRecord[] {
  return (readJsonFixture(file) as { resultList: { result: RawRecord[] } }).resultList.result;
}

describe("parseEuropePmcSearch on every recorded search response", () => {
  it("finds the 11 Europe PMC fixtures", () => {
    expect(SEARCH_FILES).toHaveLength(11);
  });

  it.each(SEARCH_FILES)("%s parses: one valid Evidence per identified record", (file) => {
    const raw = rawRecords(file);
    const page = parseEuropePmcSearch(readJsonFixture(file), "europepmc");
    const identified = raw.filter((r) => r.pmid || r.pmcid || r.doi);
    expect(page.skipped).toBe(raw.length - identified.length);
    expect(page.evidence.map((e) => e.citation.pmid ?? e.citation.pmcid ?? e.citation.doi)).toEqual(
      identified.map((r) => r.pmid ?? r.pmcid ?? r.doi),
    );
    for (const e of page.evidence) {
      expect(evidenceSchema.parse(e)).toEqual(e);
      expect(e.citation.source).toBe("europepmc");
      expect(e.citation.title + e.citation.abstract).not.toMatch(
        /<\/?(h4|b|i|sup|sub)>|&(lt|gt|amp|quot);|&#x?[0-9a-f]+;/i,
      );
    }
  });
});

describe("parseEuropePmcSearch field mapping (resultType core)", () => {
  const page = parseEuropePmcSearch(readJsonFixture("europepmc/search_cancer_core_25.json"), "europepmc");
  const byPmid = (pmid: string) => page.evidence.find((e) => e.citation.pmid === pmid)!;

  it("reads the envelope", () => {
    expect(page.hitCount).toBe(5059039);
    expect(page.nextCursorMark).toBe("AoIIP4ZawSg1MzEyODI1MA==");
    expect(page.evidence).toHaveLength(25);
    expect(page.skipped).toBe(0);
    expect(page.evidence.filter((e) => e.preprint)).toHaveLength(0); // this file holds only MED records: no PPR
  });

  it("maps PMID 40468710 with labelled <h4> sections and MeSH", () => {
    const e = byPmid("40468710");
    expect(e.id).toBe("pmid:40468710");
    expect(e.citation).toMatchObject({
      title: "The role of psychological flexibility in relation to health outcomes in people in remission from cancer.",
      doi: "10.1111/bjhp.12807",
      pmcid: null,
      journal: "British journal of health psychology",
      year: 2025,
      publicationTypes: ["Journal Article"],
      url: "https://pubmed.ncbi.nlm.nih.gov/40468710/",
    });
    expect(e.citation.authors).toHaveLength(7);
    expect(e.citation.authors[0]).toBe("Al-Abbadey M");
    const paragraphs = e.citation.abstract.split("\n");
    expect(paragraphs.map((p) => p.slice(0, p.indexOf(":")))).toEqual([
      "Objective",
      "Design",
      "Methods",
      "Results",
      "Conclusions",
    ]);
    expect(paragraphs[0]).toBe(
      "Objective: This study investigated whether psychological flexibility, the key construct in the Acceptance and " +
        "Commitment Therapy (ACT) model of psychological and behavioural change, significantly predicts " +
        "wellbeing and " +
        "functioning in people living with and beyond cancer.",
    );
    // literal "<" kept
    expect(e.citation.abstract).toContain("significantly (at p\u2009<\u2009.001) predicted anxiety, depression,");
    expect(e.citation.meshTerms).toHaveLength(18);
    expect(e.citation.meshTerms.filter((m) => m.majorTopic)).toHaveLength(2);
    expect(e.citation.meshTerms[1]).toEqual({ term: "Neoplasms", majorTopic: true });
    expect(e.preprint).toBe(false);
  });

  it("strips <sub>, <i> and <b> and maps chemicals (PMIDs 40511629, 40518973, 40476859)", () => {
    const h2s = byPmid("40511629");
    expect(h2s.citation.abstract.split("\n")[0]).toBe(
      "Background: Paclitaxel is a potent agent against ovarian cancer. Hydrogen sulfide (H2S) is of particular " +
        "interest " +
        "in cancer treatment research. It is known that H2S has apoptotic and antiproliferative effects.",
    );
    expect(h2s.citation.authors[0]).toBe("Öztürk Fincan GS");
    expect(h2s.citation.journal).toBe("Fundamental & clinical pharmacology");
    expect(h2s.citation.meshTerms).toHaveLength(17);
    expect(h2s.citation.meshTerms.filter((m) => m.majorTopic)).toHaveLength(5);
    expect(h2s.entities.map((x) => x.name)).toEqual([
      "Antineoplastic Agents, Phytogenic",
      "Sulfides",
      "Reactive Oxygen Species",
      "Hydrogen Sulfide",
      "Paclitaxel",
    ]);
    expect(h2s.entities.every((x) => x.type === "chemical" && x.meshId === null)).toBe(true);

    const morocco = byPmid("40518973");
    expect(morocco.citation.pmcid).toBe("PMC12175096");
    expect(morocco.citation.publicationTypes).toEqual(["research-article", "Journal Article"]);
    expect(morocco.citation.abstract).toContain("lay health advisors (n = 10) and civil society members (n = 10)");

    const cachexia = byPmid("40476859");
    expect(
      cachexia.citation.abstract.endsWith(
        "Keywords: Molecular Imaging, Cancer, MRI, PET/CT, Ultrasound, Muscular, Oncology © RSNA, 2025.",
      ),
    ).toBe(true);
    expect(cachexia.citation.abstract).not.toContain("\n"); // no <h4> headings: one paragraph

    expect(byPmid("40245290").citation.abstract).toContain("median overall survival of <1 year.\nConclusions: ");
  });

  it("keeps a record that has a PMID but no DOI (PMID 39038316)", () => {
    const e = byPmid("39038316");
    expect(e.citation.doi).toBeNull();
    expect(e.citation.journal).toBe("Alternative therapies in health and medicine");
  });

  it("reads the journal issue and the NLM abbreviation (PMID 39709209: Lancet 2024;404(10471):2603-2604)", () => {
    expect(byPmid("39709209").citation).toMatchObject({
      journal: "Lancet (London, England)",
      journalAbbreviation: "Lancet",
      volume: "404",
      issue: "10471",
      pages: "2603-2604",
    });
  });
});

describe("parseEuropePmcSearch on lite responses", () => {
  it("flags the 24 PPR preprints of the 1000-record lite page and decodes escaped title markup", () => {
    const page = parseEuropePmcSearch(readJsonFixture("europepmc/search_cancer_lite_1000.json"), "europepmc");
    expect(page.evidence).toHaveLength(1000);
    expect(page.evidence.filter((e) => e.preprint)).toHaveLength(24);
    const preprint = page.evidence.find((e) => e.citation.doi === "10.1101/2025.06.13.25329599")!;
    expect(preprint).toMatchObject({ id: "doi:10.1101/2025.06.13.25329599", preprint: true });
    expect(preprint.citation).toMatchObject({
      pmid: null,
      pmcid: null,
      year: 2025,
      publicationTypes: ["preprint"],
      url: "https://doi.org/10.1101/2025.06.13.25329599",
      abstract: "", // lite results carry no abstract
    });
    expect(preprint.citation.authors).toHaveLength(72); // from authorString
    expect(preprint.citation.authors.slice(0, 2)).toEqual(["Mendez JS", "Queme B"]);
    expect(preprint.citation.authors[71]).toBe("Stern MC");

    const title = (pmid: string) => page.evidence.find((e) => e.citation.pmid === pmid)!.citation.title;
    expect(title("40505930")).toBe(
      "circADARB1 enhances ZEB1 expression in an m6A-dependent manner to promote the invasion and migration of " +
        "nasopharyngeal carcinoma.",
    );
    expect(title("40451289")).toBe(
      "Associations between ATM c.7271T>G and cancer risk: analysis of Breast Cancer Association Consortium and " +
        "UK Biobank data.",
    );
    const pmcOnly = page.evidence.find((e) => e.citation.pmcid === "PMC12175493")!;
    expect(pmcOnly).toMatchObject({ id: "pmcid:PMC12175493" });
    expect(pmcOnly.citation.url).toBe("https://pmc.ncbi.nlm.nih.gov/articles/PMC12175493/");
  });

  it("reads the journal issue of a lite result, whose journalTitle is the abbreviation (PMID 39709209)", () => {
    const page = parseEuropePmcSearch(readJsonFixture("europepmc/search_cancer_lite_25.json"), "europepmc");
    const lancet = page.evidence.find((e) => e.citation.pmid === "39709209")!.citation;
    expect([lancet.journal, lancet.journalAbbreviation, lancet.volume, lancet.issue, lancet.pages]).toEqual([
      "Lancet",
      "Lancet",
      "404",
      "10471",
      "2603-2604",
    ]);
  });

  it("skips and counts the Agricola record without any identifier", () => {
    const page = parseEuropePmcSearch(readJsonFixture("europepmc/search_immunotherapy_cancer_2020_2025_lite_5.json"));
    expect(page.skipped).toBe(1); // IND608974682 (source AGR) has no PMID, PMCID or DOI
    expect(page.evidence.map((e) => e.id)).not.toContain("IND608974682");
    expect(page.evidence).toHaveLength(4);
    expect(page.evidence[0].citation).toMatchObject({
      pmid: "41102462",
      journal: "Nat Immunol",
      authors: ["Khleif SN", "Gupta S"],
      publicationTypes: ["review", "journal article"],
      source: "local",
    });
  });

  it("returns no records for the no-results response", () => {
    const page = parseEuropePmcSearch(readJsonFixture("europepmc/search_no_results.json"));
    expect(page).toEqual({ evidence: [], nextCursorMark: null, hitCount: 0, skipped: 0 });
  });
});

describe("parseEuropePmcSearch errors", () => {
  it("rejects JSON that is not a search response", () => {
    expect(() => parseEuropePmcSearch(readJsonFixture("ctgov/study_v2_full_NCT03418623_get73_phase2.json"))).toThrow(
      EuropePmcFormatError,
    );
    expect(() => parseEuropePmcSearch(null)).toThrow(/not a Europe PMC search response/);
    expect(() => parseEuropePmcSearch({ hitCount: 1, resultList: { result: [{ id: 5 }] } })).toThrow(
      /resultList\.result\[0\] has the wrong shape/,
    );
  });
});
