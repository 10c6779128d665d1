import { simulateReadableStream } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import type { Evidence } from "@/lib/domain/evidence";
import type {
  EvidenceSelection,
  ReadingAgent,
  ReasoningBackend,
  RelevanceScores,
  ReportInput,
} from "@/lib/research/backend";
import type { HypothesisSet } from "@/lib/domain/hypothesis";
import type { JudgeAssessment } from "@/lib/domain/judge";

/** A scripted answer: JSON-able object, raw text, or a function of the call's prompt text (system + user messages). */
export type ScriptedAnswer = string | object | ((prompt: string) => string | object);

/** The text of a call's prompt: every message's text, joined by newlines. */
export function promptTextOf(prompt: Array<{ content: unknown }>): string {
  return prompt
    .map((m) =>
      typeof m.content === "string"
        ? m.content
        : (m.content as Array<{ text?: string }>).map((p) => p.text ?? "").join(""),
    )
    .join("\n");
}

/** The options of one model call, and one part of a streamed answer (the provider spec's types, via the mock). */
type LanguageModelV4CallOptions = MockLanguageModelV4["doGenerateCalls"][number];
type LanguageModelV4StreamPart =
  Awaited<ReturnType<MockLanguageModelV4["doStream"]>>["stream"] extends ReadableStream<infer P> ? P : never;

/** Token usage every scripted answer reports: 100 input and 20 output tokens. */
const USAGE = {
  inputTokens: { total: 100, noCache: 100, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 20, text: 20, reasoning: 0 },
};

/**
 * A scripted model: the AI SDK mock, plus the options of every scripted call in call order, streamed or not, and of
 * every relevance-pass call it answered itself (`relevanceCalls`).
 */
export type ScriptedModel = MockLanguageModelV4 & {
  calls: Array<{ streamed: boolean; options: LanguageModelV4CallOptions }>;
  relevanceCalls: LanguageModelV4CallOptions[];
};

/** Characters per text delta of a streamed scripted answer (a streamed answer arrives in pieces, like a real one's). */
export const STREAM_CHUNK_CHARS = 40;

/**
 * Options of {@link scriptedModel}: the score the model gives every block in a relevance pass (null: answer it from the
 * script).
 */
export interface ScriptedModelOptions {
  relevanceScore?: number | null;
}

/**
 * The answer of a relevance pass (lib/research/agents/llm/relevance) that scores every block of its prompt `score`,
 * with a one-line summary: what a model that finds all the evidence relevant answers.
 */
export function relevanceAnswer(prompt: string, score = 7): object {
  return {
    records: promptBlocks(prompt).map((b) => ({
      key: b.key,
      summary: "Reports a finding that bears on the question.",
      score,
    })),
  };
}

/**
 * Whether a call is the research agents' relevance pass, by the name of its answer schema (not by the prompt's words).
 */
function isRelevanceCall(options: LanguageModelV4CallOptions): boolean {
  const format = options.responseFormat as { type: string; name?: string } | undefined;
  return format?.type === "json" && format.name === "relevance_output";
}

/**
 * A mock model that gives its N-th scripted answer on its N-th call (objects are sent as JSON text, strings
 * as is; a function is called with the prompt's text, e.g. to quote an evidence block the prompt shows), whether
 * the call waits for the answer (doGenerate) or streams it (doStream: text deltas of {@link STREAM_CHUNK_CHARS}
 * characters, then the finish). A call beyond the script fails the test. Each answer reports 100 input and 20
 * output tokens. `calls` lists every scripted call's options in call order. A relevance-pass call (recognised by its
 * schema's name) is answered by the model itself, every block scored `options.relevanceScore` (default 7), and
 * listed in `relevanceCalls`, so scripts give only the agents' answers; with `relevanceScore: null` it takes the
 * next scripted answer like any call.
 */
export function scriptedModel(answers: ScriptedAnswer[], options: ScriptedModelOptions = {}): ScriptedModel {
  let call = 0;
  const calls: ScriptedModel["calls"] = [];
  const relevanceCalls: ScriptedModel["relevanceCalls"] = [];
  const score = options.relevanceScore === undefined ? 7 : options.relevanceScore;
  const answerText = (callOptions: LanguageModelV4CallOptions): string => {
    if (score !== null && isRelevanceCall(callOptions)) {
      relevanceCalls.push(callOptions);
      return JSON.stringify(relevanceAnswer(promptTextOf(callOptions.prompt as Array<{ content: unknown }>), score));
    }
    const scripted = answers[call++];
    if (scripted === undefined) throw new Error(`scripted model: no answer for call ${call}`);
    const answer =
      typeof scripted === "function"
        ? scripted(promptTextOf(callOptions.prompt as Array<{ content: unknown }>))
        : scripted;
    return typeof answer === "string" ? answer : JSON.stringify(answer);
  };
  const model = new MockLanguageModelV4({
    modelId: "scripted",
    doGenerate: async (callOptions) => {
      const text = answerText(callOptions);
      if (!isRelevanceCall(callOptions) || score === null) calls.push({ streamed: false, options: callOptions });
      return {
        content: [{ type: "text", text }],
        finishReason: { unified: "stop", raw: undefined },
        usage: USAGE,
        warnings: [],
      };
    },
    doStream: async (callOptions) => {
      calls.push({ streamed: true, options: callOptions });
      const text = answerText(callOptions);
      const deltas: LanguageModelV4StreamPart[] = [];
      for (let i = 0; i < text.length; i += STREAM_CHUNK_CHARS)
        deltas.push({ type: "text-delta", id: "t1", delta: text.slice(i, i + STREAM_CHUNK_CHARS) });
      const chunks: LanguageModelV4StreamPart[] = [
        { type: "text-start", id: "t1" },
        ...deltas,
        { type: "text-end", id: "t1" },
        { type: "finish", finishReason: { unified: "stop", raw: undefined }, usage: USAGE },
      ];
      return { stream: simulateReadableStream({ chunks, initialDelayInMs: null, chunkDelayInMs: null }) };
    },
  });
  return Object.assign(model, { calls, relevanceCalls });
}

/**
 * The whole prompt (system + messages) of a recorded model call (the N-th, streamed or not), as JSON text for substring
 * checks.
 */
export function promptText(model: MockLanguageModelV4 | ScriptedModel, call: number): string {
  const calls = "calls" in model ? model.calls.map((c) => c.options) : model.doGenerateCalls;
  return JSON.stringify(calls[call].prompt);
}

/**
 * One evidence block of a research agent's prompt: its key, evidence id, excerpt sentences (id and text, section label
 * removed) and `excerpt`, the excerpt's lines as shown (ids and labels included).
 */
export interface PromptBlock {
  key: string;
  id: string;
  sentences: Array<{ id: string; text: string }>;
  excerpt: string;
}

/**
 * The keyed evidence blocks of a prompt's text, in prompt order (lib/evidence/prompt-context/blocks formatKeyedBlocks).
 */
export function promptBlocks(prompt: string): PromptBlock[] {
  return [...prompt.matchAll(/<evidence key="(E\d+)" id="([^"]+)">\n([\s\S]*?)\n<\/evidence>/g)].map((m) => ({
    key: m[1],
    id: m[2],
    sentences: [...m[3].matchAll(/^(E\d+\.\d+) (?:[A-Z][A-Z ,&/()-]{2,60}?: )?(.*)$/gm)].map((s) => ({
      id: s[1],
      text: s[2],
    })),
    excerpt: m[3].slice(m[3].indexOf("Excerpt:")),
  }));
}

function pubmed(
  pmid: string,
  title: string,
  abstract: string,
  relevance: number,
  extra: Partial<Evidence["citation"]> = {},
): Evidence {
  return {
    id: `pmid:${pmid}`,
    citation: {
      source: "pubmed",
      pmid,
      doi: null,
      pmcid: null,
      nctId: null,
      title,
      authors: [],
      journal: null,
      year: null,
      url: `https://pubmed.ncbi.nlm.nih.gov/${pmid}/`,
      publicationTypes: ["Journal Article"],
      meshTerms: [],
      abstract,
      ...extra,
    },
    relevance,
    entities: [{ name: "lithium", type: "chemical", meshId: "D008094" }],
    preprint: false,
    trial: null,
  };
}

/**
 * Four lithium records from the BC5CDR training set (PubTator, PMIDs and titles as published; abstracts
 * shortened). Block order in prompts follows relevance: 9406968, 7453952, 1987816, 1378968.
 */
export const LITHIUM_EVIDENCE: Evidence[] = [
  pubmed(
    "9406968",
    "Upregulation of the expression of vasopressin gene in the paraventricular and supraoptic nuclei of the " +
      "lithium-induced diabetes insipidus rat.",
    "The expression of arginine vasopressin (AVP) gene in the paraventricular (PVN) and supraoptic nuclei (SON) " +
      "was investigated in rats with lithium (Li)-induced polyuria, using in situ hybridization histochemistry " +
      "and radioimmunoassay. The male Wistar rats consuming a diet that contained LiCl (60 mmol/kg) for 4 weeks " +
      "developed marked polyuria. Plasma concentration of AVP and transcripts of AVP gene in the PVN and SON were " +
      "significantly increased in the Li-treated rats compared with controls.",
    0.9,
  ),
  pubmed(
    "7453952",
    "Attenuation of the lithium-induced diabetes-insipidus-like syndrome by amiloride in rats.",
    "The effect of amiloride on lithium-induced polydipsia and polyuria and on the lithium concentration in the " +
      "plasma, brain, kidney, thyroid and red blood cells was investigated in rats, chronically treated with " +
      "LiCl. Amiloride reduced the drinking and urine volume of rats in an acute (6 or 12 h) and a subacute (3 " +
      "days) experiment.",
    0.8,
  ),
  pubmed(
    "1987816",
    "Less frequent lithium administration and lower urine volume.",
    "OBJECTIVE: This study was designed to determine whether patients maintained on a regimen of lithium on a " +
      "once-per-day schedule have lower urine volumes than do patients receiving multiple doses per day. RESULTS: " +
      "Multiple daily doses of lithium were associated with higher urine volumes.",
    0.7,
  ),
  pubmed(
    "1378968",
    "Effects of uninephrectomy and high protein feeding on lithium-induced chronic renal failure in rats.",
    "Rats with lithium-induced nephropathy were subjected to high protein (HP) feeding, uninephrectomy (NX) or " +
      "a combination of these, in an attempt to induce glomerular hyperfiltration and further progression of " +
      "renal failure.",
    0.6,
  ),
];

/** The research question used across the LLM tests. */
export const QUESTION = "How does lithium cause nephrogenic diabetes insipidus?";

/** A small hypothesis assessment over LITHIUM_EVIDENCE, as the judge and report agents receive it. */
export const HYPOTHESES: HypothesisSet = (() => {
  const h = {
    drug: "lithium",
    target: "AQP2",
    pathway: "vasopressin–cAMP signalling",
    effect: "polyuria",
    confidence: 0.7,
    supportingEvidence: ["pmid:9406968", "pmid:7453952"],
    contradictingEvidence: ["pmid:1987816"],
    searchSuggestions: ["lithium aquaporin-2"],
    links: [],
  };
  return {
    hypotheses: [h],
    primaryHypothesis: h,
    knowledgeGaps: [],
    recommendedSearches: ["lithium AQP2 collecting duct"],
  };
})();

const lastAssessment: JudgeAssessment = {
  mechanismScore: 7,
  mechanismReasoning: "AVP upregulation [1].",
  clinicalScore: 5,
  clinicalReasoning: "Cross-sectional study [3].",
  drugCandidates: ["amiloride"],
  keyFindings: [],
  sufficient: true,
  confidence: 0.65,
  recommendation: "synthesize",
  nextSearchQueries: [],
  reasoning: "",
};

/** Report input over `evidence`: two iterations, two judge assessments (last confidence 0.65), one shortfall. */
export const reportInput = (evidence = LITHIUM_EVIDENCE): ReportInput => ({
  question: QUESTION,
  evidence,
  hypotheses: HYPOTHESES,
  assessments: [{ ...lastAssessment, confidence: 0.3 }, lastAssessment],
  sourcesSearched: ["pubmed", "europepmc"],
  iterations: 2,
  shortfalls: [{ source: "europepmc", message: "timed out after 15 s, 0 records" }],
});

/**
 * An agent's input with what the relevance stage (lib/research/relevance-stage.ts) gives it on the model path: the
 * backend's relevance pass for `agent` over the input's evidence (with `hypotheses` as the excerpts' focus), its
 * selection on the input, its scores added to `scores` (the run's, so a later pass asks only about new records).
 */
export async function withRelevance<I extends { question: string; evidence: Evidence[] }>(
  backend: ReasoningBackend,
  agent: ReadingAgent,
  input: I,
  hypotheses: HypothesisSet | null,
  scores: RelevanceScores = {},
): Promise<I & { selection: EvidenceSelection }> {
  const outcome = await backend.selectEvidence!({
    agent,
    question: input.question,
    evidence: input.evidence,
    hypotheses,
    scores,
  });
  Object.assign(scores, outcome.scores);
  return { ...input, selection: outcome.selection };
}
