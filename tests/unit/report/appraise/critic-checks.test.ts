import { describe, expect, it } from "vitest";
import type { ResearchReport } from "@/lib/domain/report";
import { runDeterministicChecks, statesFinding } from "@/lib/report/appraise/critic-checks";
import { referenceFromEvidence } from "@/lib/grounding/references";
import { LITHIUM_EVIDENCE, QUESTION } from "@/tests/support/llm";

/** A report that passes every deterministic check: all sections, cited paragraphs, a cited dose. */
const GOOD: ResearchReport = {
  title: "Lithium and nephrogenic diabetes insipidus",
  executiveSummary: "Lithium raises vasopressin expression in rats [1]. Amiloride attenuates the polyuria [2].",
  researchQuestion: QUESTION,
  methodology: { title: "Methodology", content: "PubMed was searched in two iterations." },
  hypothesesTested: [],
  mechanisticFindings: {
    title: "Mechanistic findings",
    content: "- Rats fed LiCl (60 mmol/kg) for 4 weeks developed polyuria [1].\n- Amiloride reduced urine volume [2].",
  },
  clinicalFindings: {
    title: "Clinical findings",
    content:
      "Human evidence: 1 cross-sectional study.\n- Once-daily dosing was associated with lower urine volumes " +
      "[3].\nNo randomised trial among the 4 records addressed the question.",
  },
  drugCandidates: ["amiloride"],
  limitations: ["Mostly rat data."],
  conclusion: "By the judge's last assessment the evidence is sufficient. Lithium causes polyuria in rats [1].",
  references: LITHIUM_EVIDENCE.slice(0, 3).map((e, i) => referenceFromEvidence(e, i + 1)),
  sourcesSearched: ["PubMed"],
  totalPapersReviewed: 4,
  searchIterations: 2,
  confidenceScore: 0.6,
  removedReferences: 0,
};

const failed = (report: ResearchReport, repairs = []) =>
  Object.fromEntries(
    runDeterministicChecks(report, LITHIUM_EVIDENCE, repairs)
      .filter((c) => !c.passed)
      .map((c) => [c.id, c.issues]),
  );

describe("critic: deterministic checks", () => {
  it("passes a complete, cited report (lead-in lines, absence and review statements need no citation)", () => {
    const checks = runDeterministicChecks(GOOD, LITHIUM_EVIDENCE);
    expect(checks.map((c) => [c.id, c.passed])).toEqual([
      ["required-sections", true],
      ["paragraph-citations", true],
      ["dosage-citations", true],
      ["references-in-evidence", true],
    ]);
  });

  it("fails missing or empty sections, naming each", () => {
    const report = {
      ...GOOD,
      clinicalFindings: { title: "Clinical findings", content: "  " },
      limitations: [],
      conclusion: "",
    };
    expect(failed(report)).toEqual({
      "required-sections": [
        "Clinical findings is missing or empty",
        "Limitations is missing or empty",
        "Conclusion is missing or empty",
      ],
    });
  });

  it("fails a factual paragraph without a citation", () => {
    const report = {
      ...GOOD,
      executiveSummary: `${GOOD.executiveSummary}\nLithium also inhibits GSK-3β in the collecting duct.`,
    };
    expect(failed(report)).toEqual({
      "paragraph-citations": [
        "Executive summary, paragraph 2 cites no evidence: “Lithium also inhibits GSK-3β in the collecting duct.”",
      ],
    });
    expect(statesFinding("No human study among the 4 records addressed lithium and polyuria.")).toBe(false);
    expect(statesFinding("Further searches: lithium AQP2; lithium ENaC.")).toBe(false);
    expect(statesFinding("Amiloride is protective.")).toBe(true);
  });

  it("fails a dosage whose sentence cites nothing, even in a cited paragraph", () => {
    const report = {
      ...GOOD,
      clinicalFindings: {
        title: "Clinical findings",
        content: "Once-daily dosing lowered urine volumes [3]. Patients should take 300 mg/day of lithium carbonate.",
      },
      limitations: ["Serum levels of 1.2 mmol/L were not reported."],
    };
    expect(failed(report)).toEqual({
      "dosage-citations": [
        "Clinical findings: dosage “300 mg/day” without a citation in its sentence: “Patients should take 300 " +
          "mg/day of lithium carbonate.”",
      ],
    });
  });

  it("fails references outside the evidence, markers past the list, and any repair of the model's draft", () => {
    const outside = { ...GOOD.references[2], n: 3, evidenceId: "pmid:99999999", pmid: "99999999" };
    const report = {
      ...GOOD,
      references: [GOOD.references[0], GOOD.references[1], outside],
      conclusion: "Lithium causes polyuria in rats [1, 5].",
    };
    expect(
      failed(report, [
        { kind: "quote", detail: "Clinical findings: the quotation “x y z w” matches no cited source" },
      ] as never),
    ).toEqual({
      "references-in-evidence": [
        "Reference 3 (PMID 99999999) is not a record of the run's evidence",
        "Conclusion: marker [5] points past the 3 references",
        "Removed from the draft: Clinical findings: the quotation “x y z w” matches no cited source",
      ],
    });
  });
});
