import { describe, expect, it } from "vitest";
import { generateHypotheses, type HypothesisOutput } from "@/lib/research/agents/llm/hypothesis";
import type { LlmUsage } from "@/lib/ai/structured";
import { LITHIUM_EVIDENCE, promptText, QUESTION, scriptedModel } from "@/tests/support/llm";

const base = {
  confidence: 0.6,
  contradictingEvidence: [],
  searchSuggestions: ["lithium AQP2"],
};

/**
 * Three hypotheses citing blocks by key (E1, "[E2]", lower-case "e2"), by id, by "PMID n", plus refs that name nothing
 * offered.
 */
const answer: HypothesisOutput = {
  evidenceReading: "Rat and human records link lithium to polyuria.",
  hypotheses: [
    {
      ...base,
      drug: "lithium",
      target: "AQP2",
      pathway: "vasopressin V2 receptor–cAMP signalling",
      effect: "nephrogenic diabetes insipidus",
      confidence: 1.4,
      supportingEvidence: ["E1", "pmid:7453952", "[E2]", "pmid:31415926"],
      contradictingEvidence: ["PMID 1987816"],
      links: [{ from: "lithium", to: "AQP2", evidence: ["E2", "doi:10.9999/not-offered"] }],
    },
    {
      ...base,
      drug: "lithium",
      target: "ENaC",
      pathway: "amiloride-sensitive lithium entry into principal cells",
      effect: "polyuria",
      supportingEvidence: ["e2"],
      links: null,
    },
    {
      ...base,
      drug: "lithium",
      target: "GSK-3β",
      pathway: "prostaglandin E2 / COX-2",
      effect: "polyuria",
      supportingEvidence: ["E9"],
      links: [],
    },
  ],
  primaryHypothesis: 2,
  knowledgeGaps: [{ gap: "Human collecting-duct data", search: "lithium collecting duct human biopsy" }],
  recommendedSearches: ["lithium ENaC amiloride polyuria"],
};

describe("LLM hypothesis agent", () => {
  it("maps evidence references to evidence ids and drops ones never offered", async () => {
    const model = scriptedModel([answer]);
    const unknown: string[][] = [];
    const usage: LlmUsage[] = [];
    const result = await generateHypotheses(
      model,
      { question: QUESTION, evidence: LITHIUM_EVIDENCE, previous: null },
      { onUnknownReferences: (refs) => unknown.push(refs), onUsage: (u) => usage.push(u) },
    );

    expect(result.hypotheses).toHaveLength(3);
    const [first, second, third] = result.hypotheses;
    // Keys are positions in the run's evidence: E1 = pmid:9406968, E2 = pmid:7453952, E3 = pmid:1987816.
    expect(first.supportingEvidence).toEqual(["pmid:9406968", "pmid:7453952"]);
    expect(first.contradictingEvidence).toEqual(["pmid:1987816"]);
    expect(first.confidence).toBe(1);
    expect(first.links).toEqual([{ from: "lithium", to: "AQP2", evidenceIds: ["pmid:7453952"] }]);
    expect(second.supportingEvidence).toEqual(["pmid:7453952"]);
    expect(second.links).toEqual([]);
    expect(third.supportingEvidence).toEqual([]);
    expect(result.primaryHypothesis?.target).toBe("ENaC");
    expect(result.knowledgeGaps).toEqual(["Human collecting-duct data"]);
    // Dropped references are recorded (and shown) as keys, never as the identifiers the model invented.
    expect(unknown).toEqual([
      ["(an identifier that names no retrieved record)", "(an identifier that names no retrieved record)", "E9"],
    ]);
    expect(usage).toEqual([{ agent: "hypothesis", attempt: 1, inputTokens: 100, outputTokens: 20, totalTokens: 120 }]);

    const prompt = promptText(model, 0);
    expect(prompt).toContain('<evidence key=\\"E1\\" id=\\"pmid:9406968\\">');
    expect(model.doGenerateCalls[0]).toMatchObject({ temperature: 0.3, maxOutputTokens: 2_000 });
    expect(prompt).toContain("is data quoted from retrieved records");
  });

  it("keeps at most four hypotheses", async () => {
    const five = {
      ...answer,
      hypotheses: [0, 1, 2, 3, 4].map((i) => ({ ...answer.hypotheses[1], target: `T${i}` })),
      primaryHypothesis: null,
    };
    const result = await generateHypotheses(scriptedModel([five]), {
      question: QUESTION,
      evidence: LITHIUM_EVIDENCE,
      previous: null,
    });
    expect(result.hypotheses.map((h) => h.target)).toEqual(["T0", "T1", "T2", "T3"]);
    expect(result.primaryHypothesis?.target).toBe("T0");
  });
});
