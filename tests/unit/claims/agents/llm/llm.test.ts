import { describe, expect, it } from "vitest";
import { createLlmClaimBackend } from "@/lib/claims/agents/llm";
import { writeCounterStatement } from "@/lib/claims/agents/llm/counter";
import { extractClaimsLlm } from "@/lib/claims/agents/llm/extraction";
import { extractPassagesLlm } from "@/lib/claims/agents/llm/passages";
import { writeCounterReportLlm } from "@/lib/claims/agents/llm/counter-report";
import { SCORING_BATCH_SIZE, scoreDocumentsLlm } from "@/lib/claims/agents/llm/scoring";
import { judgeClaimLlm } from "@/lib/claims/agents/llm/verdict";
import type { ModelUsage } from "@/lib/domain/agent";
import type { CounterReportInput } from "@/lib/claims/backend";
import { mergeFound } from "@/lib/claims/merge-found";
import { verifyPassages } from "@/lib/claims/passages";
import { runClaimCheck } from "@/lib/claims/mode";
import { withoutSourceOf } from "@/lib/claims/merge-found";
import { buildSearchStats } from "@/lib/claims/search-stats";
import { searchThreeWays } from "@/lib/claims/strategies";
import type { CounterStatement } from "@/lib/domain/claim-check";
import type { Evidence } from "@/lib/domain/evidence";
import type { LiteratureSource } from "@/lib/sources/types";
import { rankBm25 } from "@/lib/text/bm25";
import { createTextEmbedder } from "@/lib/ai/embeddings";
import { splitSentences } from "@/lib/text/sentences";
import type { RunEventPayloads, RunEventType } from "@/lib/domain/events";
import type { RunRecorder } from "@/lib/runs/recorder";
import { doxorubicinCitation } from "./doxorubicin-citation";
import { loadCorpus } from "@/tests/support/corpus";
import { promptText, scriptedModel } from "@/tests/support/llm";

const corpus = loadCorpus();
const record = (id: string) => corpus.find((e) => e.id === id)!;
const CLAIM = "Doxorubicin has no effect on the heart";

/** The corpus as a library source: records ranked by BM25 over title and abstract (deterministic). */
const corpusSource: LiteratureSource = {
  id: "local",
  search: async (query, { limit }) => {
    const ranked = rankBm25(
      query,
      corpus.map((e) => `${e.citation.title} ${e.citation.abstract}`),
    ).slice(0, limit);
    return ranked.map((r, i) => ({ ...corpus[r.index], relevance: (ranked.length - i) / ranked.length }));
  },
};

const CITATION = doxorubicinCitation(record("pmid:24727461"));

const COUNTER: CounterStatement = {
  claim: CLAIM,
  counterStatement: "Doxorubicin has an effect on the heart.",
  keywords: ["doxorubicin", "cardiotoxicity", "heart"],
  keywordQuery: "doxorubicin AND (cardiotoxicity OR heart)",
  hydeAbstracts: [
    "Doxorubicin induced dose-dependent cardiomyopathy in rats, with reduced left ventricular ejection fraction " +
      "and myocardial apoptosis.",
    "In patients treated with doxorubicin, cardiac troponin rose and congestive heart failure developed at high " +
      "cumulative doses.",
  ],
};

/** Records the events of a run in memory (in order), as the database recorder would save them. */
function memoryRecorder(): RunRecorder & { events: Array<{ type: RunEventType; data: unknown }> } {
  const events: Array<{ type: RunEventType; data: unknown }> = [];
  return {
    events,
    emit: async <K extends RunEventType>(type: K, data: RunEventPayloads[K]) => void events.push({ type, data }),
    saveEvidence: async () => undefined,
  };
}

function eventsOf<K extends RunEventType>(recorder: ReturnType<typeof memoryRecorder>, type: K): RunEventPayloads[K][] {
  return recorder.events.filter((e) => e.type === type).map((e) => e.data as RunEventPayloads[K]);
}

describe("LLM claim agents (scripted models)", () => {
  it("scores N documents in ⌈N / 10⌉ batched calls, not one call per document", async () => {
    const documents = corpus.filter((e) => /doxorubicin/i.test(e.citation.abstract)).slice(0, 23);
    expect(documents).toHaveLength(23);
    const batchAnswer = {
      scores: [
        { n: 1, score: 4.6, rationale: "Direct finding." },
        { n: 2, score: 7, rationale: "Out of range." },
        { n: 3, score: 2, rationale: "Indirect." },
      ],
    };
    const model = scriptedModel([batchAnswer, batchAnswer, batchAnswer]);
    const { scores, modelCalls } = await scoreDocumentsLlm(model, { claim: CLAIM, counter: COUNTER, documents });
    expect(modelCalls).toBe(Math.ceil(23 / SCORING_BATCH_SIZE));
    expect(model.doGenerateCalls).toHaveLength(3);
    expect(scores).toHaveLength(23);
    // Per batch: n=1 rounded to 5, n=2 clamped to 5, n=3 below the threshold, the rest not scored by the model (0).
    expect(scores.slice(0, 4)).toEqual([
      { score: 5, stance: "counter", rationale: "Direct finding." },
      { score: 5, stance: "counter", rationale: "Out of range." },
      { score: 2, stance: "neutral", rationale: "Indirect." },
      { score: 0, stance: "neutral", rationale: "Not scored by the model." },
    ]);
    expect(scores[20]).toEqual({ score: 5, stance: "counter", rationale: "Direct finding." });
    // Each call shows its own batch of records as evidence blocks, the last one the remaining 3.
    expect(promptText(model, 0)).toContain(`id=\\"${documents[9].id}\\"`);
    expect(promptText(model, 0)).not.toContain(`id=\\"${documents[10].id}\\"`);
    expect(promptText(model, 2)).toContain(`id=\\"${documents[22].id}\\"`);
    // scoring is a rubric call: temperature 0, no longer the prose 0.3
    expect(model.doGenerateCalls[0].temperature).toBe(0);
  });

  it("drops a fabricated passage and keeps verified ones in the abstract's own words", async () => {
    const docs = ["pmid:24727461", "pmid:16565833", "pmid:12589964"].map(record);
    const exact =
      "Doxorubicin causes significant cardiotoxicity characterized by marked increases in oxidative stress and " +
      "mitochondrial dysfunction.";
    const near =
      "Microscopic evaluation revealed that treatment with DOX alone induced significant cardiac damage in " +
      "comparison to the saline control group (P<0.001).";
    const fabricated =
      "Doxorubicin markedly improved cardiac contractility and protected the myocardium in every treated animal.";
    const model = scriptedModel([
      {
        passages: [
          { n: 1, passage: exact },
          { n: 2, passage: near.replace("Microscopic", "Microscopical") },
          { n: 3, passage: fabricated },
          { n: 9, passage: exact },
        ],
      },
    ]);
    const proposals = await extractPassagesLlm(model, { claim: CLAIM, counter: COUNTER, documents: docs });
    expect(proposals.map((p) => p.evidenceId)).toEqual(["pmid:24727461", "pmid:16565833", "pmid:12589964"]);
    const candidates = docs.map((evidence) => ({
      document: { evidence, foundBy: ["keyword" as const], relevance: 1 },
      score: 4,
    }));
    const { citations, dropped } = verifyPassages(candidates, proposals);
    expect(citations.map((c) => [c.n, c.evidenceId, c.passage])).toEqual([
      [1, "pmid:24727461", exact],
      [2, "pmid:16565833", near],
    ]);
    expect(citations[0].similarity).toBe(1);
    expect(citations[1].similarity).toBeGreaterThanOrEqual(0.95);
    expect(citations[1].similarity).toBeLessThan(1);
    expect(dropped).toHaveLength(1);
    expect(dropped[0]).toMatchObject({ evidenceId: "pmid:12589964", passage: fabricated });
    expect(dropped[0].similarity).toBeLessThan(0.95);
  });

  it("writes the counter-statement, keywords and two HyDE abstracts", async () => {
    const model = scriptedModel([
      { ...COUNTER, claim: undefined, keywords: ["doxorubicin", " doxorubicin", "heart"], keywordQuery: " " },
    ]);
    const counter = await writeCounterStatement(model, CLAIM);
    expect(counter).toEqual({ ...COUNTER, keywords: ["doxorubicin", "heart"], keywordQuery: "doxorubicin OR heart" });
    expect(promptText(model, 0)).toContain("<claim>\\nDoxorubicin has no effect on the heart\\n</claim>");
  });

  it("asks the model for the claims of an abstract, but not of a single claim", async () => {
    const model = scriptedModel([
      {
        claims: [
          "Dexrazoxane reduces heart failure.",
          "Dexrazoxane reduces heart failure",
          "Tumour response is unchanged.",
          "A",
          "B",
        ],
      },
    ]);
    const claims = await extractClaimsLlm(
      model,
      "BACKGROUND: Anthracyclines harm the heart. RESULTS: Dexrazoxane reduced heart failure. Tumour response " +
        "was unchanged.",
    );
    expect(claims).toEqual(["Dexrazoxane reduces heart failure", "Tumour response is unchanged", "A"]);
    const unused = scriptedModel([]);
    expect(await extractClaimsLlm(unused, "Doxorubicin has no effect on the heart.")).toEqual([CLAIM]);
    expect(unused.doGenerateCalls).toHaveLength(0);
  });

  it("cleans the counter-report and judges the original claim", async () => {
    const citation = CITATION;
    const stats = buildSearchStats([], [], [citation], [], { keyword: true, semantic: true, hyde: true });
    const input: CounterReportInput = {
      claim: CLAIM,
      counter: COUNTER,
      citations: [citation],
      stats,
      sources: ["local"],
    };
    const report = await writeCounterReportLlm(
      scriptedModel([
        { report: "Summary: In a rat study, doxorubicin caused significant cardiotoxicity with oxidative stress [1]." },
        { claims: [{ claim: 1, reasoning: "The passage states it.", verdict: "PASS" }] },
      ]),
      input,
    );
    expect(report).toBe("In a rat study, doxorubicin caused significant cardiotoxicity with oxidative stress [1].");
    // Too short to be a report: the template built from the passages is used instead.
    expect(await writeCounterReportLlm(scriptedModel([{ report: "See [1]." }]), input)).toMatch(
      /^The counter-statement is “Doxorubicin has an effect on the heart”\./,
    );

    const verdict = await judgeClaimLlm(
      scriptedModel([
        { verdict: "contradicts", confidence: "medium", rationale: " One rat study shows cardiotoxicity [1]. " },
      ]),
      {
        claim: CLAIM,
        counter: COUNTER,
        report,
        citations: [citation],
        stats,
        scores: [],
      },
    );
    expect(verdict).toEqual({
      verdict: "contradicts",
      confidence: "medium",
      rationale: "One rat study shows cardiotoxicity [1].",
    });
  });
});

describe("LLM claim agents' sampling and output limits", () => {
  it(
    "every claim agent sends temperature 0.3 and its own output limit; a limit given in the options replaces the " +
      "default",
    async () => {
      const citation = CITATION;
      const stats = buildSearchStats([], [], [citation], [], { keyword: true, semantic: true, hyde: true });
      const model = scriptedModel([
        { claims: ["Doxorubicin has no effect on the heart."] },
        { ...COUNTER, claim: undefined },
        { scores: [{ n: 1, score: 5, rationale: "Direct finding." }] },
        { passages: [{ n: 1, passage: citation.passage }] },
        { report: "In a rat study, doxorubicin caused significant cardiotoxicity with oxidative stress [1]." },
        { claims: [{ claim: 1, reasoning: "The passage states it.", verdict: "PASS" }] },
        { verdict: "contradicts", confidence: "low", rationale: "One rat study shows cardiotoxicity [1]." },
      ]);
      const usage: ModelUsage[] = [];
      const backend = createLlmClaimBackend(model, "scripted", {
        sampling: { "counter-report": { maxOutputTokens: 700 } },
        onUsage: (u) => usage.push(u),
      });
      const documents = [record("pmid:24727461")];
      await backend.extractClaims("Doxorubicin has no effect on the heart. It is safe at every dose.");
      await backend.counterStatement(CLAIM);
      await backend.scoreDocuments({ claim: CLAIM, counter: COUNTER, documents });
      await backend.extractPassages({ claim: CLAIM, counter: COUNTER, documents });
      const input: CounterReportInput = {
        claim: CLAIM,
        counter: COUNTER,
        citations: [citation],
        stats,
        sources: ["local"],
      };
      const report = await backend.writeCounterReport(input);
      await backend.judgeClaim({ claim: CLAIM, counter: COUNTER, report, citations: [citation], stats, scores: [] });

      expect(usage.map((u) => u.agent)).toEqual([
        "claim-extraction",
        "counter-statement",
        "claim-scoring",
        "claim-passages",
        "counter-report",
        "critic", // the counter-report's statements checked against its passages: one call
        "claim-verdict",
      ]);
      expect(model.doGenerateCalls.map((c) => [c.temperature, c.maxOutputTokens])).toEqual([
        // Rubric and copying calls at temperature 0 (they were at the prose temperature 0.3); prose at 0.3.
        [0, 500],
        [0.3, 1_500],
        [0, 1_000],
        [0, 1_500],
        [0.3, 700], // the option's limit, not the default 1,000
        [0, 2_500],
        [0, 500],
      ]);
    },
  );
});

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
