import { describe, expect, it } from "vitest";
import { writeReport, type ReportOutput } from "@/lib/research/agents/llm/report";
import type { ReportRepair } from "@/lib/domain/critic";
import { promptText, reportInput, scriptedModel } from "../../../../support/llm";

const noRef = { evidenceId: null, pmid: null, doi: null, nctId: null, url: null, title: null };

/** Markers [1] [3] (real blocks, not listed), [5] and [12] (past the 4 blocks), and a listed id never offered. */
const answer: ReportOutput = {
  title: "Lithium and polyuria",
  executiveSummary: "Lithium raises AVP in rats [1]. A trial confirmed it [5].",
  methodology: "PubMed was searched.",
  mechanisticFindings: "AVP transcripts rose [1, 12].",
  clinicalFindings: "Once-daily dosing lowered urine volumes [3]. A meta-analysis agreed [4].",
  drugCandidates: [],
  limitations: ["Few human data [3]."],
  conclusion: "Plausible [1][3].",
  references: [{ ...noRef, n: 4, evidenceId: "pmid:55555555", title: "A meta-analysis that was never offered" }],
};

describe("LLM report: markers and references built from the evidence blocks", () => {
  it("cites unlisted block numbers from the blocks, removes markers past the blocks and ids never offered, and counts them", async () => {
    const repairs: ReportRepair[] = [];
    const report = await writeReport(scriptedModel([answer]), { ...reportInput(), hooks: { onReportRepairs: (r) => repairs.push(...r) } });

    // Blocks: 1 = pmid:9406968, 3 = pmid:1987816 (numbered by relevance).
    expect(report.references.map((r) => [r.n, r.evidenceId])).toEqual([
      [1, "pmid:9406968"],
      [2, "pmid:1987816"],
    ]);
    expect(report.executiveSummary).toBe("Lithium raises AVP in rats [1]. A trial confirmed it.");
    expect(report.mechanisticFindings.content).toBe("AVP transcripts rose [1].");
    expect(report.clinicalFindings.content).toBe("Once-daily dosing lowered urine volumes [2]. A meta-analysis agreed.");
    expect(report.conclusion).toBe("Plausible [1][2].");
    expect(report.removedReferences).toBe(1);
    expect(report.removedMarkers).toBe(3);
    expect(repairs).toEqual([
      { kind: "reference", detail: "reference [4] (id pmid:55555555), which is not in the run's evidence" },
      { kind: "marker", detail: "marker [5], beyond the 4 evidence blocks" },
      { kind: "marker", detail: "marker [12], beyond the 4 evidence blocks" },
    ]);
    expect(JSON.stringify(report)).not.toContain("55555555");
  });

  it("passes the critic's feedback to a revision", async () => {
    const model = scriptedModel([answer]);
    await writeReport(model, { ...reportInput(), feedback: ["Every dosage is cited in its sentence: dosage “300 mg” without a citation"] });
    const prompt = promptText(model, 0);
    expect(prompt).toContain("## Critic feedback on your previous draft");
    expect(prompt).toContain("- Every dosage is cited in its sentence: dosage “300 mg” without a citation");
  });
});
