import { describe, expect, it } from "vitest";
import { judgeEvidence, type JudgeOutput } from "@/lib/research/agents/llm/judge";
import { HYPOTHESES, LITHIUM_EVIDENCE, QUESTION, scriptedModel } from "@/tests/support/llm";

const answer = (over: Partial<JudgeOutput>): JudgeOutput => ({
  mechanismScore: 5,
  mechanismReasoning: "AVP upregulation in rats [1]; amiloride attenuation [2].",
  clinicalScore: 5,
  clinicalReasoning: "One cross-sectional study of 85 patients [3].",
  drugCandidates: ["amiloride"],
  keyFindings: ["Amiloride reduces lithium-induced polyuria in rats [2]."],
  sufficient: true,
  confidence: 0.7,
  recommendation: "synthesize",
  nextSearchQueries: [],
  reasoning: "Mechanism plausible, clinical data thin.",
  ...over,
});

const input = (iteration: number) => ({
  question: QUESTION,
  evidence: LITHIUM_EVIDENCE,
  hypotheses: HYPOTHESES,
  iteration,
  maxIterations: 3,
});

describe("LLM judge", () => {
  it("keeps the model's scores but recomputes sufficiency with our rule (5 + 5 < 12)", async () => {
    const result = await judgeEvidence(scriptedModel([answer({})]), input(1));
    expect(result.mechanismScore).toBe(5);
    expect(result.clinicalScore).toBe(5);
    expect(result.sufficient).toBe(false);
    expect(result.recommendation).toBe("continue");
    // No model queries while continuing: the hypotheses' recommended searches are used.
    expect(result.nextSearchQueries).toEqual(["lithium AQP2 collecting duct"]);
  });

  it("says sufficient when our rule holds, even if the model says continue", async () => {
    const result = await judgeEvidence(
      scriptedModel([answer({ mechanismScore: 7, clinicalScore: 6, sufficient: false, recommendation: "continue" })]),
      input(1),
    );
    expect(result.sufficient).toBe(true);
    expect(result.recommendation).toBe("synthesize");
  });

  it("clamps scores to integers 0–10 and confidence to 0–1", async () => {
    const result = await judgeEvidence(
      scriptedModel([answer({ mechanismScore: 12.6, clinicalScore: -3, confidence: 1.5 })]),
      input(1),
    );
    expect(result.mechanismScore).toBe(10);
    expect(result.clinicalScore).toBe(0);
    expect(result.confidence).toBe(1);
  });

  it("forces synthesize at the iteration cap, even when insufficient", async () => {
    const result = await judgeEvidence(
      scriptedModel([
        answer({ recommendation: "continue", sufficient: false, nextSearchQueries: ["lithium AQP2 human"] }),
      ]),
      input(3),
    );
    expect(result.sufficient).toBe(false);
    expect(result.recommendation).toBe("synthesize");
    expect(result.nextSearchQueries).toEqual(["lithium AQP2 human"]);
  });
});
