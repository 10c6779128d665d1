import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { runPubmedQa } from "@/scripts/eval-pubmedqa";
import { startFakeOpenAIServer, type FakeOpenAIServer } from "@/tests/support/fake-openai-server";
import { schemaAnswers } from "@/tests/support/schema-answers";

describe("npm run eval -- pubmedqa --backend llm: PubMedQA questions researched by the LLM backend", () => {
  let server: FakeOpenAIServer;
  beforeAll(async () => {
    server = await startFakeOpenAIServer(schemaAnswers());
  });
  afterAll(() => server.close());
  afterEach(() => vi.unstubAllEnvs());

  it(
    "researches the first dev questions with the configured model and reports accuracy with its calls, tokens and " +
      "estimated cost",
    async () => {
      vi.stubEnv("OPENAI_API_KEY", "ollama");
      vi.stubEnv("OPENAI_BASE_URL", server.baseURL);
      vi.stubEnv("OPENAI_MODEL", "qwen3:8b");
      vi.stubEnv("OPENAI_PRICE_INPUT_PER_MTOK", "0.15");
      vi.stubEnv("OPENAI_PRICE_OUTPUT_PER_MTOK", "0.60");
      const result = await runPubmedQa(["--split", "dev", "--limit", "3", "--backend", "llm"]);
      expect(result.documents).toBe(3);
      // The schema's simplest answers cite nothing, so each question's drafts fail the critic and the extractive report
      // of the same evidence is published: its bottom line answers the three dev questions as their gold labels do.
      expect(result.rows.slice(0, 3).map((r) => [r.name, r.f1])).toEqual([
        ["Critica llm (qwen3:8b): accuracy", 1],
        ["Critica llm (qwen3:8b): report cites the question's own abstract", 1],
        ["majority (always yes) on this split", 1 / 3],
      ]);
      // Per question: the relevance pass before the hypothesis agent (its blocks in 4 batches) and before the judge
      // (1),
      // hypothesis, judge, and the report with its two revisions; 100 + 20 tokens per call at $0.15 / $0.60 per
      // million.
      expect(
        Object.fromEntries(Object.entries(result.llm!.usage.byAgent).map(([agent, u]) => [agent, u!.calls])),
      ).toEqual({ relevance: 15, hypothesis: 3, judge: 3, report: 9 });
      expect(result.llm?.usage).toMatchObject({ calls: 30, inputTokens: 3_000, outputTokens: 600 });
      expect(result.llm?.usage.costUsd).toBeCloseTo((3_000 * 0.15 + 600 * 0.6) / 1e6, 12);
    },
    60_000,
  );
});
