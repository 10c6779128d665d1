import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRun } from "@/lib/db/runs";
import { createDbRecorder } from "@/lib/runs/db-recorder";
import { followRunEvents } from "@/lib/runs/event-feed";
import type { RunEvent } from "@/lib/domain/events";
import { useTempDatabase } from "@/tests/support/temp-database";

const SETTINGS = {
  mode: "research" as const,
  question: "Is lithium nephrotoxic?",
  sources: ["local" as const],
  maxIterations: 1,
  onProviderError: "fail" as const,
};

/** A viewer of the feed: the seqs it received, and a promise that resolves when the feed says the run ended. */
function viewer(runId: string, after: number) {
  const seqs: number[] = [];
  let stop = () => {};
  const ended = new Promise<void>((resolve) => {
    stop = followRunEvents(runId, after, (events: RunEvent[], done) => {
      seqs.push(...events.map((e) => e.seq));
      if (done) resolve();
    });
  });
  return { seqs, ended, stop: () => stop() };
}

describe("the event feed shared by a run's viewers in one process", () => {
  let cleanup: () => void;
  beforeAll(async () => {
    ({ cleanup } = await useTempDatabase("event-feed"));
  });
  afterAll(() => cleanup());

  it("gives each viewer every event after its own starting point once, in order, and ends with the run", async () => {
    const runId = crypto.randomUUID();
    await createRun({ id: runId, settings: SETTINGS, backend: "extractive", model: null, ownerId: null });
    const recorder = createDbRecorder(runId);
    await recorder.emit("run-started", {
      question: SETTINGS.question,
      backend: "extractive",
      model: null,
      sources: ["local"],
      maxIterations: 1,
    });
    await recorder.emit("iteration-started", { iteration: 1 });
    const fromStart = viewer(runId, 0);
    const afterReload = viewer(runId, 1);
    const left = viewer(runId, 0);
    await expect.poll(() => fromStart.seqs).toEqual([1, 2]);
    left.stop();
    const started = performance.now();
    await recorder.emit("notice", { level: "info", message: "extractive mode: no language model configured" });
    // Saved by this process: announced at once, not at the next poll.
    await expect.poll(() => fromStart.seqs, { interval: 5 }).toEqual([1, 2, 3]);
    expect(performance.now() - started).toBeLessThan(400);
    await recorder.emit("run-finished", { status: "completed", message: null, durationMs: 5 });
    await Promise.all([fromStart.ended, afterReload.ended]);
    expect(fromStart.seqs).toEqual([1, 2, 3, 4]);
    expect(afterReload.seqs).toEqual([2, 3, 4]);
    expect(left.seqs).toEqual([1, 2]);
  });
});
