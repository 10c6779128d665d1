import { MockEmbeddingModelV4 } from "ai/test";
import { describe, expect, it } from "vitest";
import { buildKeyedEvidenceContext, JUDGE_MAX_EVIDENCE, selectEvidence } from "@/lib/evidence/prompt-context/context";
import { judgeEvidence, type JudgeOutput } from "@/lib/research/agents/llm/judge";
import type { ModelUsage } from "@/lib/domain/agent";
import type { Evidence } from "@/lib/domain/evidence";
import { createTextEmbedder } from "@/lib/ai/embeddings";
import { truncateAtSentence } from "@/lib/text/sentences";
import { loadCorpus, searchCorpus } from "@/tests/support/corpus";
import { HYPOTHESES, promptText, QUESTION, scriptedModel } from "@/tests/support/llm";

/** 12 copies of one real abstract (relevance 1) and 10 other real lithium records (relevance 0.9). */
function crowdedEvidence(): { copies: Evidence[]; others: Evidence[] } {
  const lithium = searchCorpus("lithium");
  const original = lithium[0];
  const copies = Array.from({ length: 12 }, (_, i) => ({ ...original, id: `copy:${i}`, relevance: 1 }));
  const others = lithium.slice(1, 11).map((e) => ({ ...e, relevance: 0.9 }));
  return { copies, others };
}

describe("evidence selection for the agents (MMR, λ 0.7)", () => {
  it("keeps every record, by relevance, when they all fit", () => {
    const { copies, others } = crowdedEvidence();
    const all = [...others, ...copies];
    expect(selectEvidence(all, 40).map((e) => e.id)).toEqual([...copies, ...others].map((e) => e.id));
  });

  it("picks a diverse set when they do not fit: one copy of a repeated abstract, then the other records", () => {
    const { copies, others } = crowdedEvidence();
    const picked = selectEvidence([...copies, ...others], 10);
    expect(picked).toHaveLength(10);
    expect(picked.filter((e) => e.id.startsWith("copy:")).map((e) => e.id)).toEqual(["copy:0"]);
    expect(picked.filter((e) => !e.id.startsWith("copy:"))).toHaveLength(9);
    // Numbered by relevance: the copy (1.0) first.
    expect(picked[0].id).toBe("copy:0");
  });

  it("bounds the judge's input at 25 records whatever the evidence count", async () => {
    const evidence = loadCorpus()
      .slice(0, 120)
      .map((e, i) => ({ ...e, relevance: 1 - i / 200 }));
    const answer: JudgeOutput = {
      mechanismScore: 5,
      mechanismReasoning: "",
      clinicalScore: 5,
      clinicalReasoning: "",
      drugCandidates: [],
      keyFindings: [],
      sufficient: false,
      confidence: 0.5,
      recommendation: "continue",
      nextSearchQueries: [],
      reasoning: "",
    };
    const model = scriptedModel([answer]);
    await judgeEvidence(model, {
      question: QUESTION,
      evidence,
      hypotheses: HYPOTHESES,
      iteration: 1,
      maxIterations: 3,
    });
    const prompt = promptText(model, 0);
    // 25, not 30: a judge prompt holds 25–30 blocks of ≈ 1,200-character excerpts within its budget; the judge
    // takes the low end.
    expect(JUDGE_MAX_EVIDENCE).toBe(25);
    expect(prompt.match(/<evidence key=/g)).toHaveLength(25);
    expect(prompt).toContain("## Evidence (25 records; 95 more not shown for room)");
  });

  it("uses the provider's embeddings when configured (once per record per run), and reports their usage", async () => {
    const { copies, others } = crowdedEvidence();
    const evidence = [...copies, ...others];
    // Orthogonal vectors: the provider says the 12 copies differ, so MMR keeps the 10 most relevant, all copies.
    const embeddingModel = new MockEmbeddingModelV4({
      maxEmbeddingsPerCall: null,
      doEmbed: async ({ values }) => ({
        embeddings: values.map((_, i) => Array.from({ length: values.length }, (__, j) => (i === j ? 1 : 0))),
        usage: { tokens: 7 * values.length },
        warnings: [],
      }),
    });
    const embedder = createTextEmbedder({ model: embeddingModel });
    const usage: ModelUsage[] = [];
    const context = await buildKeyedEvidenceContext(evidence, {
      question: QUESTION,
      maxItems: 10,
      embedder,
      onUsage: (u) => usage.push(u),
    });

    expect(embedder.kind).toBe("provider");
    expect(context.items.map((i) => i.evidence.id)).toEqual(copies.slice(0, 10).map((e) => e.id));
    expect(embeddingModel.doEmbedCalls).toHaveLength(1);
    // The question is embedded with the records (relevance is scored against the question), so 23 values, not 22.
    expect(embeddingModel.doEmbedCalls[0].values).toHaveLength(23);
    expect(embeddingModel.doEmbedCalls[0].values[0]).toBe(QUESTION);
    expect(embeddingModel.doEmbedCalls[0].values[13]).toBe(
      `${others[0].citation.title} ${truncateAtSentence(others[0].citation.abstract, 1000)}`,
    );
    expect(usage).toEqual([{ agent: "embedding", attempt: 1, inputTokens: 161, outputTokens: 0, totalTokens: 161 }]);

    await buildKeyedEvidenceContext(evidence, { question: QUESTION, maxItems: 10, embedder });
    expect(embeddingModel.doEmbedCalls).toHaveLength(1); // cached by evidence id
  });

  it("falls back to TF-IDF when the embedding call fails", async () => {
    const { copies, others } = crowdedEvidence();
    const failing = new MockEmbeddingModelV4({
      doEmbed: async () => {
        throw new Error("embedding model not found");
      },
    });
    const errors: unknown[] = [];
    const embedder = createTextEmbedder({ model: failing, onFallback: (e) => errors.push(e) });
    const context = await buildKeyedEvidenceContext([...copies, ...others], {
      question: QUESTION,
      maxItems: 10,
      embedder,
    });
    expect(context.items.filter((i) => i.evidence.id.startsWith("copy:"))).toHaveLength(1);
    expect(errors).toHaveLength(1);
  });
});

describe("relevance to the question", () => {
  it(
    "scores every record against the question before MMR: a follow-up search's top hit no longer outranks the " +
      "question's records",
    async () => {
      const lithium = searchCorpus("lithium")
        .slice(0, 12)
        .map((e) => ({ ...e, relevance: 0.3 }));
      // Top hits of some follow-up query (source rank 1.0) that share no word with the question.
      const offTopic = loadCorpus()
        .filter((e) => !/lithium|diabetes|insipidus|nephrogenic/i.test(`${e.citation.title} ${e.citation.abstract}`))
        .slice(0, 12)
        .map((e) => ({ ...e, relevance: 1 }));
      const context = await buildKeyedEvidenceContext([...offTopic, ...lithium], { question: QUESTION, maxItems: 10 });
      const shown = context.items.map((i) => i.evidence.id);
      expect(shown.filter((id) => lithium.some((e) => e.id === id))).toHaveLength(10);
      // Keys stay the records' positions in the run's evidence, whatever the order shown: the lithium records are
      // E13–E24.
      expect(context.items.every((i) => Number(i.key.slice(1)) >= 13)).toBe(true);
    },
  );
});
