import { describe, expect, it } from "vitest";
import { createTextEmbedder } from "@/lib/ai/embeddings";
import type { RunPartial } from "@/lib/domain/partial";
import { parseRunEventPayload } from "@/lib/domain/events";
import type { RunEventPayloads } from "@/lib/domain/events";
import { createLlmBackend } from "@/lib/research/agents/llm";
import type { CriticOutput } from "@/lib/grounding/entailment";
import { checkEntailment } from "@/lib/research/agents/llm/critic";
import type { HypothesisOutput } from "@/lib/research/agents/llm/hypothesis";
import type { JudgeOutput } from "@/lib/research/agents/llm/judge";
import type { ReportOutput } from "@/lib/research/agents/llm/report";
import { runResearch } from "@/lib/research/mode";
import type { LiteratureSource } from "@/lib/sources/types";
import type { ResearchReport } from "@/lib/domain/report";
import { LITHIUM_EVIDENCE, promptBlocks, QUESTION, scriptedModel, type PromptBlock } from "@/tests/support/llm";
import { memoryRecorder } from "@/tests/support/memory-run";

const blocks = promptBlocks;

const hypothesis = (prompt: string): HypothesisOutput => ({
  evidenceReading: "Rat and human records link lithium to polyuria.",
  hypotheses: [
    {
      drug: "lithium",
      target: "AQP2",
      pathway: "vasopressin–cAMP signalling",
      effect: "polyuria",
      confidence: 0.6,
      supportingEvidence: [blocks(prompt)[0].key],
      contradictingEvidence: [],
      searchSuggestions: [],
      links: null,
    },
  ],
  primaryHypothesis: 1,
  knowledgeGaps: [],
  recommendedSearches: [],
});
const judge = (recommendation: "continue" | "synthesize"): JudgeOutput => ({
  mechanismScore: 4,
  mechanismReasoning: "Rat data.",
  clinicalScore: 3,
  clinicalReasoning: "One cohort.",
  drugCandidates: [],
  keyFindings: [],
  sufficient: false,
  confidence: 0.4,
  recommendation,
  nextSearchQueries: recommendation === "continue" ? ["lithium aquaporin-2"] : [],
  reasoning: "Thin.",
});
const report = (prompt: string): ReportOutput => {
  const [b1, b2] = blocks(prompt);
  const S = (text: string, b: PromptBlock) => ({ support: [b.sentences[0].id], text });
  return {
    evidenceReading: "The records bear on the question.",
    outcome: "answers",
    missing: [],
    title: "Lithium and nephrogenic diabetes insipidus",
    executiveSummary: [S(`Lithium causes polyuria in rats [${b1.key}].`, b1)],
    methodology: "PubMed was searched.",
    mechanisticFindings: [S(`AVP gene expression rises [${b1.key}].`, b1)],
    clinicalFindings: [S(`Amiloride attenuates the syndrome [${b2.key}].`, b2)],
    drugCandidates: [],
    limitations: ["Mostly rat data."],
    conclusion: [S(`The mechanism is plausible [${b1.key}, ${b2.key}].`, b2)],
  };
};
/** PASS for every claim the critic's prompt numbers. */
const critic = (prompt: string): CriticOutput => ({
  claims: [...prompt.matchAll(/<claim n="(\d+)"/g)].map((m) => ({
    claim: Number(m[1]),
    reasoning: "Every element is stated.",
    verdict: "PASS" as const,
  })),
});

describe("a research run with a language model (scripted, streaming)", () => {
  it(
    "makes 2 model calls per iteration (hypothesis, judge) plus one relevance pass, the report and one batched " +
      "critic call, and streams hypotheses and report without saving the partials",
    async () => {
      const model = scriptedModel([hypothesis, judge("continue"), hypothesis, judge("synthesize"), report, critic]);
      const backend = createLlmBackend(model, "scripted", {
        sampling: {},
        promptStyle: { fieldGuide: false, schemaInPrompt: false },
        embedder: createTextEmbedder(),
      });
      const source: LiteratureSource = {
        id: "pubmed",
        search: async (query) => (query === QUESTION ? LITHIUM_EVIDENCE : []),
      };
      const recorder = memoryRecorder({ streams: true });
      const { events, partials } = recorder;
      const outcome = await runResearch({
        question: QUESTION,
        sourceIds: ["pubmed"],
        sources: [source],
        backend,
        maxIterations: 2,
        timeoutMs: 5_000,
        recorder,
      });

      expect(outcome.status).toBe("completed");
      expect(outcome.report?.verification?.status).toBe("verified");
      // Per iteration at most 2 agent calls (hypothesis, judge), then the report and one critic call; the relevance
      // pass
      // adds one batched call, before the first agent that sees the records (each record is scored once per run).
      const agents = events.flatMap((e) => (e.type === "usage" ? [(e.data as RunEventPayloads["usage"]).agent] : []));
      expect(agents).toEqual(["relevance", "hypothesis", "judge", "hypothesis", "judge", "report", "critic"]);
      // The hypothesis and report calls stream; the judge and critic wait for their whole answer.
      expect(model.calls.map((c) => c.streamed)).toEqual([true, false, true, false, true, false]);

      // Live viewers got the cards of each iteration and the report draft as they streamed...
      const last = (kind: RunPartial["kind"], tag: number) =>
        partials.findLast((p) => p.kind === kind && (p.kind === "hypotheses" ? p.iteration : p.attempt) === tag);
      expect(last("hypotheses", 1)).toEqual({
        kind: "hypotheses",
        iteration: 1,
        hypotheses: [
          {
            drug: "lithium",
            target: "AQP2",
            pathway: "vasopressin–cAMP signalling",
            effect: "polyuria",
            confidence: 0.6,
          },
        ],
      });
      expect(last("hypotheses", 2)).toMatchObject({ kind: "hypotheses", iteration: 2 });
      expect(last("report", 1)).toEqual({
        kind: "report",
        attempt: 1,
        title: "Lithium and nephrogenic diabetes insipidus",
        sections: [
          { label: "Executive summary", text: "Lithium causes polyuria in rats." },
          { label: "Methodology", text: "PubMed was searched." },
          { label: "Mechanistic findings", text: "AVP gene expression rises." },
          { label: "Clinical findings", text: "Amiloride attenuates the syndrome." },
          { label: "Limitations", text: "Mostly rat data." },
          { label: "Conclusion", text: "The mechanism is plausible." },
        ],
      });
      // Every event of the LLM run matches its payload schema (usage with a model, critic with an entailment verdict).
      for (const e of events) expect(() => parseRunEventPayload(e.type, e.data), e.type).not.toThrow();
      // ...and the saved event log holds only the final answers: one event per step, no partial. The relevance stage
      // before each agent says what it reads: the four records, scored before the first hypotheses and never again.
      expect(events.map((e) => e.type).filter((t) => t !== "usage" && t !== "search")).toEqual([
        "run-started",
        "question-classified",
        "iteration-started",
        "evidence",
        "relevance",
        "hypotheses",
        "relevance",
        "assessment",
        "iteration-started",
        "evidence",
        "relevance",
        "hypotheses",
        "relevance",
        "assessment",
        "relevance",
        "critic",
        "report",
        "run-finished",
      ]);
      expect(events.flatMap((e) => (e.type === "relevance" ? [e.data] : []))).toEqual([
        { iteration: 1, agent: "hypothesis", shown: 4, scored: 4, dropped: [] },
        { iteration: 1, agent: "judge", shown: 4, scored: 0, dropped: [] },
        { iteration: 2, agent: "hypothesis", shown: 4, scored: 0, dropped: [] },
        { iteration: 2, agent: "judge", shown: 4, scored: 0, dropped: [] },
        { iteration: 2, agent: "report", shown: 4, scored: 0, dropped: [] },
      ]);
    },
  );

  it("checks every cited sentence of a long report in ONE critic call, not one call per sentence", async () => {
    const sentences = Array.from({ length: 45 }, (_, i) => `Finding ${i + 1} concerns AVP [${(i % 2) + 1}].`).join(" ");
    const long: ResearchReport = {
      title: "Lithium",
      executiveSummary: sentences,
      researchQuestion: QUESTION,
      methodology: { title: "Methodology", content: "Searched." },
      hypothesesTested: [],
      mechanisticFindings: { title: "Mechanistic findings", content: "" },
      clinicalFindings: { title: "Clinical findings", content: "" },
      drugCandidates: [],
      limitations: [],
      conclusion: "",
      sourcesSearched: ["pubmed"],
      totalPapersReviewed: 4,
      searchIterations: 1,
      confidenceScore: 0.5,
      removedReferences: 0,
      references: LITHIUM_EVIDENCE.slice(0, 2).map((e, i) => ({
        n: i + 1,
        evidenceId: e.id,
        source: e.citation.source,
        title: e.citation.title,
        authors: [],
        journal: null,
        year: null,
        pmid: e.citation.pmid,
        doi: null,
        nctId: null,
        url: e.citation.url,
      })),
    };
    const model = scriptedModel([critic]);
    const verdict = await checkEntailment(model, { question: QUESTION, report: long, evidence: LITHIUM_EVIDENCE });
    expect(verdict).toEqual({ verdict: "PASS", issues: [], claimsChecked: 45 });
    expect(model.calls).toHaveLength(1);
  });
});
