import { describe, expect, it } from "vitest";
import type { AgentPartial } from "@/lib/domain/partial";
import { generateHypotheses, type HypothesisOutput } from "@/lib/research/agents/llm/hypothesis";
import { writeReport, type ReportOutput } from "@/lib/research/agents/llm/report";
import { withoutKeys } from "@/lib/research/agents/llm/stream-previews";
import { LITHIUM_EVIDENCE, QUESTION, reportInput, scriptedModel } from "@/tests/support/llm";

const card = (drug: string, target: string, pathway: string, effect: string, confidence: number) => ({
  drug,
  target,
  pathway,
  effect,
  confidence,
  supportingEvidence: ["E1"],
  contradictingEvidence: [],
  searchSuggestions: [],
  links: null,
});
const HYPOTHESES: HypothesisOutput = {
  evidenceReading: "Rat and human records link lithium to polyuria.",
  hypotheses: [
    card("lithium", "AQP2", "vasopressin–cAMP signalling", "polyuria", 0.7),
    card("lithium", "ENaC", "lithium entry", "NDI", 0.5),
  ],
  primaryHypothesis: 1,
  knowledgeGaps: [],
  recommendedSearches: [],
};

const S = (text: string, support: string[]) => ({ support, text });
const REPORT: ReportOutput = {
  evidenceReading: "The records bear on the question.",
  outcome: "answers",
  missing: [],
  title: "Lithium and nephrogenic diabetes insipidus",
  executiveSummary: [S("Lithium raises AVP gene expression in rats [E1].", ["E1.3"])],
  methodology: "PubMed and Europe PMC were searched over two iterations.",
  mechanisticFindings: [S("AVP transcripts rise in the PVN and SON [E1].", ["E1.3"])],
  clinicalFindings: [S("Amiloride reduced drinking in rats [E2].", ["E2.2"])],
  drugCandidates: ["amiloride"],
  limitations: ["Mostly rat data [E1].", "No trial."],
  conclusion: [S("The mechanism is plausible, and amiloride helps [E1, E2].", ["E2.2"])],
};

describe("LLM agents stream their answers as previews (live viewers see them being written)", () => {
  it("hypothesis cards fill in as the answer streams; the final cards are the agent's hypotheses", async () => {
    const model = scriptedModel([HYPOTHESES]);
    const previews: AgentPartial[] = [];
    const result = await generateHypotheses(model, {
      question: QUESTION,
      evidence: LITHIUM_EVIDENCE,
      previous: null,
      hooks: { onPartial: (p) => previews.push(p) },
    });

    expect(model.calls.map((c) => c.streamed)).toEqual([true]);
    // The answer arrives in 40-character deltas; a preview is passed on only when what it shows changed: no card while
    // the reading of the evidence is written, then the first card fills in part by part, then the second appears
    // and fills in. (The reading came first when the agent was allowed to propose none; the deltas fall elsewhere.)
    const row = (h: { drug: string; target: string; pathway: string; effect: string; confidence: number | null }) => [
      h.drug,
      h.target,
      h.pathway,
      h.effect,
      h.confidence,
    ];
    const first = ["lithium", "AQP2", "vasopressin–cAMP signalling", "polyuria", 0.7];
    expect(previews.map((p) => (p.kind === "hypotheses" ? p.hypotheses.map(row) : []))).toEqual([
      [],
      [["lithium", "AQP2", "", "", null]],
      [["lithium", "AQP2", "vasopressin–cAMP signalling", "", null]],
      [first],
      [first, ["lithium", "ENaC", "", "", null]],
      [first, ["lithium", "ENaC", "lithium entry", "NDI", null]],
      [first, ["lithium", "ENaC", "lithium entry", "NDI", 0.5]],
    ]);
    expect(previews.at(-1)).toEqual({
      kind: "hypotheses",
      hypotheses: result.hypotheses.map((h) => ({
        drug: h.drug,
        target: h.target,
        pathway: h.pathway,
        effect: h.effect,
        confidence: h.confidence,
      })),
    });
  });

  it(
    "the report streams section by section, without citation keys; the checked report is the same as without " +
      "streaming",
    async () => {
      const previews: AgentPartial[] = [];
      const streamed = await writeReport(scriptedModel([REPORT]), {
        ...reportInput(),
        hooks: { onPartial: (p) => previews.push(p) },
      });
      const waited = await writeReport(scriptedModel([REPORT]), reportInput());
      expect(streamed).toEqual(waited);

      const sectionOrder = [
        ...new Set(previews.map((p) => (p.kind === "report" ? p.sections.map((s) => s.label).join(" | ") : ""))),
      ];
      expect(sectionOrder).toEqual([
        "",
        "Executive summary",
        "Executive summary | Methodology",
        "Executive summary | Methodology | Mechanistic findings",
        "Executive summary | Methodology | Mechanistic findings | Clinical findings",
        "Executive summary | Methodology | Mechanistic findings | Clinical findings | Limitations",
        "Executive summary | Methodology | Mechanistic findings | Clinical findings | Limitations | Conclusion",
      ]);
      expect(previews.at(-1)).toEqual({
        kind: "report",
        title: "Lithium and nephrogenic diabetes insipidus",
        sections: [
          { label: "Executive summary", text: "Lithium raises AVP gene expression in rats." },
          { label: "Methodology", text: "PubMed and Europe PMC were searched over two iterations." },
          { label: "Mechanistic findings", text: "AVP transcripts rise in the PVN and SON." },
          { label: "Clinical findings", text: "Amiloride reduced drinking in rats." },
          { label: "Limitations", text: "Mostly rat data.\nNo trial." },
          { label: "Conclusion", text: "The mechanism is plausible, and amiloride helps." },
        ],
      });
    },
  );

  it("removes citation keys from draft text, including one still being written", () => {
    expect(withoutKeys("AVP rises [E1, E12] in rats [E3].")).toBe("AVP rises in rats.");
    expect(withoutKeys("Amiloride helps [E1")).toBe("Amiloride helps");
    expect(withoutKeys("AVP rises in rats E3.2 and amiloride helps [E3–E5] (E1, E12).")).toBe(
      "AVP rises in rats and amiloride helps.",
    );
    // A parenthesis followed by more words is prose, not a citation ("estradiol (E2)" is a hormone).
    expect(withoutKeys("Estradiol (E2) levels rose [E4].")).toBe("Estradiol (E2) levels rose.");
  });
});
