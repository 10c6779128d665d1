import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getLanguageModel } from "@/lib/ai/providers";
import { createLlmBackend } from "@/lib/research/agents/llm";
import type { CriticOutput } from "@/lib/grounding/entailment";
import type { HypothesisOutput } from "@/lib/research/agents/llm/hypothesis";
import type { JudgeOutput } from "@/lib/research/agents/llm/judge";
import type { ReportOutput } from "@/lib/research/agents/llm/report";
import { getRunDetail } from "@/lib/runs/projections";
import { runToJson } from "@/lib/research/run-json";
import { research } from "@/lib/modes";
import { startRun } from "@/lib/runs/start";
import { createTextEmbedder } from "@/lib/ai/embeddings";
import { startFakeOpenAIServer, type FakeOpenAIServer, type ScriptedEntry } from "@/tests/support/fake-openai-server";
import { importCorpus, useTempDatabase } from "@/tests/support/temp-database";
import { promptBlocks, type PromptBlock } from "@/tests/support/llm";

const QUESTION = "Does cognitive training increase serum BDNF in schizophrenia?";
type Body = {
  messages: Array<{ role: string; content: string }>;
  temperature: number;
  max_tokens: number;
  response_format: { type: string; json_schema?: { strict: boolean } };
};
const user = (body: Record<string, unknown>) => (body as Body).messages.find((m) => m.role === "user")!.content;
const system = (body: Record<string, unknown>) => (body as Body).messages.find((m) => m.role === "system")!.content;

const blocks = promptBlocks;

const hypothesis: HypothesisOutput = {
  evidenceReading: "Rat and human records link lithium to polyuria.",
  hypotheses: [
    {
      drug: "cognitive training",
      target: "BDNF",
      pathway: "neuroplasticity",
      effect: "cognitive gains",
      confidence: 0.6,
      supportingEvidence: ["E1"],
      contradictingEvidence: [],
      searchSuggestions: [],
      links: null,
    },
  ],
  primaryHypothesis: 1,
  knowledgeGaps: [],
  recommendedSearches: [],
};
const judge = (body: Record<string, unknown>): string => {
  const [b1] = blocks(user(body));
  const answer: JudgeOutput = {
    mechanismScore: 6,
    mechanismReasoning: `Serum BDNF rose [${b1.key}].`,
    clinicalScore: 6,
    clinicalReasoning: `A trial [${b1.key}].`,
    drugCandidates: ["cognitive training"],
    keyFindings: [`BDNF rose after training [${b1.key}].`],
    sufficient: true,
    confidence: 0.6,
    recommendation: "synthesize",
    nextSearchQueries: [],
    reasoning: "Enough.",
  };
  return JSON.stringify(answer);
};
const report = (body: Record<string, unknown>): string => {
  const [b1, b2] = blocks(user(body));
  const S = (text: string, b: PromptBlock) => ({ support: [b.sentences[0].id], text });
  const answer: ReportOutput = {
    evidenceReading: "The records bear on the question.",
    outcome: "answers",
    missing: [],
    title: "Cognitive training and serum BDNF",
    executiveSummary: [S(`Training raised serum BDNF [${b1.key}].`, b1)],
    methodology: "The local library was searched.",
    mechanisticFindings: [S(`BDNF may mark neuroplasticity [${b1.key}].`, b1)],
    clinicalFindings: [S(`Another study reports related outcomes [${b2.key}].`, b2)],
    drugCandidates: [],
    limitations: ["Few trials."],
    conclusion: [S(`The evidence is preliminary [${b1.key}, ${b2.key}].`, b2)],
  };
  return JSON.stringify(answer);
};
const critic: CriticOutput = {
  claims: [1, 2, 3, 4].map((claim) => ({ claim, reasoning: "Every element is stated.", verdict: "PASS" as const })),
};

describe("a research run over real HTTP through @ai-sdk/openai-compatible (loopback server as a local model)", () => {
  let cleanup: () => void;
  let server: FakeOpenAIServer | null = null;
  beforeAll(async () => {
    ({ cleanup } = await useTempDatabase("llm-loopback"));
    await importCorpus(["medline16n0902_sample_604.xml"]);
  }, 60_000);
  afterAll(() => cleanup());
  afterEach(async () => {
    await server?.close();
    server = null;
  });

  async function run(script: ScriptedEntry[], onProviderError: "fail" | "extractive" = "fail") {
    server = await startFakeOpenAIServer(script, { relevanceScore: 7 });
    const configured = getLanguageModel({
      OPENAI_API_KEY: "ollama",
      OPENAI_BASE_URL: server.baseURL,
      OPENAI_MODEL: "qwen3:8b",
    } as unknown as NodeJS.ProcessEnv)!;
    const backend = createLlmBackend(configured.model, configured.modelId, {
      promptStyle: configured.promptStyle,
      sampling: {},
      embedder: createTextEmbedder(),
    });
    const { runId, done } = await startRun(
      research,
      { question: QUESTION, sources: ["local"], maxIterations: 1, onProviderError },
      { overrides: { backend } },
    );
    const outcome = await done;
    const detail = (await getRunDetail(runId))!;
    return { outcome, detail, json: runToJson(detail) };
  }

  it("sends each agent's sampling, json_schema, a field guide, the same keys and excerpts to every agent", async () => {
    const { outcome, json } = await run([JSON.stringify(hypothesis), judge, report, JSON.stringify(critic)]);
    expect(outcome.error).toBeNull();
    expect(json.verification?.status).toBe("verified");
    // The relevance pass (answered by the server) runs before the agents that see records not scored yet.
    const isRelevance = (r: Body) =>
      (r.response_format.json_schema as { name?: string } | undefined)?.name === "relevance_output";
    const relevance = (server!.requests as Body[]).filter(isRelevance);
    expect(relevance.length).toBeGreaterThanOrEqual(1);
    for (const r of relevance)
      expect([r.temperature, r.max_tokens, (r as { stream?: boolean }).stream ?? false]).toEqual([0, 1_000, false]);
    const requests = (server!.requests as Body[]).filter((r) => !isRelevance(r));
    expect(requests.map((r) => [r.temperature, r.max_tokens])).toEqual([
      // The judge and critic are rubric calls at temperature 0 (they were at 0.2); the report's limit is 4,000 (was
      // 5,000) so its largest revision prompt and answer fit a 16k context (tests/unit/ai/prompt-budgets.test.ts).
      [0.3, 2_000],
      [0, 1_000],
      [0.3, 4_000],
      [0, 2_500], // the critic's limit is 2,500 (was 3,000): see tests/unit/ai/prompt-budgets.test.ts
    ]);
    for (const r of requests)
      expect(r.response_format).toMatchObject({ type: "json_schema", json_schema: { strict: true } });
    // The hypothesis and report answers stream over SSE (with usage in the stream), for live viewers; judge and critic
    // do not.
    expect(
      requests.map((r) => [
        (r as { stream?: boolean }).stream ?? false,
        (r as { stream_options?: unknown }).stream_options ?? null,
      ]),
    ).toEqual([
      [true, { include_usage: true }],
      [false, null],
      [true, { include_usage: true }],
      [false, null],
    ]);
    // Local servers never see .describe(): the field guide carries meanings and ranges into the instructions.
    expect(system(requests[0])).toContain(
      "- primaryHypothesis (number or null): 1-based position in `hypotheses` of the most promising one",
    );
    expect(system(requests[1])).toContain("- mechanismScore (number): Integer 0–10");
    expect(system(requests[3])).toContain('- verdict (one of "PASS", "FAIL")');

    // One key per record for the whole run, and one excerpt per record in every agent's prompt.
    const seen = new Map<string, { id: string; excerpt: string }>();
    for (const r of server!.requests as Body[]) {
      for (const b of blocks(user(r))) {
        const first = seen.get(b.key) ?? b;
        expect([b.id, b.excerpt]).toEqual([first.id, first.excerpt]);
        seen.set(b.key, first);
      }
    }
    const reportBlocks = blocks(user(requests[2]));
    const criticBlocks = blocks(user(requests[3]));
    expect(criticBlocks.map((b) => b.key)).toEqual(
      reportBlocks
        .slice(0, 2)
        .map((b) => b.key)
        .sort((a, b) => Number(a.slice(1)) - Number(b.slice(1))),
    );
    expect(user(requests[2])).toContain(`- BDNF rose after training [${blocks(user(requests[1]))[0].key}].`);
    expect(json.report!.references.map((r) => r.evidenceId)).toEqual(reportBlocks.slice(0, 2).map((b) => b.id));

    // Structured abstracts shown to the model keep their CONCLUSIONS (the old 700-character cut kept 0 of 84 in a
    // recorded run).
    const evidence = new Map(json.evidence.map((e) => [e.id, e.citation.abstract]));
    const structured = [...seen.values()].filter((b) => /(?:^|\n)CONCLUSIONS?:/.test(evidence.get(b.id) ?? ""));
    expect(structured).toHaveLength(11);
    expect(structured.filter((b) => /^E\d+\.\d+ CONCLUSIONS?: /m.test(b.excerpt))).toHaveLength(structured.length);
    if (process.env.CRITICA_PRINT_PROMPT_SIZES) {
      console.log(
        JSON.stringify({
          structured: structured.length,
          chars: requests.map((r) => r.messages.reduce((n, m) => n + m.content.length, 0)),
        }),
      );
      (await import("node:fs")).writeFileSync(
        process.env.CRITICA_PRINT_PROMPT_SIZES,
        JSON.stringify({ evidence: json.evidence, hypotheses: json.hypotheses, report: json.report }),
      );
    }
  });

  it(
    "an empty answer (a thinking model's) with --on-provider-error extractive completes the run on the extractive " +
      "backend",
    async () => {
      const { outcome, detail, json } = await run(
        [{ content: "", reasoningContent: "I will answer in JSON: {…}" }],
        "extractive",
      );
      expect(outcome.error).toBeNull();
      expect(json.status).toBe("completed");
      // The relevance pass in 4 batches of the 25 blocks (answered by the server), then the empty hypothesis answer.
      const names = (server!.requests as Body[]).map(
        (r) => (r.response_format?.json_schema as { name?: string } | undefined)?.name,
      );
      expect(names).toEqual([
        "relevance_output",
        "relevance_output",
        "relevance_output",
        "relevance_output",
        "hypothesis_output",
      ]);
      expect(json.report!.methodology.content).toContain("Backend: extractive (no language model).");
      const notices = detail.events.flatMap((e) => (e.type === "notice" ? [e.data.message] : []));
      expect(notices).toEqual([
        "The language model gave no usable answer during the hypothesis step: hypothesis agent: the model " +
          "returned an empty answer (it wrote 26 characters of " +
          "reasoning but no answer text: a thinking model may have put its JSON in its reasoning; use a model or " +
          "setting without thinking). " +
          "As chosen for this run, the remaining steps use the extractive backend (no language model).",
      ]);
    },
  );
});
