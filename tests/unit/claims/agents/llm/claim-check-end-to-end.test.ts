// The LLM claim check, end to end on the BC5CDR corpus with scripted models (the agents alone: llm.test.ts).
import { describe, expect, it } from "vitest";
import { createLlmClaimBackend } from "@/lib/claims/agents/llm";
import { SCORING_BATCH_SIZE } from "@/lib/claims/agents/llm/scoring";
import type { ModelUsage } from "@/lib/domain/agent";
import { runClaimCheck } from "@/lib/claims/mode";
import { mergeFound, withoutSourceOf } from "@/lib/claims/merge-found";
import { searchThreeWays } from "@/lib/claims/strategies";
import type { Evidence } from "@/lib/domain/evidence";
import { createTextEmbedder } from "@/lib/ai/embeddings";
import { splitSentences } from "@/lib/text/sentences";
import { scriptedModel } from "@/tests/support/llm";
import { bm25Library, eventsOf, memoryRecorder } from "@/tests/support/memory-run";
import { CLAIM, COUNTER, corpus, record } from "./claim-fixtures";

const corpusSource = bm25Library(corpus);

describe("LLM claim check, end to end on the corpus (scripted model)", () => {
  it("searches three ways with provenance, batches scoring, drops a fabricated passage, gives a verdict", async () => {
    // The searches do not involve the model, so the documents the run will score are known in advance.
    const embedder = createTextEmbedder();
    const ctx = { sources: [corpusSource], embedder, timeoutMs: 10_000, onSearch: async () => undefined };
    const documents = withoutSourceOf(CLAIM, mergeFound(await searchThreeWays(COUNTER, ctx)));
    const n = documents.length;
    const batches = Math.ceil(n / SCORING_BATCH_SIZE);
    expect(batches).toBeGreaterThanOrEqual(4);
    // Every batch scores its first record 5 and the others 1, so the candidates are records 1, 11, 21, …
    const scoring = {
      scores: Array.from({ length: SCORING_BATCH_SIZE }, (_, i) => ({
        n: i + 1,
        score: i === 0 ? 5 : 1,
        rationale: i === 0 ? "Direct." : "On topic.",
      })),
    };
    const candidates: Evidence[] = documents.filter((_, i) => i % SCORING_BATCH_SIZE === 0).map((d) => d.evidence);
    const lastSentence = (e: Evidence) => splitSentences(e.citation.abstract).at(-1)!;
    const fabricated = "Doxorubicin never altered any measure of cardiac structure or function in these animals.";
    const firstBatch = candidates
      .slice(0, 5)
      .map((e, i) => ({ n: i + 1, passage: i === 1 ? fabricated : lastSentence(e) }));
    const secondBatch = candidates.slice(5).map((e, i) => ({ n: i + 1, passage: lastSentence(e) }));
    const answers: object[] = [
      { ...COUNTER, claim: undefined },
      ...Array.from({ length: batches }, () => scoring),
      { passages: firstBatch },
      ...(secondBatch.length ? [{ passages: secondBatch }] : []),
      {
        report:
          "Several studies report cardiac effects of doxorubicin [1], including damage in rats [2] and an " +
          "invented study [42].",
      },
      { claims: [{ claim: 1, reasoning: "The passages state cardiac effects.", verdict: "PASS" }] },
      {
        verdict: "contradicts",
        confidence: "high",
        rationale: "The cited passages describe cardiac effects of doxorubicin [1, 2].",
      },
    ];
    const model = scriptedModel(answers);
    const usage: ModelUsage[] = [];
    const backend = createLlmClaimBackend(model, "scripted", { onUsage: (u) => usage.push(u) });
    const recorder = memoryRecorder();

    const outcome = await runClaimCheck({
      text: CLAIM,
      sourceIds: ["local"],
      sources: [corpusSource],
      backend,
      embedder,
      timeoutMs: 10_000,
      recorder,
    });

    expect(outcome).toMatchObject({ status: "completed", error: null });
    expect(model.doGenerateCalls).toHaveLength(answers.length);
    const calls = (agent: string) => usage.filter((u) => u.agent === agent).length;
    expect(calls("claim-extraction")).toBe(0);
    expect(calls("counter-statement")).toBe(1);
    expect(calls("claim-scoring")).toBe(Math.ceil(n / SCORING_BATCH_SIZE));
    expect(calls("claim-passages")).toBe(Math.ceil(candidates.length / 5));
    expect(calls("critic")).toBe(1); // the counter-report's one sentence checked against [1] and [2]
    expect(eventsOf(recorder, "claim-scored")[0]).toMatchObject({
      found: n,
      scored: n,
      aboveThreshold: candidates.length,
      modelCalls: batches,
    });

    // The HyDE search ran on both hypothetical abstracts, and provenance says which strategies found each document.
    const searches = eventsOf(recorder, "claim-search");
    expect(searches.filter((s) => s.strategy === "hyde")).toHaveLength(2);
    expect(searches.filter((s) => s.strategy === "keyword").map((s) => s.query)).toEqual([
      "doxorubicin AND (cardiotoxicity OR heart)",
    ]);
    const [result] = outcome.claims;
    expect(result.searchStats.strategies.hyde.ran).toBe(true);
    expect(result.searchStats.strategies.hyde.found).toBeGreaterThan(0);
    expect(documents[0].foundBy).toEqual(["keyword", "semantic", "hyde"]);

    // The fabricated passage is dropped; every cited passage is in its record's abstract.
    const report = eventsOf(recorder, "counter-report")[0];
    expect(report.dropped).toEqual([
      { evidenceId: candidates[1].id, passage: fabricated, similarity: report.dropped[0].similarity },
    ]);
    expect(report.dropped[0].similarity).toBeLessThan(0.95);
    expect(result.citations.map((c) => c.evidenceId)).toEqual(candidates.filter((_, i) => i !== 1).map((e) => e.id));
    for (const c of result.citations) expect(record(c.evidenceId).citation.abstract).toContain(c.passage);
    expect(result.searchStats).toMatchObject({
      documentsCited: candidates.length - 1,
      passagesExtracted: candidates.length,
      passagesDropped: 1,
    });

    // The marker that cites nothing is removed; the verdict is about the original claim.
    expect(result.counterReport).toBe(
      "Several studies report cardiac effects of doxorubicin [1], including damage in rats [2] and an invented study.",
    );
    expect(result).toMatchObject({
      claim: CLAIM,
      counterStatement: COUNTER.counterStatement,
      verdict: "contradicts",
      confidence: "high",
      claimSupportingDocuments: null,
    });
    expect(result.metadata).toMatchObject({ backend: "llm", model: "scripted", temperature: 0.3 });
    expect(recorder.events.map((e) => e.type).filter((t) => t !== "claim-search")).toEqual([
      "run-started",
      "claims-extracted",
      "counter-statement",
      "evidence",
      "claim-scored",
      "counter-report",
      "claim-verdict",
      "run-finished",
    ]);
  });

  it("a claim whose counter-evidence is all fabricated is undecided, not asking the model for a verdict", async () => {
    const embedder = createTextEmbedder();
    const counter = { ...COUNTER, hydeAbstracts: [] };
    const ctx = { sources: [corpusSource], embedder, timeoutMs: 10_000, onSearch: async () => undefined };
    const documents = withoutSourceOf(CLAIM, mergeFound(await searchThreeWays(counter, ctx)));
    const batches = Math.ceil(documents.length / SCORING_BATCH_SIZE);
    const scoring = { scores: [{ n: 1, score: 3, rationale: "Some support." }] };
    const model = scriptedModel([
      { ...counter, claim: undefined },
      ...Array.from({ length: batches }, () => scoring),
      {
        passages: [1, 2, 3, 4, 5].map((i) => ({
          n: i,
          passage: "An invented sentence that no abstract of this corpus contains at all.",
        })),
      },
      ...(batches > 5 ? [{ passages: [] }] : []),
    ]);
    const recorder = memoryRecorder();
    const outcome = await runClaimCheck({
      text: CLAIM,
      sourceIds: ["local"],
      sources: [corpusSource],
      backend: createLlmClaimBackend(model, "scripted"),
      embedder,
      timeoutMs: 10_000,
      recorder,
    });
    const [result] = outcome.claims;
    expect(result).toMatchObject({ verdict: "undecided", confidence: "low", citations: [] });
    expect(result.counterReport).toContain(
      `reached the threshold, but no passage supporting the counter-statement could be verified in their abstracts.`,
    );
    expect(result.searchStats.strategies.hyde).toEqual({ ran: false, found: 0, scored: 0, cited: 0 });
    expect(model.doGenerateCalls).toHaveLength(1 + batches + (batches > 5 ? 2 : 1));
  });
});
