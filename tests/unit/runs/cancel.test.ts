import crypto from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { listRunEvents } from "@/lib/db/runs";
import { requestRunCancel } from "@/lib/db/run-control";
import { importFile } from "@/lib/library/import";
import { createExtractiveBackend } from "@/lib/research/agents/extractive";
import type { ReasoningBackend } from "@/lib/research/backend";
import { research } from "@/lib/modes";
import { openRun, startRun } from "@/lib/runs/start";
import { researchWorkflow } from "@/lib/research/workflow";
import { requestCancel } from "@/lib/runs/lifecycle";
import { CANCEL_POLL_MS } from "@/lib/runs/run-watch";
import { CORPUS, useTempDatabase } from "@/tests/support/temp-database";

const QUESTION = "Does lithium cause nephrogenic diabetes insipidus?";
const CANCELLED = "Run cancelled; everything found so far is kept.";

/**
 * The extractive backend whose hypothesis agent waits like a slow model call until its AbortSignal aborts (then
 * rejects with the signal's reason, as the AI SDK does with `abortSignal`); `entered` resolves when it is waiting.
 */
function hangingBackend(): { backend: ReasoningBackend; entered: Promise<void> } {
  const extractive = createExtractiveBackend();
  let enter!: () => void;
  const entered = new Promise<void>((resolve) => (enter = resolve));
  const backend: ReasoningBackend = {
    ...extractive,
    hypothesize: (input) =>
      new Promise((_, reject) => {
        enter();
        input.signal?.addEventListener("abort", () => reject(input.signal!.reason), { once: true });
      }),
  };
  return { backend, entered };
}

describe("cancel anywhere: the run's cancelled flag in the database", () => {
  let cleanup: () => void;
  beforeAll(async () => {
    ({ cleanup } = await useTempDatabase("cancel"));
    await importFile(path.join(CORPUS, "bc5cdr_pubtator/CDR_TestSet.PubTator.txt"));
  });
  afterAll(() => cleanup());

  it(
    "stops a run executing in this process when only the flag is set (as another instance or the CLI does), " +
      "aborting its in-flight model call",
    async () => {
      const { backend, entered } = hangingBackend();
      const { runId, done } = await startRun(
        research,
        { question: QUESTION, sources: ["local"] },
        { overrides: { backend } },
      );
      await entered;
      const asked = performance.now();
      expect(await requestRunCancel(runId)).toBe(true);
      const outcome = await done;
      const latency = performance.now() - asked;
      expect(outcome.status).toBe("cancelled");
      // One poll interval, plus the time to save the closing event.
      expect(latency).toBeLessThan(CANCEL_POLL_MS + 1_000);
      const row = await getDb().run.findUniqueOrThrow({ where: { id: runId } });
      expect(row.status).toBe("cancelled");
      expect(row.cancelRequestedAt).toBeInstanceOf(Date);
      const events = await listRunEvents(runId);
      expect(events.map((e) => e.type)).toEqual([
        "run-started",
        "question-classified",
        "notice",
        "iteration-started",
        "search",
        "evidence",
        "run-finished",
      ]);
      expect(events.at(-1)!.data).toMatchObject({ status: "cancelled", message: CANCELLED });
      expect(row.evidenceCount).toBe((events[5].data as { total: number }).total);
      expect(row.evidenceCount).toBeGreaterThan(0);
    },
  );

  it("refuses to flag a run that has ended or does not exist", async () => {
    const { runId, done } = await startRun(research, { question: QUESTION, sources: ["local"], maxIterations: 1 });
    expect((await done).status).toBe("completed");
    expect(await requestCancel(runId)).toBe(false);
    expect(await requestCancel(crypto.randomUUID())).toBe(false);
    expect((await getDb().run.findUniqueOrThrow({ where: { id: runId } })).cancelRequestedAt).toBeNull();
  });

  it("a durable run cancelled while queued does no work: its steps go straight to the closing event", async () => {
    const { job, progress } = await openRun(research, { question: QUESTION, sources: ["local"], maxIterations: 2 });
    const { runId } = job;
    expect(await requestCancel(runId)).toBe(true);
    await researchWorkflow(job, progress);
    const events = await listRunEvents(runId);
    expect(events.map((e) => e.type)).toEqual(["run-started", "run-finished"]);
    expect(events[1].data).toMatchObject({ status: "cancelled", message: CANCELLED });
    const row = await getDb().run.findUniqueOrThrow({ where: { id: runId } });
    expect(row.status).toBe("cancelled");
    expect(row.evidenceCount).toBe(0);
    // The steps held the lease while they ran.
    expect(row.heartbeatAt).toBeInstanceOf(Date);
  });
});
