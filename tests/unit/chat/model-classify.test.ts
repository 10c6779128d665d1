import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classifyFollowUp } from "@/lib/chat/classify";
import { CLASSIFY_INSTRUCTIONS } from "@/lib/chat/classify-model";
import { postFollowUp } from "@/lib/chat/post-message";
import { reportVersions } from "@/lib/chat/report-versions";
import { formatUsageLine, summarizeUsage } from "@/lib/ai/usage";
import { getRun, listRunEvents, type RunSummary } from "@/lib/db/runs";
import { exportRun } from "@/lib/export/report";
import { createFallbackBackend } from "@/lib/research/create-backend";
import { research, registry } from "@/lib/modes";
import { startRun } from "@/lib/runs/start";
import { getRunDetail } from "@/lib/runs/projections";
import { importCorpus, useTempDatabase } from "@/tests/support/temp-database";
import { readAnswer } from "@/tests/support/chat";
import { promptOf, streamingModel } from "@/tests/support/streaming-model";

const QUESTION = "Is lithium nephrotoxic, and by what mechanism?";
/** Prices of the test, USD per million tokens: each scripted call (100 input, 20 output tokens) costs $0.00036. */
const PRICES = { OPENAI_PRICE_INPUT_PER_MTOK: "2", OPENAI_PRICE_OUTPUT_PER_MTOK: "8" };

describe(
  "with a language model, the model chooses the follow-up's kind (MockLanguageModelV4), and its calls add to the " +
    "run's cost",
  () => {
    let cleanup: () => void;
    let run: RunSummary;
    beforeAll(async () => {
      ({ cleanup } = await useTempDatabase("chat-classify"));
      Object.assign(process.env, PRICES);
      await importCorpus(["bc5cdr_pubtator/CDR_TrainingSet.PubTator.txt"]);
      const { runId, done } = await startRun(research, { question: QUESTION, sources: ["local"], maxIterations: 2 });
      expect((await done).status).toBe("completed");
      run = (await getRun(runId))!;
    }, 120_000);
    afterAll(() => {
      for (const key of Object.keys(PRICES)) delete process.env[key];
      cleanup();
    });

    it(
      "answers from the evidence a “what about …” the rules would research, and adds its three calls " +
        "(classifier, answer, critic) to the run's usage line and exports",
      async () => {
        const text = "What about the polyuria in these rats?";
        expect(classifyFollowUp(text).kind).toBe("research");
        const before = summarizeUsage(await listRunEvents(run.id));
        // The first turn ran on the extractive backend: no model call, no cost.
        expect(before).toMatchObject({ calls: 0, costUsd: null });
        let first = 0;
        const model = streamingModel(
          [
            (prompt) => {
              first = Number(/<evidence key="E(\d+)"/.exec(prompt)![1]);
              return `Lithium-treated rats developed polyuria [E${first}.1].`;
            },
          ],
          9,
          [
            { kind: "evidence", focus: "", reason: "the run's records already report polyuria in rats" },
            // The report's critic checks the answer's one cited statement.
            { claims: [{ claim: 1, reasoning: "Stated in the block.", verdict: "PASS" }] },
          ],
        );
        const a = await readAnswer(
          await postFollowUp(run, { text }, { mode: research, model: { model, modelId: "scripted-stream" } }),
        );
        expect(a.kind).toEqual({
          kind: "evidence",
          reason: "the run's records already report polyuria in rats",
          references: [],
          focus: text,
          decidedBy: "model",
        });
        expect(a.text).toBe(`Lithium-treated rats developed polyuria [${first}].`);
        expect(model.doGenerateCalls).toHaveLength(2);
        expect(model.doStreamCalls).toHaveLength(1);
        const prompt = promptOf(model.doGenerateCalls[0].prompt as Array<{ role: string; content: unknown }>);
        expect(prompt.startsWith(CLASSIFY_INSTRUCTIONS)).toBe(true);
        expect(prompt).toContain(`Research question of the run: ${QUESTION}\n\nFollow-up message: ${text}`);
        expect(model.doGenerateCalls[0].temperature).toBe(0);

        const events = await listRunEvents(run.id);
        expect(
          events
            .filter((e) => e.type === "usage")
            .map(
              (e) =>
                e.type === "usage" && [
                  e.data.agent,
                  e.data.model,
                  e.data.inputTokens,
                  e.data.outputTokens,
                  e.data.costUsd,
                ],
            ),
        ).toEqual([
          ["chat-classify", "scripted-stream", 100, 20, 0.00036],
          ["chat-answer", "scripted-stream", 100, 20, 0.00036],
          ["critic", "scripted-stream", 100, 20, 0.00036],
        ]);
        const usage = summarizeUsage(events);
        expect(formatUsageLine(usage)).toBe("3 model calls · 300 input + 60 output tokens · est. $0.0011");
        expect(usage.costUsd).toBeCloseTo(0.00108, 10);
        const json = JSON.parse(exportRun("json", (await getRunDetail(run.id))!, registry)!.body);
        expect(json.usage).toMatchObject({
          calls: 3,
          inputTokens: 300,
          outputTokens: 60,
          byAgent: { "chat-classify": { calls: 1 }, "chat-answer": { calls: 1 }, critic: { calls: 1 } },
        });
      },
    );

    it("starts a research iteration for a request the rules read as a question, on the model's focus", async () => {
      const text = "Are there newer trials on lithium and the kidney?";
      expect(classifyFollowUp(text).kind).toBe("evidence");
      const model = streamingModel([], 9, [
        { kind: "research", focus: "lithium kidney trials", reason: "asks for trials the run did not gather" },
      ]);
      const a = await readAnswer(
        await postFollowUp(
          (await getRun(run.id))!,
          { text },
          { mode: research, model: { model, modelId: "scripted-stream" }, researchBackend: createFallbackBackend() },
        ),
      );
      expect(a.kind).toEqual({
        kind: "research",
        reason: "asks for trials the run did not gather",
        references: [],
        focus: "lithium kidney trials",
        decidedBy: "model",
      });
      const iteration = a.chunks.find((c) => c.type === "data-research-iteration");
      expect(iteration).toMatchObject({ data: { iteration: 3, queries: ["lithium kidney trials"] } });
      expect(a.chunks.find((c) => c.type === "data-run-finished")).toMatchObject({ data: { status: "completed" } });
      expect(reportVersions(await listRunEvents(run.id)).map((v) => v.version)).toEqual([1, 2]);
      // The classification's usage was saved before the iteration's events, and counts with the run's.
      const events = await listRunEvents(run.id);
      const fromSeq = iteration!.type === "data-research-iteration" ? iteration!.data.fromSeq : -1;
      expect(events.find((e) => e.seq === fromSeq)).toMatchObject({ type: "usage", data: { agent: "chat-classify" } });
      expect(formatUsageLine(summarizeUsage(events))).toBe(
        "4 model calls · 400 input + 80 output tokens · est. $0.0014",
      );
    });

    it("falls back to the rules, saying so, when the model cannot classify", async () => {
      const model = streamingModel([() => "Reference 2 is about lithium [E2.1]."], 9, [
        new Error("upstream 503"),
        { claims: [{ claim: 1, reasoning: "Stated in the block.", verdict: "PASS" }] },
      ]);
      const a = await readAnswer(
        await postFollowUp(
          (await getRun(run.id))!,
          { text: "Summarise reference 2" },
          { mode: research, model: { model, modelId: "scripted-stream" } },
        ),
      );
      expect(a.kind).toEqual({
        kind: "evidence",
        reason: "names a reference by number (the model could not classify it: upstream 503)",
        references: [2],
        focus: "Summarise reference 2",
        decidedBy: "rules",
      });
      expect(a.text).toBe("Reference 2 is about lithium [2].");
      expect(a.answer!.checks.removedStatements).toBe(0);
    });
  },
);
