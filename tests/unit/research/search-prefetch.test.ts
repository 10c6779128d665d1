import { MockLanguageModelV4, simulateReadableStream } from "ai/test";
import { describe, expect, it } from "vitest";
import { createTextEmbedder } from "@/lib/ai/embeddings";
import type { Evidence } from "@/lib/domain/evidence";
import type { RunEventPayloads } from "@/lib/domain/events";
import { createLlmBackend } from "@/lib/research/agents/llm";
import type { CriticOutput } from "@/lib/grounding/entailment";
import type { HypothesisOutput } from "@/lib/research/agents/llm/hypothesis";
import type { JudgeOutput } from "@/lib/research/agents/llm/judge";
import type { ReportOutput } from "@/lib/research/agents/llm/report";
import { finishedSearchSuggestions } from "@/lib/research/agents/llm/stream-previews";
import { runResearch } from "@/lib/research/mode";
import type { LiteratureSource } from "@/lib/sources/types";
import { LITHIUM_EVIDENCE, promptBlocks, QUESTION, relevanceAnswer } from "@/tests/support/llm";
import { promptOf } from "@/tests/support/streaming-model";
import { memoryRecorder } from "@/tests/support/memory-run";

const USAGE = {
  inputTokens: { total: 100, noCache: 100, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 20, text: 20, reasoning: 0 },
};

/**
 * A model whose N-th call answers its N-th answer: a streamed call in 24-character pieces, one every 10 ms (so a
 * 1,200-character hypothesis answer takes about half a second), logging when each stream ended; others at once.
 */
function slowModel(answers: Array<(prompt: string) => object>) {
  let call = 0;
  const ended: Array<{ call: number; at: number }> = [];
  const model = new MockLanguageModelV4({
    modelId: "slow",
    doGenerate: async (options) => {
      const prompt = promptOf(options.prompt as Array<{ role: string; content: unknown }>);
      // The backend's relevance pass (recognised by its schema's name) finds every record relevant; it is not scripted.
      const relevance = (options.responseFormat as { name?: string } | undefined)?.name === "relevance_output";
      const text = JSON.stringify(relevance ? relevanceAnswer(prompt) : answers[call++](prompt));
      return {
        content: [{ type: "text", text }],
        finishReason: { unified: "stop", raw: undefined },
        usage: USAGE,
        warnings: [],
      };
    },
    doStream: async (options) => {
      const n = call++;
      const prompt = promptOf(options.prompt as Array<{ role: string; content: unknown }>);
      const text = JSON.stringify(answers[n](prompt));
      const deltas = (text.match(/[\s\S]{1,24}/g) ?? []).map((delta) => ({
        type: "text-delta" as const,
        id: "t",
        delta,
      }));
      const chunks = [
        { type: "text-start" as const, id: "t" },
        ...deltas,
        { type: "text-end" as const, id: "t" },
        { type: "finish" as const, finishReason: { unified: "stop" as const, raw: undefined }, usage: USAGE },
      ];
      const stream = simulateReadableStream({ chunks, initialDelayInMs: 10, chunkDelayInMs: 10 }).pipeThrough(
        new TransformStream({ flush: () => void ended.push({ call: n, at: performance.now() }) }),
      );
      return { stream };
    },
  });
  return { model, ended };
}

const keys = (prompt: string) => [...prompt.matchAll(/<evidence key="(E\d+)"/g)].map((m) => m[1]);
/** The first sentence id of block `key` in the prompt (what a statement citing that block rests on). */
const firstSentence = (prompt: string, key: string) => promptBlocks(prompt).find((b) => b.key === key)!.sentences[0].id;

const hypothesis =
  (suggestions: [string[], string[]], primary: number) =>
  (prompt: string): HypothesisOutput => {
    const [k] = keys(prompt);
    const h = (target: string, searchSuggestions: string[]) => ({
      drug: "lithium",
      target,
      pathway: "vasopressin–cAMP signalling",
      effect: "polyuria",
      confidence: 0.5,
      supportingEvidence: [k],
      contradictingEvidence: [],
      searchSuggestions,
      links: null,
    });
    return {
      evidenceReading: "Rat and human records link lithium to polyuria.",
      hypotheses: [h("AQP2", suggestions[0]), h("GSK3B", suggestions[1])],
      primaryHypothesis: primary,
      knowledgeGaps: [],
      recommendedSearches: [],
    };
  };
const judge = (): JudgeOutput => ({
  mechanismScore: 4,
  mechanismReasoning: "Rat data.",
  clinicalScore: 3,
  clinicalReasoning: "One cohort.",
  drugCandidates: [],
  keyFindings: [],
  sufficient: true,
  confidence: 0.5,
  recommendation: "synthesize",
  nextSearchQueries: [],
  reasoning: "Enough.",
});
const report = (prompt: string): ReportOutput => {
  const [k] = keys(prompt);
  const S = (text: string) => ({ support: [firstSentence(prompt, k)], text });
  return {
    evidenceReading: "The records bear on the question.",
    outcome: "answers",
    missing: [],
    title: "Lithium and nephrogenic diabetes insipidus",
    executiveSummary: [S(`Lithium causes polyuria [${k}].`)],
    methodology: "PubMed was searched.",
    mechanisticFindings: [S(`AQP2 falls [${k}].`)],
    clinicalFindings: [S(`Patients on lithium have polyuria [${k}].`)],
    drugCandidates: [],
    limitations: ["Mostly rat data."],
    conclusion: [S(`The mechanism is plausible [${k}].`)],
  };
};
const critic = (prompt: string): CriticOutput => ({
  claims: [...prompt.matchAll(/<claim n="(\d+)"/g)].map((m) => ({
    claim: Number(m[1]),
    reasoning: "Every element is stated.",
    verdict: "PASS" as const,
  })),
});

/** The one record a follow-up query finds: a lithium record under a PMID of its own (90000001, …, by query). */
const followUpPmids = new Map<string, string>();
function recordOf(query: string): Evidence {
  if (!followUpPmids.has(query)) followUpPmids.set(query, String(90000001 + followUpPmids.size));
  const pmid = followUpPmids.get(query)!;
  const base = LITHIUM_EVIDENCE[0];
  return {
    ...base,
    id: `pmid:${pmid}`,
    citation: { ...base.citation, pmid, doi: null, title: `${base.citation.title} (${query})` },
  };
}

/**
 * One research run (1 iteration) on a source that answers the question with the lithium records and each other query
 * with one of them.
 */
async function run(suggestions: [string[], string[]], primary: number) {
  const { model, ended } = slowModel([hypothesis(suggestions, primary), judge, report, critic]);
  const backend = createLlmBackend(model, "slow", {
    sampling: {},
    promptStyle: { fieldGuide: false, schemaInPrompt: false },
    embedder: createTextEmbedder(),
  });
  const searched: Array<{ query: string; at: number; aborted: boolean }> = [];
  const source: LiteratureSource = {
    id: "pubmed",
    search: async (query, { signal }) => {
      const entry = { query, at: performance.now(), aborted: false };
      searched.push(entry);
      await new Promise((resolve) => setTimeout(resolve, 50));
      entry.aborted = signal?.aborted ?? false;
      signal?.throwIfAborted();
      return query === QUESTION ? LITHIUM_EVIDENCE : [recordOf(query)];
    },
  };
  const recorder = memoryRecorder({ streams: true });
  const { events } = recorder;
  const outcome = await runResearch({
    question: QUESTION,
    sourceIds: ["pubmed"],
    sources: [source],
    backend,
    maxIterations: 1,
    timeoutMs: 5_000,
    recorder,
  });
  const targeted = events.flatMap((e) =>
    e.type === "search" && (e.data as RunEventPayloads["search"]).phase === "hypothesis"
      ? [(e.data as RunEventPayloads["search"]).query]
      : [],
  );
  return { outcome, searched, targeted, hypothesisEnded: ended.find((e) => e.call === 0)!.at };
}

describe("targeted searches start while the hypothesis agent streams", () => {
  it("finishedSearchSuggestions lists the suggestions of finished hypotheses only", () => {
    expect(finishedSearchSuggestions({ hypotheses: [{ drug: "lithium", searchSuggestions: ["a", "b"] }] })).toEqual([]);
    expect(finishedSearchSuggestions({ hypotheses: [{ searchSuggestions: ["a", "b"], links: null }] })).toEqual([
      "a",
      "b",
    ]);
    expect(finishedSearchSuggestions({ hypotheses: [{ searchSuggestions: ["a", " "] }, { drug: "li" }] })).toEqual([
      "a",
    ]);
    expect(
      finishedSearchSuggestions({
        hypotheses: [{ searchSuggestions: ["a"] }, { searchSuggestions: ["c"] }],
        primaryHypothesis: 1,
      }),
    ).toEqual(["a", "c"]);
  });

  it(
    "searches each suggestion once, the first hypothesis's before the agent's answer ends, and records them in " +
      "the targeted step",
    async () => {
      const { outcome, searched, targeted, hypothesisEnded } = await run(
        [["lithium aquaporin-2", "lithium vasopressin"], ["lithium GSK-3 kidney"]],
        1,
      );
      expect(outcome.error).toBeNull();
      expect(outcome.status).toBe("completed");
      expect(targeted).toEqual(["lithium aquaporin-2", "lithium vasopressin", "lithium GSK-3 kidney"]);
      expect(searched.map((s) => s.query)).toEqual([
        QUESTION,
        "lithium aquaporin-2",
        "lithium vasopressin",
        "lithium GSK-3 kidney",
      ]);
      expect(searched.slice(1, 3).every((s) => s.at < hypothesisEnded)).toBe(true);
      expect(searched.some((s) => s.aborted)).toBe(false);
    },
  );

  it(
    "when the final answer puts another hypothesis first, the step runs its own queries and an unused prefetch is " +
      "neither recorded nor merged",
    async () => {
      const { outcome, searched, targeted } = await run(
        [["lithium aquaporin-2", "lithium vasopressin", "lithium urine osmolality"], ["lithium GSK-3 kidney"]],
        2,
      );
      expect(outcome.error).toBeNull();
      expect(outcome.status).toBe("completed");
      // Primary hypothesis 2 first, then hypothesis 1's suggestions up to 3 queries (events follow the answers: the
      // prefetched two are recorded first).
      expect(targeted).toEqual(["lithium aquaporin-2", "lithium vasopressin", "lithium GSK-3 kidney"]);
      // Hypothesis 1's three suggestions were started as soon as it was written (the cap is 3 per step); the step
      // searched hypothesis 2's itself and left the third prefetch out of its events and its evidence.
      expect(searched.map((s) => s.query)).toEqual([
        QUESTION,
        "lithium aquaporin-2",
        "lithium vasopressin",
        "lithium urine osmolality",
        "lithium GSK-3 kidney",
      ]);
      const pmids = outcome.evidence.map((e) => e.citation.pmid);
      expect(pmids).not.toContain(followUpPmids.get("lithium urine osmolality"));
      expect(
        ["lithium GSK-3 kidney", "lithium aquaporin-2", "lithium vasopressin"].map((q) =>
          pmids.includes(followUpPmids.get(q)!),
        ),
      ).toEqual([true, true, true]);
    },
  );
});
