import { describe, expect, it } from "vitest";
import type { Evidence } from "@/lib/domain/evidence";
import { classifyStudy } from "@/lib/evidence/study-design/classify";
import { abstractSentences, caseCues } from "@/lib/evidence/study-design/text-reading";
import { loadCorpus } from "@/tests/support/corpus";

/**
 * BC5CDR training records with even PMIDs (the tuning half; the odd half is held out, bench/study-types/README.md): no
 * publication types, no MeSH; the design comes from the words alone.
 */
const TRAINING = new Map(
  loadCorpus()
    .slice(1000)
    .map((e) => [e.citation.pmid!, e]),
);

function training(pmid: string): Evidence {
  return TRAINING.get(pmid)!;
}

describe("the design from the title and abstract alone (BC5CDR training records, our labels)", () => {
  it("reads one design of each kind as our labels have it", () => {
    const designs = Object.fromEntries(
      [
        "15458908", // "The Multiple Outcomes of Raloxifene Evaluation, a multicenter, randomized, double-blind trial"
        "8558192", // "Phase II trial of vinorelbine in metastatic squamous cell esophageal carcinoma"
        "20196116", // "… prospectively evaluated … 1223 consecutive ALF patients"
        "11752354", // "In a nationwide, population-based, case-control study"
        "1967484", // "We studied a 37-year-old man who developed persistent segmental dystonia"
        "3076126", // "HMG CoA reductase inhibitors. Current clinical experience."
        "227508", // "In unanesthetized, spontaneously hypertensive rats the decrease in blood pressure …"
        "18809400", // "an in vitro model … primary cultures of dorsal root ganglion (DRG) sensory neurons"
      ].map((pmid) => [pmid, classifyStudy(training(pmid)).design]),
    );
    expect(designs).toEqual({
      "15458908": "randomized-trial",
      "8558192": "clinical-trial",
      "20196116": "cohort",
      "11752354": "case-control",
      "1967484": "case-report",
      "3076126": "review",
      "227508": "animal",
      "18809400": "in-vitro",
    });
  });

  it("does not read a non-randomised study as randomised", () => {
    // "a non-randomised clinical study in the elderly": trial wording, never randomisation.
    expect(classifyStudy(training("18020536")).design).toBe("clinical-trial");
  });

  it("reads a case described in a person as human evidence whatever animal word a syndrome name has", () => {
    // "Rabbit syndrome, antidepressant use, and cerebral perfusion SPECT scan findings": the first reported case.
    expect(classifyStudy(training("1786266"))).toEqual({
      design: "case-report",
      level: 4,
      human: true,
      mechanistic: false,
    });
  });

  it("keeps a case report with a review of earlier cases a case report", () => {
    // "A patient … was treated with amiodarone … Review of this and previously reported cases indicates …"
    expect(classifyStudy(training("3997294")).design).toBe("case-report");
  });
});

describe("which sentences describe the study", () => {
  it("leaves out background sections, others' findings and calls for more work; keeps the authors' own words", () => {
    const abstract =
      "BACKGROUND: Lithium is widely used. Animal studies suggest renal harm. METHODS: We followed 40 patients for " +
      "two years. Previous reports have suggested tubular damage. RESULTS: Five patients developed polyuria. " +
      "Further trials are needed. Our previous study found the same.";
    expect(abstractSentences(abstract)).toEqual({
      all: [
        "Lithium is widely used.",
        "Animal studies suggest renal harm.",
        "We followed 40 patients for two years.",
        "Previous reports have suggested tubular damage.",
        "Five patients developed polyuria.",
        "Further trials are needed.",
        "Our previous study found the same.",
      ],
      study: [
        "We followed 40 patients for two years.",
        "Five patients developed polyuria.",
        "Our previous study found the same.",
      ],
    });
  });

  it("tells a short series from a counted group", () => {
    expect(caseCues("Two patients with type II diabetes developed hepatitis.")).toEqual({
      described: false,
      few: true,
    });
    expect(caseCues("Of 42 patients treated, two patients developed anemia.")).toEqual({
      described: false,
      few: false,
    });
    expect(caseCues("We report a 45-year-old man with rhabdomyolysis.")).toEqual({ described: true, few: false });
  });
});
