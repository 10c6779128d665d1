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
import { verifyPassages } from "@/lib/claims/passages";
import { buildSearchStats } from "@/lib/claims/search-stats";
import { doxorubicinCitation } from "./doxorubicin-citation";
import { promptText, scriptedModel } from "@/tests/support/llm";
import { CLAIM, COUNTER, corpus, record } from "./claim-fixtures";

const CITATION = doxorubicinCitation(record("pmid:24727461"));

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
