import { describe, expect, it } from "vitest";
import { writeReport, type ReportOutput } from "@/lib/research/agents/llm/report";
import { promptText, reportInput, scriptedModel } from "../../../../support/llm";

const E1_SNIPPET = "Plasma concentration of AVP and transcripts of AVP gene in the PVN and SON were significantly increased";
const E3_SNIPPET = "Multiple daily doses of lithium were associated with higher urine volumes.";

/** Keys E1 and E3 (real), E5 and E12 (past the 4 records), and a listed key never offered (E40). */
const answer: ReportOutput = {
  title: "Lithium and polyuria",
  executiveSummary: [{ text: "Lithium raises AVP in rats [E1].", snippet: E1_SNIPPET }, { text: "A trial confirmed it [E5].", snippet: "a trial" }],
  methodology: "PubMed was searched.",
  mechanisticFindings: [{ text: "AVP transcripts rose [E1, E12].", snippet: E1_SNIPPET }],
  clinicalFindings: [{ text: "Multiple daily doses went with higher urine volumes [e3].", snippet: E3_SNIPPET }],
  drugCandidates: [],
  limitations: ["Few human data [E3]."],
  conclusion: [{ text: "Plausible [E1][E3].", snippet: E3_SNIPPET }],
  references: ["E1", "E3", "E40"],
};

describe("LLM report: keys resolved against the run's evidence", () => {
  it("renders keys as [n] in order of first citation, deletes keys the run does not have, and counts them", async () => {
    const report = await writeReport(scriptedModel([answer]), reportInput());
    expect(report.references.map((r) => [r.n, r.evidenceId])).toEqual([
      [1, "pmid:9406968"],
      [2, "pmid:1987816"],
    ]);
    expect(report.executiveSummary).toBe("Lithium raises AVP in rats [1]. A trial confirmed it.");
    expect(report.mechanisticFindings.content).toBe("AVP transcripts rose [1].");
    expect(report.clinicalFindings.content).toBe("Multiple daily doses went with higher urine volumes [2].");
    expect(report.conclusion).toBe("Plausible [1][2].");
    expect(report.removedReferences).toBe(1);
    expect(report.removedMarkers).toBe(2);
  });

  it("passes the critic's feedback to a revision", async () => {
    const model = scriptedModel([answer]);
    await writeReport(model, { ...reportInput(), feedback: ["Every dosage is cited in its sentence: dosage “300 mg” without a citation"] });
    const prompt = promptText(model, 0);
    expect(prompt).toContain("## Critic feedback on your previous draft");
    expect(prompt).toContain("- Every dosage is cited in its sentence: dosage “300 mg” without a citation");
  });
});
