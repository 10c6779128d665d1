import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { runCdrWithModel } from "@/scripts/eval-cdr-llm";
import { startFakeOpenAIServer, type FakeOpenAIServer } from "@/tests/support/fake-openai-server";
import { schemaAnswers } from "@/tests/support/schema-answers";

describe("npm run eval -- cdr --backend llm: CDR documents read by the LLM claim check", () => {
  let server: FakeOpenAIServer;
  beforeAll(async () => {
    server = await startFakeOpenAIServer(schemaAnswers());
  });
  afterAll(() => server.close());
  afterEach(() => vi.unstubAllEnvs());

  it(
    "checks every chemical × disease pair of the first documents against its own abstract and scores the verdicts " +
      "beside the relation model",
    async () => {
      vi.stubEnv("OPENAI_API_KEY", "ollama");
      vi.stubEnv("OPENAI_BASE_URL", server.baseURL);
      vi.stubEnv("OPENAI_MODEL", "qwen3:8b");
      const before = process.env.DATABASE_URL;
      const result = await runCdrWithModel(["--split", "dev", "--limit", "2"]);
      expect(process.env.DATABASE_URL).toBe(before);
      expect([result.split, result.documents, result.goldRelations]).toEqual([
        "CDR_DevelopmentSet (its first 2 documents; each pair checked as a claim against its own abstract)",
        2,
        4,
      ]);
      // The loopback server's answers (chosen by each agent's JSON schema) find no passage: every claim stays
      // undecided.
      expect(result.model).toEqual({ pairs: 20, verdicts: { supports: 0, contradicts: 0, undecided: 20 } });
      // The committed relation model was fitted on the development set too, so on these two dev documents it finds all
      // 4
      // relations with no false pair (1 false pair before its second stage read each pair against the document's
      // others).
      expect(result.rows.map((r) => [r.name, r.tp, r.fp, r.fn])).toEqual([
        ["doc co-occurrence baseline", 4, 16, 0],
        ["Critica relation model", 4, 0, 0],
        ["claim check (llm qwen3:8b): “<chemical> causes <disease>.” → supports", 0, 0, 4],
      ]);
      // One search result per check: a counter-statement and one scoring batch each, 100 + 20 tokens per call.
      expect(result.llm?.modelId).toBe("qwen3:8b");
      expect(result.llm?.usage).toMatchObject({ calls: 40, inputTokens: 4_000, outputTokens: 800, costUsd: null });
      expect(
        Object.fromEntries(Object.entries(result.llm!.usage.byAgent).map(([agent, u]) => [agent, u!.calls])),
      ).toEqual({ "counter-statement": 20, "claim-scoring": 20 });
      expect(server.requests).toHaveLength(40);
    },
    60_000,
  );

  it("refuses without a configured model, and a bad --limit", async () => {
    vi.stubEnv("OPENAI_API_KEY", "");
    await expect(runCdrWithModel(["--limit", "2"])).rejects.toThrow(
      /^--backend llm needs a language model, and none is configured/,
    );
    await expect(runCdrWithModel(["--limit", "0"])).rejects.toThrow("--limit needs a positive whole number");
  });
});
