import { describe, expect, it } from "vitest";
import { estimateTokens } from "@/lib/ai/truncation";
import type { PromptStyle } from "@/lib/ai/structured";
import { classifyWithModel } from "@/lib/chat/classify-model";
import { CHAT_SAMPLING } from "@/lib/chat/sampling";
import { answerPrompt, buildAnswerContext, CHAT_INSTRUCTIONS } from "@/lib/chat/llm-answer";
import { conversationReferences } from "@/lib/chat/references";
import { writeCounterStatement } from "@/lib/claims/agents/llm/counter";
import { writeCounterReportLlm } from "@/lib/claims/agents/llm/counter-report";
import { extractClaimsLlm } from "@/lib/claims/agents/llm/extraction";
import { extractPassagesLlm } from "@/lib/claims/agents/llm/passages";
import { scoreDocumentsLlm } from "@/lib/claims/agents/llm/scoring";
import { CLAIM_SAMPLING } from "@/lib/claims/agents/llm/sampling";
import { judgeClaimLlm } from "@/lib/claims/agents/llm/verdict";
import type { CounterCitation } from "@/lib/domain/claim-check";
import type { Evidence } from "@/lib/domain/evidence";
import type { HypothesisSet, MechanismHypothesis } from "@/lib/domain/hypothesis";
import type { JudgeAssessment } from "@/lib/domain/judge";
import type { ResearchReport } from "@/lib/domain/report";
import { MAX_CLAIM_TEXT_LENGTH } from "@/lib/domain/run-input";
import { REPORT_MAX_EVIDENCE } from "@/lib/evidence/prompt-context/context";
import { abstractSentences, excerptSentences } from "@/lib/evidence/prompt-context/excerpts";
import { createLlmBackend } from "@/lib/research/agents/llm";
import { MAX_HYPOTHESES } from "@/lib/research/agents/llm/hypothesis";
import { RESEARCH_SAMPLING } from "@/lib/research/agents/llm/sampling";
import { MAX_LISTED_ISSUES } from "@/lib/research/critic-loop";
import { MAX_RUN_EVIDENCE } from "@/lib/research/search-step";
import { referenceFromEvidence } from "@/lib/grounding/references";
import { parsePubmedXml } from "@/lib/sources/parse/pubmed-xml";
import { readFixture } from "@/tests/support/fixtures";
import { promptBlocks, promptTextOf, scriptedModel, withRelevance, type ScriptedModel } from "@/tests/support/llm";

/** The context window local models are asked for (docs/local-models.md): 16,384 tokens. */
const CONTEXT_TOKENS = 16_384;

/**
 * The largest evidence set a run can hold: MAX_RUN_EVIDENCE (250) records of the MEDLINE sample, its longest
 * abstracts first (structured abstracts of 2–4k characters), so every block an agent is shown is as long as it gets.
 */
const MEDLINE = parsePubmedXml(readFixture("corpus/medline16n0902_sample_604.xml")).filter((e) =>
  e.citation.abstract.trim(),
);
const LARGEST: Evidence[] = [...MEDLINE]
  .sort((a, b) => b.citation.abstract.length - a.citation.abstract.length)
  .slice(0, MAX_RUN_EVIDENCE);
const QUESTION =
  "Does cognitive training increase serum brain-derived neurotrophic factor in patients with schizophrenia, and " +
  "by what mechanism?";
/**
 * The most the answer format adds to the instructions: a field guide and the JSON schema
 * (OPENAI_STRUCTURED_OUTPUT=json_object).
 */
const WORST_STYLE: PromptStyle = { fieldGuide: true, schemaInPrompt: true };
const LONG = (n: number) =>
  "a long model-written phrase about mechanisms and outcomes ".repeat(Math.ceil(n / 57)).slice(0, n);

/** The characters of a recorded call's prompt (instructions and messages) and its output limit. */
function measured(model: ScriptedModel, call: number): { chars: number; maxOutputTokens: number } {
  return measuredOptions(model.calls[call].options);
}

function measuredOptions({ prompt, maxOutputTokens }: ScriptedModel["calls"][number]["options"]): {
  chars: number;
  maxOutputTokens: number;
} {
  const chars = (prompt as Array<{ content: unknown }>).reduce(
    (n, m) => n + (typeof m.content === "string" ? m.content.length : JSON.stringify(m.content).length),
    0,
  );
  return { chars, maxOutputTokens: maxOutputTokens ?? 0 };
}

const sizes: Array<[string, number, number]> = [];
/**
 * Asserts that an agent's prompt (estimated at characters ÷ 4, lib/ai/truncation) and its output limit fit 16,384
 * tokens.
 */
function fits(agent: string, chars: number, maxOutputTokens: number) {
  const total = estimateTokens(chars) + maxOutputTokens;
  sizes.push([agent, estimateTokens(chars), maxOutputTokens]);
  if (process.env.CRITICA_PRINT_PROMPT_SIZES)
    console.log(JSON.stringify([agent, estimateTokens(chars), maxOutputTokens, total]));
  expect([agent, total <= CONTEXT_TOKENS]).toEqual([agent, true]);
}

const hypothesis = (i: number): MechanismHypothesis => ({
  drug: `cognitive training ${i}`,
  target: LONG(60),
  pathway: LONG(80),
  effect: LONG(60),
  confidence: 0.5,
  supportingEvidence: LARGEST.slice(0, 12).map((e) => e.id),
  contradictingEvidence: LARGEST.slice(12, 20).map((e) => e.id),
  searchSuggestions: [LONG(60)],
  links: [],
});
const HYPOTHESES: HypothesisSet = {
  hypotheses: Array.from({ length: MAX_HYPOTHESES }, (_, i) => hypothesis(i)),
  primaryHypothesis: hypothesis(0),
  knowledgeGaps: [LONG(120)],
  recommendedSearches: [LONG(60)],
};
const ASSESSMENT: JudgeAssessment = {
  mechanismScore: 6,
  mechanismReasoning: LONG(600),
  clinicalScore: 5,
  clinicalReasoning: LONG(600),
  drugCandidates: ["cognitive training"],
  keyFindings: Array.from({ length: 6 }, () => LONG(200)),
  sufficient: true,
  confidence: 0.6,
  recommendation: "synthesize",
  nextSearchQueries: [],
  reasoning: LONG(400),
};
/**
 * The critic's feedback on a draft at its longest: MAX_LISTED_ISSUES lines of about 300 characters, and the "… and N
 * more" line.
 */
const FEEDBACK = [
  ...Array.from({ length: MAX_LISTED_ISSUES }, () => `Every factual paragraph cites evidence: ${LONG(260)}`),
  "… and 12 more",
];

/**
 * A report of 30 cited sentences, each citing two of the report's REPORT_MAX_EVIDENCE (20) records and resting on two
 * sentences of each (one in its excerpt, one outside it): more than the report agent writes, what the critic checks.
 */
function bigReport(): ResearchReport {
  const records = LARGEST.slice(0, REPORT_MAX_EVIDENCE);
  const k = records.length;
  const references = records.map((e, i) => referenceFromEvidence(e, i + 1));
  const sentences = Array.from(
    { length: 30 },
    (_, i) => `Statement ${i + 1}: ${LONG(160)} [${(i % k) + 1}, ${((i + 7) % k) + 1}].`,
  );
  const rests = (e: Evidence) => {
    const all = abstractSentences(e.citation.abstract);
    const inExcerpt = excerptSentences(e.citation.abstract, QUESTION)[0];
    const outside = all.findIndex(
      (_, n) => !excerptSentences(e.citation.abstract, QUESTION).some((x) => x.n === n + 1),
    );
    return [
      { n: inExcerpt.n, text: inExcerpt.text },
      ...(outside >= 0 ? [{ n: outside + 1, text: all[outside].text }] : []),
    ];
  };
  const support = sentences.flatMap((s, i) =>
    [records[i % k], records[(i + 7) % k]].map((e) => ({
      sentence: s.replace(/ \[[^\]]*\]\.$/, "."),
      evidenceId: e.id,
      sentences: rests(e),
    })),
  );
  return {
    title: "T",
    executiveSummary: sentences.join(" "),
    researchQuestion: QUESTION,
    methodology: { title: "Methodology", content: "m" },
    hypothesesTested: [],
    mechanisticFindings: { title: "Mechanistic findings", content: "" },
    clinicalFindings: { title: "Clinical findings", content: "" },
    drugCandidates: [],
    limitations: [],
    conclusion: "",
    references,
    sourcesSearched: ["PubMed"],
    totalPapersReviewed: LARGEST.length,
    searchIterations: 3,
    confidenceScore: 0.5,
    removedReferences: 0,
    support,
  };
}

describe("per-agent prompt budgets: prompt + output limit fit a 16k context, at the largest evidence set", () => {
  it("research agents: relevance pass, hypothesis, judge, report and its revision, critic", async () => {
    const report = {
      evidenceReading: "r",
      outcome: "does-not-answer",
      missing: [],
      title: "t",
      executiveSummary: [],
      methodology: "m",
      mechanisticFindings: [],
      clinicalFindings: [],
      drugCandidates: [],
      limitations: [],
      conclusion: [],
    };
    const model = scriptedModel([
      { evidenceReading: "r", hypotheses: [], primaryHypothesis: null, knowledgeGaps: [], recommendedSearches: [] },
      {
        keyFindings: [],
        mechanismReasoning: "r",
        mechanismScore: 5,
        clinicalReasoning: "r",
        clinicalScore: 5,
        drugCandidates: [],
        reasoning: "r",
        confidence: 0.5,
        sufficient: false,
        recommendation: "continue",
        nextSearchQueries: [],
      },
      report,
      report,
      { claims: [] },
    ]);
    const backend = createLlmBackend(model, "scripted", { promptStyle: WORST_STYLE, sampling: {} });
    // Each agent reads what the relevance stage chose for it, as in a run.
    const scores = {};
    const hypothesisInput = { question: QUESTION, evidence: LARGEST, previous: HYPOTHESES };
    await backend.hypothesize(await withRelevance(backend, "hypothesis", hypothesisInput, HYPOTHESES, scores));
    const judgeInput = {
      question: QUESTION,
      evidence: LARGEST,
      hypotheses: HYPOTHESES,
      iteration: 3,
      maxIterations: 3,
    };
    await backend.judge(await withRelevance(backend, "judge", judgeInput, HYPOTHESES, scores));
    const reportInput = {
      question: QUESTION,
      evidence: LARGEST,
      hypotheses: HYPOTHESES,
      assessments: [ASSESSMENT],
      sourcesSearched: ["pubmed", "europepmc", "ctgov"] as const,
      iterations: 3,
      shortfalls: [{ source: "europepmc" as const, message: LONG(200) }],
    };
    const selected = await withRelevance(
      backend,
      "report",
      { ...reportInput, sourcesSearched: [...reportInput.sourcesSearched] },
      HYPOTHESES,
      scores,
    );
    await backend.report(selected);
    await backend.report({ ...selected, feedback: FEEDBACK });
    await backend.critique!({ question: QUESTION, report: bigReport(), evidence: LARGEST });
    // The relevance pass reads the hypothesis agent's 25 blocks in 4 batches (7, 6, 6, 6), each within its own limit.
    expect(
      model.relevanceCalls.map(
        (options) => promptBlocks(promptTextOf(options.prompt as Array<{ content: unknown }>)).length,
      ),
    ).toEqual([7, 6, 6, 6]);
    for (const options of model.relevanceCalls) {
      const { chars, maxOutputTokens } = measuredOptions(options);
      expect(maxOutputTokens).toBe(RESEARCH_SAMPLING.relevance.maxOutputTokens);
      fits("relevance", chars, maxOutputTokens);
    }
    ["hypothesis", "judge", "report", "report (revision)", "critic"].forEach((agent, call) => {
      const { chars, maxOutputTokens } = measured(model, call);
      fits(agent, chars, maxOutputTokens);
    });
    // Each agent sent its own output limit: the configured defaults.
    expect([0, 1, 2, 4].map((call) => measured(model, call).maxOutputTokens)).toEqual([
      RESEARCH_SAMPLING.hypothesis.maxOutputTokens,
      RESEARCH_SAMPLING.judge.maxOutputTokens,
      RESEARCH_SAMPLING.report.maxOutputTokens,
      RESEARCH_SAMPLING.critic.maxOutputTokens,
    ]);
  });

  it("claim-check agents: extraction, counter-statement, scoring, passages, counter-report, verdict", async () => {
    const citations: CounterCitation[] = LARGEST.slice(0, 10).map((e, i) => ({
      n: i + 1,
      evidenceId: e.id,
      pmid: e.citation.pmid,
      doi: e.citation.doi,
      nctId: e.citation.nctId,
      title: e.citation.title,
      journal: e.citation.journal,
      year: e.citation.year,
      url: e.citation.url,
      source: e.citation.source,
      passage: abstractSentences(e.citation.abstract)
        .slice(0, 3)
        .map((s) => s.text)
        .join(" "),
      similarity: 1,
      score: 5,
      foundBy: ["keyword"],
    }));
    const model = scriptedModel([
      { claims: ["c"] },
      { counterStatement: "c", keywords: ["k"], keywordQuery: "k", hydeAbstracts: ["a", "b"] },
      { scores: [] },
      { passages: [] },
      { report: LONG(300) },
      { rationale: "r", verdict: "undecided", confidence: "low" },
    ]);
    const options = { promptStyle: WORST_STYLE };
    const claim = LONG(400);
    const counter = { claim, counterStatement: LONG(400), keywords: [], keywordQuery: "", hydeAbstracts: [] };
    const text = "Lithium raised vasopressin gene expression in rats treated for four weeks. "
      .repeat(Math.ceil(MAX_CLAIM_TEXT_LENGTH / 76))
      .slice(0, MAX_CLAIM_TEXT_LENGTH);
    await extractClaimsLlm(model, text, options);
    await writeCounterStatement(model, claim, options);
    await scoreDocumentsLlm(model, { claim, counter, documents: LARGEST.slice(0, 10) }, options);
    await extractPassagesLlm(model, { claim, counter, documents: LARGEST.slice(0, 5) }, options);
    const stats = {
      documentsFound: 100,
      documentsScored: 100,
      documentsAboveThreshold: 40,
      documentsCited: 10,
      passagesExtracted: 10,
      passagesDropped: 0,
      threshold: 3,
      strategies: {
        keyword: { ran: true, found: 40, scored: 40, cited: 4 },
        semantic: { ran: true, found: 40, scored: 40, cited: 3 },
        hyde: { ran: true, found: 40, scored: 40, cited: 3 },
      },
    };
    const report = await writeCounterReportLlm(
      model,
      { claim, counter, citations, records: LARGEST.slice(0, 10), stats, sources: ["pubmed", "europepmc"] },
      options,
    );
    await judgeClaimLlm(
      model,
      {
        claim,
        counter,
        report: `${report} ${LONG(1_500)}`,
        citations,
        records: LARGEST.slice(0, 10),
        stats,
        scores: [],
      },
      options,
    );
    const agents = [
      "claim-extraction",
      "counter-statement",
      "claim-scoring",
      "claim-passages",
      "counter-report",
      "claim-verdict",
    ] as const;
    agents.forEach((agent, call) => {
      const { chars, maxOutputTokens } = measured(model, call);
      expect(maxOutputTokens).toBe(CLAIM_SAMPLING[agent].maxOutputTokens);
      fits(agent, chars, maxOutputTokens);
    });
  });

  it("chat: the follow-up's classification and answer (20 blocks, 6 earlier turns, the report's summary)", async () => {
    const model = scriptedModel([{ kind: "evidence", focus: "", reason: "r" }]);
    await classifyWithModel(model, { followUp: LONG(1_000), question: QUESTION }, { promptStyle: WORST_STYLE });
    const { chars: classifyChars } = measured(model, 0);
    fits("chat-classify", classifyChars, CHAT_SAMPLING["chat-classify"].maxOutputTokens);
    const followUp = LONG(1_000);
    const context = await buildAnswerContext(followUp, QUESTION, [], conversationReferences(LARGEST, []));
    const history = Array.from({ length: 8 }, (_, i) => ({
      role: i % 2 === 0 ? ("user" as const) : ("assistant" as const),
      text: LONG(3_000),
    }));
    const prompt = answerPrompt({ question: QUESTION, summary: LONG(3_000), history, context, followUp });
    fits("chat-answer", CHAT_INSTRUCTIONS.length + prompt.length, CHAT_SAMPLING["chat-answer"].maxOutputTokens);
    if (process.env.CRITICA_PRINT_PROMPT_SIZES) console.log(JSON.stringify(sizes));
  });
});
