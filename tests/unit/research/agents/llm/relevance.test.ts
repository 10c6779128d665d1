import { afterEach, describe, expect, it } from "vitest";
import { getLanguageModel } from "@/lib/ai/providers";
import type { ModelUsage } from "@/lib/domain/agent";
import { createLlmBackend } from "@/lib/research/agents/llm";
import { balancedBatches } from "@/lib/ai/batches";
import { RELEVANCE_BATCH } from "@/lib/research/agents/llm/relevance";
import type { HypothesisOutput } from "@/lib/research/agents/llm/hypothesis";
import type { JudgeOutput } from "@/lib/research/agents/llm/judge";
import { startFakeOpenAIServer, type FakeOpenAIServer } from "@/tests/support/fake-openai-server";
import { HYPOTHESES, LITHIUM_EVIDENCE, promptBlocks, QUESTION, withRelevance } from "@/tests/support/llm";

type Body = {
  temperature: number;
  messages: Array<{ role: string; content: string }>;
  response_format: {
    json_schema: {
      name: string;
      schema: { properties: { records: { items: { properties: Record<string, unknown> } } } };
    };
  };
};
const user = (body: Record<string, unknown>) => (body as Body).messages.find((m) => m.role === "user")!.content;

let server: FakeOpenAIServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const hypotheses: HypothesisOutput = {
  evidenceReading: "No record reports a mechanism.",
  hypotheses: [],
  primaryHypothesis: null,
  knowledgeGaps: [],
  recommendedSearches: [],
};
const judge: JudgeOutput = {
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

describe("the batched relevance pass (summary before score, as PaperQA2)", () => {
  it("drops the records the model scores 0, scored once a run; the agents see the rest and their keys", async () => {
    // E4 (PMID 1378968, uninephrectomy and protein feeding) is scored 0: it does not bear on the question.
    const relevance = JSON.stringify({
      records: [
        { key: "E1", summary: "AVP gene expression rose in lithium-treated rats.", score: 8 },
        { key: "E2", summary: "Amiloride reduced lithium-induced polyuria in rats.", score: 6 },
        { key: "E3", summary: "Multiple daily doses went with higher urine volumes.", score: 7 },
        { key: "E4", summary: "Not applicable", score: 0 },
      ],
    });
    server = await startFakeOpenAIServer([relevance, JSON.stringify(hypotheses), JSON.stringify(judge)]);
    const configured = getLanguageModel({
      OPENAI_API_KEY: "ollama",
      OPENAI_BASE_URL: server.baseURL,
      OPENAI_MODEL: "qwen2.5:7b-instruct",
    } as unknown as NodeJS.ProcessEnv)!;
    const usage: ModelUsage[] = [];
    const backend = createLlmBackend(configured.model, configured.modelId, {
      promptStyle: configured.promptStyle,
      sampling: {},
      onUsage: (u) => usage.push(u),
    });
    // The run's scores, as its state carries them from the hypothesis agent's relevance stage to the judge's.
    const scores = {};
    const hypothesisInput = { question: QUESTION, evidence: LITHIUM_EVIDENCE, previous: null };
    await backend.hypothesize(await withRelevance(backend, "hypothesis", hypothesisInput, null, scores));
    const judgeInput = {
      question: QUESTION,
      evidence: LITHIUM_EVIDENCE,
      hypotheses: HYPOTHESES,
      iteration: 1,
      maxIterations: 2,
    };
    await backend.judge(await withRelevance(backend, "judge", judgeInput, HYPOTHESES, scores));

    // One relevance call for the run's four records; the judge's relevance stage reuses its scores.
    expect(scores).toEqual({
      [LITHIUM_EVIDENCE[0].id]: 8,
      [LITHIUM_EVIDENCE[1].id]: 6,
      [LITHIUM_EVIDENCE[2].id]: 7,
      [LITHIUM_EVIDENCE[3].id]: 0,
    });
    expect(usage.map((u) => u.agent)).toEqual(["relevance", "hypothesis", "judge"]);
    const [pass, hypothesis, judged] = server.requests;
    expect((pass as Body).response_format.json_schema.name).toBe("relevance_output");
    expect(Object.keys((pass as Body).response_format.json_schema.schema.properties.records.items.properties)).toEqual([
      "key",
      "summary",
      "score",
    ]);
    expect((pass as Body).temperature).toBe(0);
    // Blocks in order of relevance to the question (BM25): E2 first.
    expect(promptBlocks(user(pass)).map((b) => b.key)).toEqual(["E2", "E1", "E3", "E4"]);
    for (const body of [hypothesis, judged]) {
      expect(promptBlocks(user(body)).map((b) => b.key)).toEqual(["E2", "E1", "E3"]);
      expect(user(body)).toContain("## Evidence (3 records; 1 judged not to bear on the question and left out)");
      expect(user(body)).toContain("Keys shown (cite only these; a sentence as key.number, e.g. E2.1): E2, E1, E3");
    }
  });

  it("an unusable relevance answer drops nothing (and is not asked again in the run)", async () => {
    server = await startFakeOpenAIServer(["not json", "still not json", JSON.stringify(judge), JSON.stringify(judge)]);
    const configured = getLanguageModel({
      OPENAI_API_KEY: "ollama",
      OPENAI_BASE_URL: server.baseURL,
      OPENAI_MODEL: "qwen2.5:7b-instruct",
    } as unknown as NodeJS.ProcessEnv)!;
    const backend = createLlmBackend(configured.model, configured.modelId, {
      promptStyle: configured.promptStyle,
      sampling: {},
    });
    const scores = {};
    const judgeInput = (iteration: number) => ({
      question: QUESTION,
      evidence: LITHIUM_EVIDENCE,
      hypotheses: HYPOTHESES,
      iteration,
      maxIterations: 2,
    });
    await backend.judge(await withRelevance(backend, "judge", judgeInput(1), HYPOTHESES, scores));
    await backend.judge(await withRelevance(backend, "judge", judgeInput(2), HYPOTHESES, scores));
    // No score for any record: recorded as null, so the pass does not ask about them again.
    expect(Object.values(scores)).toEqual([null, null, null, null]);
    expect(server.requests).toHaveLength(4);
    expect(promptBlocks(user(server.requests[2])).map((b) => b.key)).toEqual(["E2", "E1", "E3", "E4"]);
    expect(promptBlocks(user(server.requests[3])).map((b) => b.key)).toEqual(["E2", "E1", "E3", "E4"]);
  });
});

describe("relevance batches: the fewest near-equal batches of at most 8 blocks, asked at once", () => {
  it("splits 25 blocks 7, 6, 6, 6 in order, 8 in one batch, 9 in 5 and 4, none in none", () => {
    const keys = (n: number) => Array.from({ length: n }, (_, i) => `E${i + 1}`);
    expect(balancedBatches(keys(25), RELEVANCE_BATCH).map((b) => b.length)).toEqual([7, 6, 6, 6]);
    expect(balancedBatches(keys(25), RELEVANCE_BATCH).flat()).toEqual(keys(25));
    expect(balancedBatches(keys(8), RELEVANCE_BATCH)).toEqual([keys(8)]);
    expect(balancedBatches(keys(9), RELEVANCE_BATCH).map((b) => b.length)).toEqual([5, 4]);
    expect(balancedBatches([], RELEVANCE_BATCH)).toEqual([]);
  });
});
