import { describe, expect, it } from "vitest";
import path from "node:path";
import { detectRecordFormat, parseRecords } from "@/lib/sources/parse/detect-format";
import { CtgovFormatError } from "@/lib/sources/parse/ctgov";
import { EuropePmcFormatError } from "@/lib/sources/parse/europepmc";
import { PubmedXmlError } from "@/lib/sources/parse/pubmed-xml";
import { readFixture } from "@/tests/support/fixtures";

const detect = (file: string) => detectRecordFormat(path.basename(file), readFixture(file));

describe("detectRecordFormat", () => {
  it.each([
    ["pubmed/efetch_pubmed1_2records_abstract.xml", "pubmed-xml"], // DOCTYPE before the root
    ["pubmed/efetch_single/biopython_pubmed4.xml", "pubmed-xml"],
    ["corpus/medline16n0902_sample_604.xml", "medline-xml"],
    ["corpus/bc5cdr_pubtator/CDR_TestSet.PubTator.txt", "pubtator"],
    ["europepmc/search_cancer_core_25.json", "europepmc-json"],
    ["europepmc/search_no_results.json", "europepmc-json"],
    ["ctgov/studies_v2_full_drug_trials_4_ASSEMBLED.json", "ctgov-json"],
    ["ctgov/study_v2_full_NCT03418623_get73_phase2.json", "ctgov-json"],
    // so its parser explains the rejection
    ["ctgov/legacy_classic_api/full_studies_NCT04780763_classic_v1.json", "ctgov-json"],
    ["pubmed/esearch_biopython_term.xml", null],
    ["pubmed/esearch_json_pten_d326n.json", null],
    ["openalex/work_W2741809807.json", null],
    ["biorxiv/biorxiv_details_2013-01-01_2013-11-07_medrxivr_processed.json", null],
    ["corpus/pubmedqa_pqal_1000.json", null],
    ["corpus/bc5cdr_pubtator/README.txt", null],
  ])("%s → %s", (file, expected) => {
    expect(detect(file)).toBe(expected);
  });

  it("recognises truncated JSON by its keys and ignores compressed files", () => {
    const half = readFixture("europepmc/search_cancer_core_25.json").slice(0, 20_000);
    expect(detectRecordFormat("x.json", half)).toBe("europepmc-json");
    expect(detectRecordFormat("x.xml.gz", readFixture("pubmed/efetch_pubmed2_2records.xml"))).toBeNull();
    expect(detectRecordFormat("empty.txt", "")).toBeNull();
  });
});

describe("parseRecords", () => {
  it("dispatches each format to its parser with the given source", () => {
    expect(
      parseRecords("pubmed-xml", readFixture("pubmed/efetch_pubmed2_2records.xml"), "local").map((e) => e.id),
    ).toEqual(["pmid:11748933", "pmid:11700088"]);
    expect(parseRecords("medline-xml", readFixture("corpus/medline16n0902_sample_604.xml"), "local")).toHaveLength(604);
    expect(
      parseRecords("pubtator", readFixture("corpus/bc5cdr_pubtator/CDR_DevelopmentSet.PubTator.txt"), "local"),
    ).toHaveLength(500);
    const epmc = parseRecords(
      "europepmc-json",
      readFixture("europepmc/search_mlh1_p.Gly67Glu_not_retracted_lite.json"),
      "europepmc",
    );
    expect(epmc).toHaveLength(6);
    expect(epmc.every((e) => e.citation.source === "europepmc")).toBe(true);
    expect(
      parseRecords("ctgov-json", readFixture("ctgov/studies_v2_cond_phelan_mcdermid_page2.json"), "ctgov").map(
        (e) => e.id,
      ),
    ).toEqual(["nct:NCT05187377", "nct:NCT03836300", "nct:NCT07014020", "nct:NCT05025241", "nct:NCT07281079"]);
  });

  it("turns invalid JSON into the format's error and keeps the parsers' errors", () => {
    const half = readFixture("europepmc/search_cancer_core_25.json").slice(0, 20_000);
    expect(() => parseRecords("europepmc-json", half, "local")).toThrow(EuropePmcFormatError);
    expect(() => parseRecords("europepmc-json", half, "local")).toThrow(/invalid JSON/);
    expect(() => parseRecords("ctgov-json", '{"studies": [', "local")).toThrow(CtgovFormatError);
    expect(() =>
      parseRecords(
        "ctgov-json",
        readFixture("ctgov/legacy_classic_api/full_studies_NCT04780763_classic_v1.json"),
        "local",
      ),
    ).toThrow(/classic API/);
    const xml = readFixture("pubmed/efetch_pubmed1_2records_abstract.xml");
    expect(() => parseRecords("pubmed-xml", xml.slice(0, xml.length / 2), "local")).toThrow(PubmedXmlError);
  });
});
