import { describe, expect, it } from "vitest";
import type { LlmUsage } from "@/lib/ai/structured";
import { judgeEvidence, type JudgeOutput } from "@/lib/research/agents/llm/judge";
import { HYPOTHESES, LITHIUM_EVIDENCE, promptText, QUESTION, scriptedModel } from "@/tests/support/llm";

const valid: JudgeOutput = {
  mechanismScore: 7,
  mechanismReasoning: "AVP upregulation [1].",
  clinicalScore: 6,
  clinicalReasoning: "Cross-sectional study [3].",
  drugCandidates: ["amiloride"],
  keyFindings: [],
  sufficient: true,
  confidence: 0.8,
  recommendation: "synthesize",
  nextSearchQueries: [],
  reasoning: "Enough to report.",
};

const input = {
  question: QUESTION,
  evidence: LITHIUM_EVIDENCE,
  hypotheses: HYPOTHESES,
  iteration: 1,
  maxIterations: 3,
};

describe("structured output retry", () => {
  it("retries once after invalid JSON and passes the validation error back to the model", async () => {
    const model = scriptedModel(['{"mechanismScore": 7, "clinicalScore": ', valid]);
    const usage: LlmUsage[] = [];
    const result = await judgeEvidence(model, input, { onUsage: (u) => usage.push(u) });

    expect(result.mechanismScore).toBe(7);
    expect(model.doGenerateCalls).toHaveLength(2);
    const second = promptText(model, 1);
    expect(second).toContain("Validation error:");
    expect(second).toContain("JSON parsing failed");
    expect(promptText(model, 0)).not.toContain("Validation error:");
    expect(usage.map((u) => u.attempt)).toEqual([1, 2]);
  });

  it("passes a schema violation back to the model", async () => {
    const missingField: Partial<JudgeOutput> = { ...valid };
    delete missingField.mechanismReasoning;
    const model = scriptedModel([missingField, valid]);
    await judgeEvidence(model, input);
    expect(promptText(model, 1)).toContain("mechanismReasoning");
  });

  it("throws a clear error after two invalid answers", async () => {
    const model = scriptedModel(["not json", "still not json"]);
    await expect(judgeEvidence(model, input)).rejects.toThrow(
      /^judge agent: the model returned an invalid object twice: /,
    );
    expect(model.doGenerateCalls).toHaveLength(2);
  });
});
