import { describe, expect, it } from "vitest";
import { configuredSampling, samplingOf } from "@/lib/ai/agent";
import { chatAgents } from "@/lib/chat/backend";
import { claimAgents } from "@/lib/claims/agents/llm";
import { createLlmBackend, researchAgents } from "@/lib/research/agents/llm";
import { judgeAgent } from "@/lib/research/agents/llm/judge";
import { HYPOTHESES, LITHIUM_EVIDENCE, QUESTION, scriptedModel } from "@/tests/support/llm";

const env = (vars: Record<string, string>) => vars as unknown as NodeJS.ProcessEnv;

describe("one sampling table per mode, read by the one agent runner (lib/ai/agent)", () => {
  it("CRITICA_TEMPERATURE_<AGENT> and CRITICA_MAX_OUTPUT_TOKENS_<AGENT> replace a research agent's defaults", () => {
    const set = env({ CRITICA_TEMPERATURE_JUDGE: "0.7", CRITICA_MAX_OUTPUT_TOKENS_REPORT: "3000" });
    expect(configuredSampling(researchAgents, set)).toEqual({
      judge: { temperature: 0.7 },
      report: { maxOutputTokens: 3_000 },
    });
    // Configuration names no claim-check or chat agent: their tables stand.
    expect(configuredSampling([...claimAgents, ...chatAgents], set)).toEqual({});
    expect(samplingOf(judgeAgent, configuredSampling(researchAgents, set))).toEqual({
      temperature: 0.7,
      maxOutputTokens: 1_000,
    });
    expect(samplingOf(judgeAgent)).toEqual({ temperature: 0, maxOutputTokens: 1_000 });
  });

  it("a backend sends each agent's sampling on the wire, overrides taking precedence", async () => {
    const judge = {
      keyFindings: [],
      mechanismReasoning: "AVP rises [E1].",
      mechanismScore: 5,
      clinicalReasoning: "One cohort [E3].",
      clinicalScore: 3,
      drugCandidates: [],
      reasoning: "Thin.",
      confidence: 0.3,
      sufficient: false,
      recommendation: "continue",
      nextSearchQueries: [],
    };
    const input = { question: QUESTION, evidence: LITHIUM_EVIDENCE, hypotheses: HYPOTHESES, iteration: 1 };
    const defaults = scriptedModel([judge]);
    await createLlmBackend(defaults, "scripted", { sampling: {} }).judge({ ...input, maxIterations: 2 });
    expect(defaults.doGenerateCalls[0]).toMatchObject({ temperature: 0, maxOutputTokens: 1_000 });
    const configured = scriptedModel([judge]);
    const sampling = configuredSampling(researchAgents, env({ CRITICA_TEMPERATURE_JUDGE: "0.7" }));
    await createLlmBackend(configured, "scripted", { sampling }).judge({ ...input, maxIterations: 2 });
    expect(configured.doGenerateCalls[0]).toMatchObject({ temperature: 0.7, maxOutputTokens: 1_000 });
  });
});
