import { describe, expect, it } from "vitest";
import { writeReport, type ReportOutput } from "@/lib/research/agents/llm/report";
import { promptText, reportInput, scriptedModel } from "@/tests/support/llm";

/** Keys E1 and E3 (shown), E5 and E12 (past the 4 records), cited in the text and in the support lists. */
const answer: ReportOutput = {
  evidenceReading: "The records bear on the question.",
  outcome: "answers",
  missing: [],
  title: "Lithium and polyuria",
  executiveSummary: [
    { support: ["E1.3"], text: "Lithium raises AVP in rats [E1]." },
    { support: ["E5.1"], text: "A trial confirmed it [E5]." },
  ],
  methodology: "PubMed was searched.",
  mechanisticFindings: [{ support: ["E1.3"], text: "AVP transcripts rose [E1, E12]." }],
  clinicalFindings: [{ support: ["E3.2"], text: "Multiple daily doses went with higher urine volumes [e3]." }],
  drugCandidates: [],
  limitations: ["Few human data [E3]."],
  conclusion: [{ support: [], text: "Plausible [E1][E3]." }],
};

describe("LLM report: keys resolved against the blocks shown", () => {
  it("renders keys as [n] by first citation; a sentence citing a key never shown is removed and counted", async () => {
    const report = await writeReport(scriptedModel([answer]), reportInput());
    expect(report.references.map((r) => [r.n, r.evidenceId])).toEqual([
      [1, "pmid:9406968"],
      [2, "pmid:1987816"],
    ]);
    // The sentences citing E5 and E12 (never shown) are removed; before, they stayed without their marker.
    expect(report.executiveSummary).toBe("Lithium raises AVP in rats [1].");
    expect(report.mechanisticFindings.content).toBe("");
    expect(report.clinicalFindings.content).toBe("Multiple daily doses went with higher urine volumes [2].");
    expect(report.conclusion).toBe("Plausible [1, 2].");
    expect(report.removedReferences).toBe(0); // no reference list in the answer any more
    expect(report.removedMarkers).toBe(2);
  });

  it("passes the critic's feedback to a revision", async () => {
    const model = scriptedModel([answer]);
    await writeReport(model, {
      ...reportInput(),
      feedback: ["Every dosage is cited in its sentence: dosage “300 mg” without a citation"],
    });
    const prompt = promptText(model, 0);
    expect(prompt).toContain("## Critic feedback on your previous draft");
    expect(prompt).toContain("- Every dosage is cited in its sentence: dosage “300 mg” without a citation");
  });
});
