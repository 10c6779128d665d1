import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { listRunEvents } from "@/lib/db/runs";
import { importFile } from "@/lib/library/import";
import { researchWorkflow } from "@/lib/research/workflow";
import { research } from "@/lib/modes";
import { openRun, startRun } from "@/lib/runs/start";
import { rollbackToCheckpoint } from "@/lib/db/checkpoint";
import { CORPUS, useTempDatabase } from "@/tests/support/temp-database";

// Without the Workflow SDK's build transform (as under vitest) the "use workflow" function runs its steps as plain
// calls in order, which exercises the durable path's stages, checkpoints and recorder against a real database.
const QUESTION = "Does lithium cause nephrogenic diabetes insipidus?";

/**
 * Runs the workflow of a run opened as startRun opens it on the server before it enqueues the workflow (the Run row and
 * its run-started event).
 */
async function runDurably(): Promise<string> {
  const { job, progress } = await openRun(research, { question: QUESTION, sources: ["local"], maxIterations: 2 });
  await researchWorkflow(job, progress);
  return job.runId;
}

describe("the durable research workflow's steps", () => {
  let cleanup: () => void;
  beforeAll(async () => {
    ({ cleanup } = await useTempDatabase("durable-workflow"));
    await importFile(path.join(CORPUS, "bc5cdr_pubtator/CDR_TestSet.PubTator.txt"));
  });
  afterAll(() => cleanup());

  it("record the same events, evidence and report as the in-process run of the same settings", async () => {
    const inline = await startRun(research, { question: QUESTION, sources: ["local"], maxIterations: 2 });
    await inline.done;
    const runId = await runDurably();

    const [a, b] = [await listRunEvents(inline.runId), await listRunEvents(runId)];
    expect(b.map((e) => e.seq)).toEqual(b.map((_, i) => i + 1));
    expect(b.map((e) => e.type)).toEqual(a.map((e) => e.type));
    const withoutTimes = (events: typeof a) =>
      events
        .filter((e) => e.type !== "run-finished")
        .map((e) => JSON.stringify(e.data).replace(/"durationMs":\d+/g, ""));
    expect(withoutTimes(b)).toEqual(withoutTimes(a));
    const row = await getDb().run.findUniqueOrThrow({ where: { id: runId } });
    expect(row.status).toBe("completed");
    const links = await getDb().runEvidence.findMany({ where: { runId }, orderBy: { ordinal: "asc" } });
    expect(links.map((l) => l.ordinal)).toEqual(links.map((_, i) => i));
    expect(links.map((l) => l.evidenceId)).toEqual(
      (await getDb().runEvidence.findMany({ where: { runId: inline.runId }, orderBy: { ordinal: "asc" } })).map(
        (l) => l.evidenceId,
      ),
    );
    expect((await getDb().report.findUniqueOrThrow({ where: { runId } })).markdown).toBe(
      (await getDb().report.findUniqueOrThrow({ where: { runId: inline.runId } })).markdown,
    );
  });

  it("roll back what an interrupted step saved beyond its checkpoint, and nothing before it", async () => {
    const runId = await runDurably();
    const events = await listRunEvents(runId);
    // The checkpoint of the judge step of iteration 1: everything up to the last event before the first assessment.
    const judged = events.find((e) => e.type === "assessment")!;
    const evidence = await getDb().runEvidence.count({ where: { runId, iteration: 1 } });
    const deleted = await rollbackToCheckpoint(runId, { seq: judged.seq - 1, evidence, report: false });
    expect(deleted).toBe(events.length - judged.seq + 1);
    expect((await listRunEvents(runId)).map((e) => e.seq)).toEqual(events.slice(0, judged.seq - 1).map((e) => e.seq));
    expect(await getDb().runEvidence.count({ where: { runId } })).toBe(evidence);
    // Hypotheses and assessments live in the events only (the Hypothesis and Assessment tables are dropped): the
    // iteration's hypotheses stay, its assessment is gone with the rolled-back events.
    const kept = await listRunEvents(runId);
    expect(kept.flatMap((e) => (e.type === "hypotheses" ? [e.data.iteration] : []))).toEqual([1]);
    expect(kept.filter((e) => e.type === "assessment")).toEqual([]);
    expect(await getDb().report.count({ where: { runId } })).toBe(0);
  });
});
