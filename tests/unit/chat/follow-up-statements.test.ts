import { describe, expect, it } from "vitest";
import { withFollowUpFindings } from "@/lib/chat/follow-up-findings";
import type { ReportRepair } from "@/lib/domain/critic";
import type { ResearchReport } from "@/lib/domain/report";
import { referenceFromEvidence } from "@/lib/grounding/references";
import type { ReasoningBackend } from "@/lib/research/backend";
import { LITHIUM_EVIDENCE, reportInput } from "@/tests/support/llm";
import { HOSTILE_TEXT } from "@/tests/support/model-personas";

/** The fabricating persona's finding, cited to a real record of the run (as a model cites a key it was shown). */
const FABRICATED = `${HOSTILE_TEXT.split(" [42]")[0]} [1].`;

function draft(executiveSummary: string): ResearchReport {
  return {
    title: "Lithium and the kidney",
    executiveSummary,
    researchQuestion: "Is lithium nephrotoxic?",
    methodology: { title: "Methodology", content: "" },
    hypothesesTested: [],
    mechanisticFindings: {
      title: "Mechanistic findings",
      content: `Plasma AVP rose in Li-treated rats [1]. ${FABRICATED}`,
    },
    clinicalFindings: { title: "Clinical findings", content: "" },
    drugCandidates: [],
    limitations: [],
    conclusion: "",
    references: [referenceFromEvidence(LITHIUM_EVIDENCE[0], 1)],
    sourcesSearched: [],
    totalPapersReviewed: 4,
    searchIterations: 2,
    confidenceScore: 0,
    removedReferences: 0,
  };
}

function backendOf(kind: "llm" | "extractive", report: ResearchReport): ReasoningBackend {
  const unused = () => Promise.reject(new Error("not called"));
  return { kind, model: "scripted", hypothesize: unused, judge: unused, report: async () => report };
}

const FOCUS = {
  question: "Is lithium nephrotoxic?",
  followUp: "look deeper into vasopressin",
  focus: "vasopressin",
  priorEvidenceIds: new Set(LITHIUM_EVIDENCE.slice(1).map((e) => e.id)),
};

describe("a research follow-up's report (the next version) holds no statement its records do not state", () => {
  it("removes the fabricating model's cited statements before the critic reads the draft, counting them", async () => {
    const repairs: ReportRepair[] = [];
    const wrapped = withFollowUpFindings(
      backendOf("llm", draft(`Lithium raised AVP in rats [1]. ${FABRICATED}`)),
      FOCUS,
    );
    const report = await wrapped.report({ ...reportInput(), hooks: { onReportRepairs: (r) => repairs.push(...r) } });
    expect(report.executiveSummary).toMatch(/^Lithium raised AVP in rats \[1\]\. The follow-up search on vasopressin/);
    expect(report.mechanisticFindings.content).toBe("Plasma AVP rose in Li-treated rats [1].");
    expect(JSON.stringify(report)).not.toContain("Metformin");
    expect(JSON.stringify(report)).not.toContain("2500");
    // Said in general words (never quoting the invention), one line per section: the critic lists them as removed
    // from the draft and fails it, so the model is asked for a revision.
    expect(repairs).toEqual([
      {
        kind: "statement",
        detail:
          "1 statement of the executive summary not supported by the cited records " +
          "(a number, dose or name they do not state)",
      },
      {
        kind: "statement",
        detail:
          "1 statement of the mechanistic findings not supported by the cited records " +
          "(a number, dose or name they do not state)",
      },
    ]);
  });

  it("leaves a report whose cited statements name what their records state as it was", async () => {
    const repairs: ReportRepair[] = [];
    const fine = draft("Lithium raised AVP in rats [1].");
    const report = await withFollowUpFindings(
      backendOf("llm", { ...fine, mechanisticFindings: fine.methodology }),
      FOCUS,
    ).report({
      ...reportInput(),
      hooks: { onReportRepairs: (r) => repairs.push(...r) },
    });
    expect(report.executiveSummary).toMatch(/^Lithium raised AVP in rats \[1\]\. The follow-up search/);
    expect(repairs).toEqual([]);
  });
});
