import { describe, expect, it } from "vitest";
import type { HypothesisSet, MechanismHypothesis } from "@/lib/domain/hypothesis";
import { targetStatus } from "@/lib/domain/hypothesis";
import { normaliseAssessment } from "@/lib/research/normalise-chain";

function chain(target: string, pathway: string, extra: Partial<MechanismHypothesis> = {}): MechanismHypothesis {
  return {
    drug: "cisapride",
    target,
    pathway,
    effect: "torsade de pointes",
    confidence: 0.5,
    supportingEvidence: ["pmid:9545159"],
    contradictingEvidence: [],
    searchSuggestions: [],
    links: [],
    ...extra,
  };
}

describe("chain normalisation for every backend", () => {
  it("types a model's targets to NCBI Gene and pathways to GO, and marks an unmatched target unrecognised", () => {
    const hypotheses = [
      chain("hERG potassium channel", "apoptosis"),
      chain("QT prolongation", "membrane repolarization"),
      chain("FINDINGS", "oxidative stress"),
    ];
    const input: HypothesisSet = {
      hypotheses,
      primaryHypothesis: hypotheses[0],
      knowledgeGaps: [],
      recommendedSearches: [],
    };
    const out = normaliseAssessment(input);
    expect(out.hypotheses.map((h) => [h.targetGeneId, h.targetSymbol, h.pathwayGoId, targetStatus(h)])).toEqual([
      ["3757", "KCNH2", "GO:0006915", "recognised"],
      [null, null, "GO:0086009", "unrecognised"],
      [null, null, "GO:0006979", "unrecognised"],
    ]);
    expect(out.primaryHypothesis).toBe(out.hypotheses[0]);
    // What a backend typed itself is kept.
    const typed = normaliseAssessment({
      ...input,
      hypotheses: [chain("IKr", "x", { targetGeneId: "3757", targetSymbol: "KCNH2", pathwayGoId: "GO:0086005" })],
      primaryHypothesis: null,
    });
    expect(typed.hypotheses[0]).toMatchObject({ targetGeneId: "3757", pathwayGoId: "GO:0086005" });
    expect(targetStatus(chain("x", "y"))).toBe("unknown");
  });
});
