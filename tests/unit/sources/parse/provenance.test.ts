import { describe, expect, it } from "vitest";
import { EMPTY_PROVENANCE } from "@/lib/domain/evidence";
import { parseCtgovStudies, STALE_REGISTRATION_DAYS } from "@/lib/sources/parse/ctgov";
import { parseEuropePmcSearch } from "@/lib/sources/parse/europepmc";
import { parsePubmedXml } from "@/lib/sources/parse/pubmed-xml";
import { COPIES, medlineCopiesXml, preprintResponse } from "@/tests/support/provenance-copies";
import { readFixture, readJsonFixture } from "@/tests/support/fixtures";

describe("provenance from PubMed/MEDLINE XML", () => {
  it("reads the retracted and expression-of-concern copies of two BC5CDR cisplatin records", () => {
    const [retracted, concern] = parsePubmedXml(medlineCopiesXml());
    expect(retracted.id).toBe(`pmid:${COPIES.retracted.pmid}`);
    expect(retracted.citation.title).toBe("Coenzyme Q10 treatment ameliorates acute cisplatin nephrotoxicity in mice.");
    expect(retracted.citation.publicationTypes).toEqual(["Journal Article", "Retracted Publication"]);
    expect(retracted.provenance).toEqual({
      ...EMPTY_PROVENANCE,
      retracted: true,
      retractionIn: [COPIES.retracted.noticePmid],
    });
    expect(concern.id).toBe(`pmid:${COPIES.concern.pmid}`);
    expect(concern.provenance).toEqual({
      ...EMPTY_PROVENANCE,
      expressionOfConcern: true,
      expressionOfConcernIn: [COPIES.concern.noticePmid],
    });
  });

  it(
    "finds the real ErratumIn link and the real Published Erratum notices of the MEDLINE sample, and no " +
      "retraction",
    () => {
      const records = parsePubmedXml(readFixture("corpus/medline16n0902_sample_604.xml"));
      expect(records).toHaveLength(604);
      expect(records.filter((r) => r.provenance!.retracted)).toHaveLength(0);
      const corrected = records.filter((r) => r.provenance!.erratum);
      expect(corrected.map((r) => [r.id, r.provenance!.erratumIn])).toEqual([["pmid:26702309", ["26705261"]]]);
      // The sample's one "Published Erratum" is itself a notice about another record: flagged as such, still counted.
      expect(records.filter((r) => r.provenance!.notice !== null).map((r) => [r.id, r.provenance!.notice])).toEqual([
        ["pmid:26407471", "erratum"],
      ]);
    },
  );

  it("gives PubMed efetch records without such links an empty provenance (CommentIn is not a correction)", () => {
    const [record] = parsePubmedXml(readFixture("pubmed/efetch_single/metapub_35856662.xml"), "pubmed");
    expect(record.id).toBe("pmid:35856662");
    expect(record.provenance).toEqual(EMPTY_PROVENANCE);
  });
});

describe("provenance from Europe PMC", () => {
  it(
    "marks the real core-format errata (pubTypeList 'Published Erratum', commentCorrection 'Erratum for') as " +
      "notices",
    () => {
      const { evidence } = parseEuropePmcSearch(readJsonFixture("europepmc/search_cancer_core_25.json"), "europepmc");
      const notices = evidence.filter((e) => e.provenance!.notice !== null);
      expect(notices.map((e) => [e.id, e.provenance!.notice, e.provenance!.erratum])).toEqual([
        ["pmid:39709208", "erratum", false],
        ["pmid:40377773", "erratum", false],
      ]);
      expect(evidence.filter((e) => e.provenance!.retracted)).toHaveLength(0);
    },
  );

  it("uses the published record for a preprint with a 'Preprint of' link, and keeps a preprint without one", () => {
    const { evidence } = parseEuropePmcSearch(preprintResponse(), "europepmc");
    const [published, preprint] = evidence;
    expect(published.id).toBe(`pmid:${COPIES.preprint.publishedPmid}`);
    expect(published.preprint).toBe(false);
    expect(published.citation).toMatchObject({
      pmid: COPIES.preprint.publishedPmid,
      doi: null,
      pmcid: null,
      url: `https://pubmed.ncbi.nlm.nih.gov/${COPIES.preprint.publishedPmid}/`,
      title:
        "Atorvastatin calcium selectively kills thyroid cancer cells by inhibiting the prenylation of HRAS proteins",
    });
    expect(published.provenance).toEqual({
      ...EMPTY_PROVENANCE,
      publishedVersion: { pmid: COPIES.preprint.publishedPmid },
      preprintOf: { id: COPIES.preprint.id, doi: COPIES.preprint.doi },
    });
    expect(preprint).toMatchObject({
      id: "doi:10.20944/preprints202506.1257.v1",
      preprint: true,
      provenance: EMPTY_PROVENANCE,
    });
  });

  it("keeps all 24 real preprints of the lite page as preprints (lite results carry no commentCorrectionList)", () => {
    const { evidence } = parseEuropePmcSearch(readJsonFixture("europepmc/search_cancer_lite_1000.json"), "europepmc");
    expect(evidence.filter((e) => e.preprint)).toHaveLength(24);
    expect(evidence.filter((e) => e.provenance!.preprintOf !== null)).toHaveLength(0);
  });
});

describe("provenance from ClinicalTrials.gov", () => {
  const asOf = new Date("2026-11-22T00:00:00Z");

  it("records last update and completion of the real full records, none stale", () => {
    const studies = parseCtgovStudies(
      readJsonFixture("ctgov/studies_v2_full_drug_trials_4_ASSEMBLED.json"),
      "ctgov",
      asOf,
    );
    expect(studies.map((s) => [s.id, s.provenance!.registry])).toEqual([
      ["nct:NCT02210780", { lastUpdatePosted: "2020-05-07", completionDate: "2015-09-15", stale: false }],
      ["nct:NCT03418623", { lastUpdatePosted: "2020-10-08", completionDate: "2020-03-13", stale: false }],
      ["nct:NCT00763412", { lastUpdatePosted: "2017-06-05", completionDate: "2013-01", stale: false }],
      ["nct:NCT02552212", { lastUpdatePosted: "2022-08-18", completionDate: "2020-05", stale: false }],
    ]);
  });

  it(
    `flags a copy whose last update lies more than ${STALE_REGISTRATION_DAYS} days before its past completion, ` +
      `not one completing later`,
    () => {
      const real = readJsonFixture("ctgov/study_v2_full_NCT03418623_get73_phase2.json") as {
        protocolSection: { statusModule: Record<string, unknown> };
      };
      const copy = (lastUpdate: string, completion: string) => ({
        ...real,
        protocolSection: {
          ...real.protocolSection,
          statusModule: {
            ...real.protocolSection.statusModule,
            lastUpdatePostDateStruct: { date: lastUpdate, type: "ACTUAL" },
            completionDateStruct: { date: completion, type: "ESTIMATED" },
          },
        },
      });
      // 2018-02-01 → 2020-03-13 is 771 days: never updated through the study's end.
      expect(parseCtgovStudies(copy("2018-02-01", "2020-03-13"), "ctgov", asOf)[0].provenance!.registry).toEqual({
        lastUpdatePosted: "2018-02-01",
        completionDate: "2020-03-13",
        stale: true,
      });
      // 2019-03-14 → 2020-03-13 is 365 days: within the yearly update duty.
      expect(parseCtgovStudies(copy("2019-03-14", "2020-03-13"), "ctgov", asOf)[0].provenance!.registry!.stale).toBe(
        false,
      );
      // An anticipated completion after `asOf` is not yet due.
      expect(parseCtgovStudies(copy("2018-02-01", "2027-03-13"), "ctgov", asOf)[0].provenance!.registry!.stale).toBe(
        false,
      );
    },
  );
});
