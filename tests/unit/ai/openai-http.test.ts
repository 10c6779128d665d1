import { createOpenAI } from "@ai-sdk/openai";
import { afterEach, describe, expect, it } from "vitest";
import type { LlmUsage } from "@/lib/ai/structured";
import { createLlmBackend } from "@/lib/research/agents/llm";
import type { JudgeOutput } from "@/lib/research/agents/llm/judge";
import { referenceFromEvidence } from "@/lib/grounding/references";
import { startFakeOpenAIServer, type FakeOpenAIServer } from "@/tests/support/fake-openai-server";
import { HYPOTHESES, LITHIUM_EVIDENCE, QUESTION, withRelevance } from "@/tests/support/llm";

const answer: JudgeOutput = {
  mechanismScore: 7,
  mechanismReasoning: "AVP gene upregulation in Li-treated rats [1].",
  clinicalScore: 5,
  clinicalReasoning: "One cross-sectional study of 85 patients [3].",
  drugCandidates: ["amiloride"],
  keyFindings: ["Amiloride attenuates lithium-induced polyuria in rats [2]."],
  sufficient: true,
  confidence: 0.6,
  recommendation: "synthesize",
  nextSearchQueries: ["lithium amiloride human polyuria"],
  reasoning: "Good mechanism, thin clinical data.",
};

let server: FakeOpenAIServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

describe("LLM backend over HTTP (@ai-sdk/openai → loopback Chat Completions server)", () => {
  it("sends a strict json_schema response_format and parses the structured answer", async () => {
    server = await startFakeOpenAIServer([JSON.stringify(answer)], { relevanceScore: 7 });
    const model = createOpenAI({ baseURL: server.baseURL, apiKey: "test" }).chat("test-model");
    const usage: LlmUsage[] = [];
    const backend = createLlmBackend(model, "test-model", { onUsage: (u) => usage.push(u) });

    const input = {
      question: QUESTION,
      evidence: LITHIUM_EVIDENCE,
      hypotheses: HYPOTHESES,
      iteration: 1,
      maxIterations: 3,
    };
    const result = await backend.judge(await withRelevance(backend, "judge", input, HYPOTHESES));

    expect(backend.kind).toBe("llm");
    expect(backend.model).toBe("test-model");
    expect(result.mechanismScore).toBe(7);
    expect(result.clinicalScore).toBe(5);
    expect(result.sufficient).toBe(true); // 7 + 5 >= 12, mechanism >= 6, one candidate
    expect(result.recommendation).toBe("synthesize");
    // The relevance stage's pass scores the four records first (one batched call), then the judge answers.
    expect(usage).toEqual([
      { agent: "relevance", attempt: 1, inputTokens: 100, outputTokens: 20, totalTokens: 120 },
      { agent: "judge", attempt: 1, inputTokens: 100, outputTokens: 20, totalTokens: 120 },
    ]);

    expect(server.requests).toHaveLength(2);
    expect(server.requests[0]).toMatchObject({
      temperature: 0,
      max_tokens: 1_000,
      response_format: { json_schema: { name: "relevance_output" } },
    });
    const body = server.requests[1] as {
      model: string;
      messages: Array<{ role: string; content: string }>;
      response_format: { type: string; json_schema: { strict: boolean; schema: { required: string[] } } };
    };
    expect(body.model).toBe("test-model");
    expect(body.response_format.type).toBe("json_schema");
    expect(body.response_format.json_schema.strict).toBe(true);
    expect(body.response_format.json_schema.schema.required).toContain("mechanismScore");
    expect(body.messages[0].role).toBe("system");
    expect(body.messages[0].content).toContain("Mechanism score (integer 0–10)");
    expect(body.messages[1].content).toContain('<evidence key="E1" id="pmid:9406968">');
    // Sampling and output limit of the judge, on the wire (without them a local server samples at 1.0 with no limit).
    // a rubric call: temperature 0 (was 0.2)
    expect(server.requests[1]).toMatchObject({ temperature: 0, max_tokens: 1_000 });
  });
});

describe("critic over HTTP (@ai-sdk/openai → loopback Chat Completions server)", () => {
  it("sends the critic's strict json_schema and reads its verdicts", async () => {
    server = await startFakeOpenAIServer([
      JSON.stringify({ claims: [{ claim: 1, reasoning: "No human data in [1].", verdict: "FAIL" }] }),
    ]);
    const model = createOpenAI({ baseURL: server.baseURL, apiKey: "test" }).chat("test-model");
    const backend = createLlmBackend(model, "test-model");
    const report = {
      title: "T",
      executiveSummary: "Lithium causes polyuria in humans [1].",
      researchQuestion: QUESTION,
      methodology: { title: "Methodology", content: "Searched." },
      hypothesesTested: [],
      mechanisticFindings: { title: "Mechanistic findings", content: "See above." },
      clinicalFindings: { title: "Clinical findings", content: "None." },
      drugCandidates: [],
      limitations: [],
      conclusion: "Done.",
      references: [referenceFromEvidence(LITHIUM_EVIDENCE[0], 1)],
      sourcesSearched: ["PubMed"],
      totalPapersReviewed: 4,
      searchIterations: 1,
      confidenceScore: 0.5,
      removedReferences: 0,
    };

    const verdict = await backend.critique!({ question: QUESTION, report, evidence: LITHIUM_EVIDENCE });

    expect(verdict).toEqual({
      verdict: "FAIL",
      claimsChecked: 1,
      issues: [
        {
          section: "Executive summary",
          sentence: "Lithium causes polyuria in humans.",
          issue: "No human data in [1].",
        },
      ],
    });
    const body = server.requests[0] as {
      response_format: { type: string; json_schema: { name: string; strict: boolean } };
      messages: Array<{ content: string }>;
    };
    expect(body.response_format.type).toBe("json_schema");
    expect(body.response_format.json_schema).toMatchObject({ name: "critic_output", strict: true });
    expect(body.messages[1].content).toContain(
      '<claim n="1" cites="E1" section="Executive summary">\nLithium causes polyuria in humans.\n</claim>',
    );
    // a rubric call: temperature 0 (was 0.2); limit 2,500 (was 3,000)
    expect(server.requests[0]).toMatchObject({ temperature: 0, max_tokens: 2_500 });
  });
});
