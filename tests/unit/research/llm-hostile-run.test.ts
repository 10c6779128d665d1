import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTextEmbedder } from "@/lib/ai/embeddings";
import { getLanguageModel } from "@/lib/ai/providers";
import { createLlmClaimBackend } from "@/lib/claims/agents/llm";
import { NOT_ANSWERED } from "@/lib/chat/evidence-answer";
import { postFollowUp } from "@/lib/chat/post-message";
import { getRun } from "@/lib/db/runs";
import { listMessages } from "@/lib/db/messages";
import { claimCheckToJson } from "@/lib/claims/json";
import { exportRun } from "@/lib/export/report";
import { runToJson } from "@/lib/research/run-json";
import { claimCheck, research, registry } from "@/lib/modes";
import { createLlmBackend } from "@/lib/research/agents/llm";
import { getRunDetail } from "@/lib/runs/projections";
import { startRun } from "@/lib/runs/start";
import { readAnswer } from "@/tests/support/chat";
import { startFakeOpenAIServer, type FakeOpenAIServer } from "@/tests/support/fake-openai-server";
import { HOSTILE_INVENTIONS, hostileReply } from "@/tests/support/model-personas";
import { CORPUS_FILES, importCorpus, useTempDatabase } from "@/tests/support/temp-database";

const QUESTION = "Is lithium nephrotoxic, and by what mechanism?";

/** The inventions of the hostile persona found in a text (none may be). */
function inventionsIn(text: string): string[] {
  return HOSTILE_INVENTIONS.filter((fake) => text.includes(fake));
}

describe("a hostile model that fills every field with inventions (real AI SDK path, loopback server)", () => {
  let cleanup: () => void;
  let server: FakeOpenAIServer;
  let configured: NonNullable<ReturnType<typeof getLanguageModel>>;
  beforeAll(async () => {
    ({ cleanup } = await useTempDatabase("llm-hostile"));
    await importCorpus(CORPUS_FILES.filter((f) => f.endsWith(".PubTator.txt")));
    server = await startFakeOpenAIServer([], { otherwise: hostileReply });
    configured = getLanguageModel({
      OPENAI_API_KEY: "ollama",
      OPENAI_BASE_URL: server.baseURL,
      OPENAI_MODEL: "qwen2.5:7b-instruct",
    } as unknown as NodeJS.ProcessEnv)!;
  }, 60_000);
  afterAll(async () => {
    await server.close();
    cleanup();
  });
  afterEach(() => undefined);

  it(
    "publishes no fabricated identifier, invented quotation or out-of-range marker in the report, its exports or " +
      "the run page",
    async () => {
      const backend = createLlmBackend(configured.model, configured.modelId, {
        promptStyle: configured.promptStyle,
        sampling: {},
      });
      const { runId, done } = await startRun(
        research,
        { question: QUESTION, sources: ["local"], maxIterations: 1 },
        { overrides: { backend } },
      );
      expect((await done).status).toBe("completed");
      const detail = (await getRunDetail(runId))!;
      const json = runToJson(detail);
      const report = json.report!;

      // Every draft failed the critic, so what is published is the extractive report of the same evidence; the model's
      // last draft is kept, scrubbed, collapsed.
      expect(json.critic.map((c) => [c.verdict, c.outcome])).toEqual([
        ["FAIL", "revise"],
        ["FAIL", "revise"],
        ["FAIL", "replaced"],
      ]);
      expect(report.methodology.content).toContain("Backend: extractive (no language model).");
      expect(report.verification?.status).toBe("verified");
      expect(report.failedModelDraft?.verification?.status).toBe("unverified");
      expect(json.markdown).toContain(
        "> **Extractive report.** The model's report still failed the critic's checks after 3 drafts",
      );
      expect(json.markdown).not.toContain("**Unverified report.**");

      // The sections that published the model's text untouched before: hypotheses (chain nodes), drug candidates,
      // methodology — scrubbed in the run's hypotheses, the judge's assessment and the model's kept draft.
      const chain = json.hypotheses[0].assessment.hypotheses[0];
      expect(chain.drug).toBe("Metformin reverses renal injury in all patients at 2500 mg daily.");
      const draft = report.failedModelDraft!;
      expect(draft.hypothesesTested[0].mechanism).toBe(
        Array(4).fill("Metformin reverses renal injury in all patients at 2500 mg daily.").join(" → "),
      );
      expect(draft.drugCandidates).toEqual(["Metformin reverses renal injury in all patients at 2500 mg daily."]);
      // The methodology was one run of text with an invented quotation in it: removed whole by the quotation check.
      expect(draft.methodology.content).toBe("");
      expect(json.assessments[0].assessment.mechanismReasoning).toBe(
        "Metformin reverses renal injury in all patients at 2500 mg daily.",
      );
      expect(json.droppedIdentifiers).toBe(0); // the published (extractive) report has none; the draft counted its own
      expect(draft.droppedIdentifiers).toBeGreaterThan(0);

      // Nowhere: the run's saved events (what the run page shows, the timeline and the critic's lines included), the
      // --json contract, and every export.
      expect(inventionsIn(JSON.stringify(detail))).toEqual([]);
      expect(inventionsIn(JSON.stringify(json))).toEqual([]);
      for (const format of research.export.formats)
        expect([format, inventionsIn(exportRun(format, detail, registry)!.body)]).toEqual([format, []]);
      const markers = [...json.markdown!.matchAll(/\[(\d+)\](?!\()/g)].map((m) => Number(m[1]));
      expect(markers.every((n) => n >= 1 && n <= report.references.length)).toBe(true);

      // A follow-up answered by the same model: its answer goes through the same checks.
      const run = (await getRun(runId))!;
      const answer = await readAnswer(
        await postFollowUp(
          run,
          { text: "What doses were used?" },
          {
            mode: research,
            model: { model: configured.model, modelId: configured.modelId, promptStyle: configured.promptStyle },
          },
        ),
      );
      // No statement of it cites a sentence id (its [42] and [1] are bare numbers, no citation): each is removed before
      // anything is shown, the removal counted, and the answer says the records do not answer the question.
      expect(answer.text).toBe(NOT_ANSWERED);
      expect(answer.answer).toMatchObject({ answered: false, checks: { removedMarkers: 2, removedStatements: 2 } });
      expect(inventionsIn(JSON.stringify(await listMessages(runId)))).toEqual([]);
    },
    120_000,
  );

  it("a claim check shows no invention as its claims, counter-statement, rationale or counter-report", async () => {
    const backend = createLlmClaimBackend(configured.model, configured.modelId, {
      promptStyle: configured.promptStyle,
    });
    const text = "Lithium has no effect on the kidney. It is safe in every patient.";
    const { runId, done } = await startRun(
      claimCheck,
      { text, sources: ["local"] },
      { overrides: { backend, embedder: createTextEmbedder() } },
    );
    expect((await done).status).toBe("completed");
    const detail = (await getRunDetail(runId))!;
    const json = claimCheckToJson(detail);
    const counters = detail.events.flatMap((e) => (e.type === "counter-statement" ? [e.data.counterStatement] : []));
    expect(counters.length).toBeGreaterThan(0);
    // The model's claims are not the text's (they name a drug and a dose it does not): the text's own finding is
    // checked, and its counter-statement is the rule-based negation, not the model's invented finding.
    expect(counters).toEqual(["Lithium has an effect on the kidney."]);
    expect(inventionsIn(JSON.stringify(detail))).toEqual([]);
    expect(inventionsIn(JSON.stringify(json))).toEqual([]);
    for (const format of claimCheck.export.formats)
      expect([format, inventionsIn(exportRun(format, detail, registry)!.body)]).toEqual([format, []]);
  }, 120_000);
});
