import { describe, expect, it } from "vitest";
import { evidenceSchema } from "@/lib/domain/evidence";
import { CtgovFormatError, parseCtgovStudies } from "@/lib/sources/parse/ctgov";
import { listFixtures, readJsonFixture } from "@/tests/support/fixtures";

// Expected values were read from the fixture JSON files, not from this parser's output.
// No recorded study carries `whyStopped` (the one TERMINATED study, NCT02576665, was fetched with a field list
// that leaves it out), so the why-stopped summary is checked on a copy of that study with the field added.

const V2_FILES = listFixtures("ctgov").filter((f) => !f.includes("legacy_classic_api"));

function nctIdsOf(json: unknown): string[] {
  const doc = json as { studies?: unknown[] };
  const studies = (doc.studies ?? [json]) as Array<{ protocolSection: { identificationModule: { nctId: string } } }>;
  return studies.map((s) => s.protocolSection.identificationModule.nctId);
}

describe("parseCtgovStudies on every recorded API v2 response", () => {
  it("finds the 11 v2 fixtures", () => {
    expect(V2_FILES).toHaveLength(11);
  });

  it.each(V2_FILES)("%s parses: one valid Evidence per study", (file) => {
    const json = readJsonFixture(file);
    const evidence = parseCtgovStudies(json, "ctgov");
    expect(evidence.map((e) => e.citation.nctId)).toEqual(nctIdsOf(json));
    for (const e of evidence) {
      expect(evidenceSchema.parse(e)).toEqual(e);
      expect(e.id).toBe(`nct:${e.citation.nctId}`);
      expect(e.citation.url).toBe(`https://clinicaltrials.gov/study/${e.citation.nctId}`);
      expect(e.citation.publicationTypes).toEqual(["Clinical Trial Registration"]);
      expect(e.trial).not.toBeNull();
    }
  });
});

describe("parseCtgovStudies field mapping", () => {
  const assembled = parseCtgovStudies(readJsonFixture("ctgov/studies_v2_full_drug_trials_4_ASSEMBLED.json"), "ctgov");

  it("maps the dupilumab phase 2 study with results (NCT02210780)", () => {
    const e = assembled[0];
    expect(e.citation).toMatchObject({
      source: "ctgov",
      nctId: "NCT02210780",
      pmid: null,
      doi: null,
      pmcid: null,
      title: "Study of Dupilumab and Immune Responses in Adults With Atopic Dermatitis (AD)",
      authors: [],
      journal: "ClinicalTrials.gov",
      year: 2014,
    });
    expect(e.trial).toMatchObject({
      phases: ["PHASE2"],
      overallStatus: "COMPLETED",
      whyStopped: null,
      studyType: "INTERVENTIONAL",
      conditions: ["Atopic Dermatitis"],
      interventions: ["DRUG: Dupilumab", "DRUG: Placebo"],
      arms: ["Placebo qw", "Dupilumab 300 mg qw"],
      enrollment: 194,
      primaryOutcomes: [
        "Percentage of Participants With a Positive Response (≥4-Fold Increase) to Tetanus Toxoid (the Adacel " +
          "[Tdap] Vaccine) at Week 16",
      ],
      hasResults: true,
      startYear: 2014,
    });
    expect(e.trial!.secondaryOutcomes).toHaveLength(10);
    const [facts, summary] = e.citation.abstract.split("\n");
    expect(facts).toBe(
      "Phase 2, completed, interventional study of Dupilumab, Placebo in Atopic Dermatitis. Enrollment: 194. " +
        "Sponsor: Regeneron Pharmaceuticals. Primary outcome: Percentage of Participants With a Positive Response " +
        "(≥4-Fold Increase) to Tetanus Toxoid (the Adacel [Tdap] Vaccine) at Week 16. Results posted.",
    );
    expect(
      summary.startsWith("This was a 32-week, randomized, double-blind, placebo-controlled, parallel-group study"),
    ).toBe(true);
  });

  it("maps the other three assembled studies", () => {
    expect(assembled.map((e) => e.citation.nctId)).toEqual([
      "NCT02210780",
      "NCT03418623",
      "NCT00763412",
      "NCT02552212",
    ]);
    const [, get73, repaglinide, certolizumab] = assembled;
    expect(get73.trial).toMatchObject({
      phases: ["PHASE2"],
      interventions: ["DRUG: GET73", "OTHER: Placebo"],
      arms: ["GET73", "Placebo"],
      enrollment: 24,
      hasResults: false,
      startYear: 2018,
    });
    expect(get73.trial!.secondaryOutcomes).toHaveLength(2);

    expect(repaglinide.trial).toMatchObject({
      phases: ["NA"],
      conditions: ["Cystic Fibrosis Related Diabetes", "Pancreatic Insufficiency"],
      arms: ["1 Placebo", "2. repaglinide"],
      enrollment: 31,
      primaryOutcomes: ["BMI", "Body Composition", "CRP"],
      hasResults: true,
      startYear: 2006,
    });
    expect(repaglinide.trial!.secondaryOutcomes).toHaveLength(6);
    expect(
      repaglinide.citation.abstract.startsWith(
        "Completed, interventional study of placebo, repaglinide in Cystic Fibrosis Related Diabetes, " +
          "Pancreatic Insufficiency. " +
          "Enrollment: 31. Sponsor: Arbelaez, Ana Maria. Primary outcomes: BMI; Body Composition; CRP. Results " +
          "posted.\n",
      ),
    ).toBe(true); // phase "NA" (not applicable) is not written out

    expect(certolizumab.trial).toMatchObject({
      phases: ["PHASE3"],
      interventions: ["BIOLOGICAL: Certolizumab Pegol", "OTHER: Placebo"],
      enrollment: 317,
      startYear: 2015,
      conditions: ["Axial Spondyloarthritis", "Nonradiographic Axial Spondyloarthritis", "Nr-axSpA"],
    });
    expect(certolizumab.trial!.primaryOutcomes).toHaveLength(11);
    expect(certolizumab.trial!.secondaryOutcomes).toHaveLength(20);
    expect(certolizumab.citation.abstract).toContain("Sponsor: UCB BIOSCIENCES GmbH.");
    expect(certolizumab.citation.abstract).toContain("Certolizumab Pegol Plasma Concentration at Baseline (+8 more).");
  });

  it("accepts a single study and field-limited responses (NCT02576665, terminated, no types or results flag)", () => {
    const json = readJsonFixture("ctgov/study_v2_NCT02576665_get_fields_locations.json");
    const [e] = parseCtgovStudies(json);
    expect(e.trial).toEqual({
      phases: ["PHASE1"],
      overallStatus: "TERMINATED",
      whyStopped: null,
      studyType: "INTERVENTIONAL",
      conditions: [
        "Colorectal Cancer",
        "Triple Negative Breast Cancer",
        "Pancreatic Cancer",
        "Non-Small Cell Lung Cancer",
        "Head and Neck Cancer",
        "Ovarian Cancer",
        "Lymphoma",
        "Sarcoma",
        "Bladder Cancer",
        "Melanoma",
        "IDH1 Mutated Solid Tumors",
        "IDH1 Mutated or MGMT Methylated Recurrent HGG (Not Recruiting)",
      ],
      interventions: ["Toca 511", "Toca FC"],
      arms: [],
      enrollment: 21,
      primaryOutcomes: [],
      secondaryOutcomes: [],
      hasResults: false,
      startYear: 2016,
    });

    // Same real study with a whyStopped value added (no recorded study has one).
    const copy = structuredClone(json) as { protocolSection: { statusModule: Record<string, unknown> } };
    copy.protocolSection.statusModule.whyStopped = "Sponsor decision";
    const [stopped] = parseCtgovStudies(copy);
    expect(stopped.trial!.whyStopped).toBe("Sponsor decision");
    expect(
      stopped.citation.abstract.startsWith(
        "Phase 1, terminated (why stopped: Sponsor decision), interventional study of Toca 511, Toca FC in " +
          "Colorectal Cancer,",
      ),
    ).toBe(true);
  });

  it("maps phases, status and study type of the search pages", () => {
    const egfr = parseCtgovStudies(readJsonFixture("ctgov/studies_v2_cond_nsclc_term_egfr_l858r_fields.json"));
    expect(
      egfr.map((e) => [
        e.citation.nctId,
        e.trial!.phases,
        e.trial!.overallStatus,
        e.trial!.studyType,
        e.trial!.enrollment,
      ]),
    ).toEqual([
      ["NCT06382129", ["PHASE3"], "ACTIVE_NOT_RECRUITING", "INTERVENTIONAL", 698],
      ["NCT06604689", [], "RECRUITING", "OBSERVATIONAL", 800],
    ]);
    expect(egfr[1].citation.abstract.startsWith("Recruiting, observational study of third-generation EGFR TKIs")).toBe(
      true,
    );
    const phelan = parseCtgovStudies(readJsonFixture("ctgov/studies_v2_cond_phelan_mcdermid_page1.json"));
    expect(phelan[1].trial!.phases).toEqual(["PHASE1", "PHASE2"]);
    expect(phelan[1].citation.abstract.startsWith("Phase 1/Phase 2, completed, ")).toBe(true);
  });
});

describe("parseCtgovStudies errors", () => {
  it("rejects the retired classic API format", () => {
    const legacy = readJsonFixture("ctgov/legacy_classic_api/full_studies_NCT04780763_classic_v1.json");
    expect(() => parseCtgovStudies(legacy)).toThrow(CtgovFormatError);
    expect(() => parseCtgovStudies(legacy)).toThrow(/classic API format \(FullStudiesResponse\) is not supported/);
  });

  it("rejects other shapes", () => {
    expect(() => parseCtgovStudies(readJsonFixture("europepmc/search_no_results.json"))).toThrow(
      /expected a `studies` array or a `protocolSection`/,
    );
    expect(() => parseCtgovStudies([])).toThrow(CtgovFormatError);
    expect(() =>
      parseCtgovStudies({ studies: [{ protocolSection: { identificationModule: { nctId: "12" } } }] }),
    ).toThrow(/study 0 has the wrong shape: protocolSection\.identificationModule\.nctId/);
  });
});
