import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getLanguageModel } from "@/lib/ai/providers";
import { exportRun } from "@/lib/export/report";
import { runToJson } from "@/lib/research/run-json";
import { research, registry } from "@/lib/modes";
import { createLlmBackend } from "@/lib/research/agents/llm";
import { getRunDetail } from "@/lib/runs/projections";
import { startRun } from "@/lib/runs/start";
import { startFakeOpenAIServer, type FakeOpenAIServer } from "@/tests/support/fake-openai-server";
import { ABSTAIN_TEXT, abstainingReply } from "@/tests/support/model-personas";
import { CORPUS_FILES, importCorpus, useTempDatabase } from "@/tests/support/temp-database";

const QUESTION = "Is lithium nephrotoxic, and by what mechanism?";

describe("a model that abstains on every call (real AI SDK path, loopback server as a local model)", () => {
  let cleanup: () => void;
  let server: FakeOpenAIServer | null = null;
  beforeAll(async () => {
    ({ cleanup } = await useTempDatabase("llm-abstain"));
    await importCorpus(CORPUS_FILES.filter((f) => f.endsWith(".PubTator.txt")));
  }, 60_000);
  afterAll(() => cleanup());
  afterEach(async () => {
    await server?.close();
    server = null;
  });

  it(
    "gets a completed run whose report says the evidence does not answer, with verdict unclear and no Unverified " +
      "banner",
    async () => {
      // Every answer: each text field the abstaining sentence, lists as short as allowed, numbers 0, cautious enums.
      server = await startFakeOpenAIServer([], { otherwise: abstainingReply });
      const configured = getLanguageModel({
        OPENAI_API_KEY: "ollama",
        OPENAI_BASE_URL: server.baseURL,
        OPENAI_MODEL: "qwen2.5:7b-instruct",
      } as unknown as NodeJS.ProcessEnv)!;
      const backend = createLlmBackend(configured.model, configured.modelId, {
        promptStyle: configured.promptStyle,
        sampling: {},
      });
      const { runId, done } = await startRun(
        research,
        { question: QUESTION, sources: ["local"], maxIterations: 1 },
        { overrides: { backend } },
      );
      const outcome = await done;
      const detail = (await getRunDetail(runId))!;
      const json = runToJson(detail);

      expect(outcome.error).toBeNull();
      expect(json.status).toBe("completed");
      // The hypothesis agent proposed none and said why.
      expect(json.hypotheses[0].assessment.hypotheses).toEqual([]);
      expect(json.hypotheses[0].assessment.noHypothesisReason).toBe(ABSTAIN_TEXT);
      // The report says so, written in code from what is known; its bottom line is "unclear".
      const report = json.report!;
      expect(report.notAnswered).toEqual({ reason: ABSTAIN_TEXT, missing: [] });
      expect(report.title).toBe(`Not answered by the evidence retrieved: ${QUESTION}`);
      expect(report.executiveSummary).toBe(
        "No record among the 40 retrieved from Local library answers the question, so this report gives no " +
          "answer; it lists what was searched and what evidence is missing.",
      );
      expect(report.methodology.content).toBe(
        "Sources searched: Local library.\nSearch iterations: 1. Records reviewed: 40.",
      );
      expect(report.references).toEqual([]);
      expect(report.drugCandidates).toEqual([]);
      expect(json.answer).toMatchObject({ verdict: "unclear" });
      expect(json.answer!.sentence).toMatch(
        /^Unclear: the report finds that the evidence retrieved does not answer this question; /,
      );
      // A clean report: the critic's checks pass (nothing cited, so no entailment call), no Unverified banner.
      expect(json.verification).toEqual({ status: "verified", failedChecks: [], attempts: 1 });
      expect(json.critic.map((c) => [c.verdict, c.outcome])).toEqual([["PASS", "verified"]]);
      expect(json.markdown).toContain(
        "*The evidence retrieved does not answer this question. The report says what was searched and what " +
          "evidence is missing.*",
      );
      expect(json.markdown).not.toContain("Unverified");
      const markdown = exportRun("markdown", detail, registry)!.body;
      expect(markdown).toContain(
        "Unclear: the report finds that the evidence retrieved does not answer this question;",
      );
      expect(markdown).not.toContain("Unverified");
      // Relevance, hypothesis, judge and report answered; the critic had nothing cited to check.
      expect(Object.keys(json.usage.byAgent).sort()).toEqual(["hypothesis", "judge", "relevance", "report"]);
    },
  );
});
