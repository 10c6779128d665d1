import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { listRunEvents } from "@/lib/db/runs";
import { requestRunCancel } from "@/lib/db/run-control";
import { claimCheck, registry } from "@/lib/modes";
import { openRun, startRun } from "@/lib/runs/start";
import { claimCheckWorkflow } from "@/lib/claims/workflow";
import { runDurableStage } from "@/lib/runs/durable-stage";
import { FINISH } from "@/lib/runs/plan";
import { runsToFail } from "@/lib/runs/interrupted";
import { importCorpus, useTempDatabase } from "@/tests/support/temp-database";

// Without the Workflow SDK's build transform (as under vitest) the "use workflow" function runs its steps as plain
// calls in order, which exercises the durable claim check's stages, checkpoints and recorder on a real database.
const CLAIM = "Doxorubicin has no effect on the heart";

/**
 * A check opened as startRun opens it on the server before it enqueues the workflow: the Run row and its run-started
 * event.
 */
const openCheck = (text: string) => openRun(claimCheck, { text, sources: ["local"] });

/** A saved event's payload without what differs between two executions (durations and generation times). */
const timeless = (data: unknown) =>
  JSON.stringify(data)
    .replace(/"durationMs":\d+/g, "")
    .replace(/"generatedAt":"[^"]+"/g, "");

describe("the durable claim check's steps", () => {
  let cleanup: () => void;
  beforeAll(async () => {
    ({ cleanup } = await useTempDatabase("claim-durable"));
    await importCorpus();
  });
  afterAll(() => cleanup());

  it("record the same events and evidence as the in-process check of the same text", async () => {
    const inline = await startRun(claimCheck, { text: CLAIM, sources: ["local"] });
    expect((await inline.done).status).toBe("completed");
    const { job, progress } = await openCheck(CLAIM);
    const { runId } = job;
    await claimCheckWorkflow(job, progress);

    const [a, b] = [await listRunEvents(inline.runId), await listRunEvents(runId)];
    expect(b.map((e) => e.type)).toEqual([
      "run-started",
      "notice",
      "claims-extracted",
      "counter-statement",
      "claim-search",
      "claim-search",
      "evidence",
      "claim-scored",
      "counter-report",
      "claim-verdict",
      "run-finished",
    ]);
    expect(b.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(b.map((e) => timeless(e.data))).toEqual(a.map((e) => timeless(e.data)));
    const verdict = b.find((e) => e.type === "claim-verdict")!;
    expect(
      verdict.type === "claim-verdict" && [verdict.data.result.verdict, verdict.data.result.citations.length],
    ).toEqual(["contradicts", 10]);
    expect(await getDb().run.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({
      status: "completed",
      error: null,
      evidenceCount: 57,
    });
    const links = await getDb().runEvidence.findMany({ where: { runId }, orderBy: { ordinal: "asc" } });
    expect(links.map((l) => l.ordinal)).toEqual(Array.from({ length: 57 }, (_, i) => i));
  });

  it("re-run a step interrupted after it saved its events without recording anything twice", async () => {
    const { job, progress } = await openCheck(CLAIM);
    const { runId } = job;
    let run = await runDurableStage(claimCheck, job, progress, { stage: "claim extraction" });
    run = await runDurableStage(claimCheck, job, run, { stage: "counter-statements" });
    expect(run.seq).toBe(4);
    // The searches step saves its events and evidence, then its process dies before the step completes: the SDK
    // runs it again from the same input (the state it was given, as the event log holds it).
    const beforeSearch = structuredClone(run);
    await runDurableStage(claimCheck, job, structuredClone(run), { stage: "claim searches" });
    expect((await listRunEvents(runId)).map((e) => e.type).slice(4)).toEqual([
      "claim-search",
      "claim-search",
      "evidence",
    ]);
    run = await runDurableStage(claimCheck, job, beforeSearch, { stage: "claim searches" });
    expect(run).toMatchObject({ seq: 7, failure: null });
    expect(run.state.evidence).toHaveLength(57);
    const events = await listRunEvents(runId);
    expect(events.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(events.filter((e) => e.type === "evidence")).toHaveLength(1);
    expect(await getDb().runEvidence.count({ where: { runId } })).toBe(57);
  });

  it("stop at the next step once cancelled from anywhere, keeping what was found; always record the end", async () => {
    const { job, progress } = await openCheck(CLAIM);
    const { runId } = job;
    let run = progress;
    for (const stage of ["claim extraction", "counter-statements", "claim searches"])
      run = await runDurableStage(claimCheck, job, run, { stage });
    expect(await requestRunCancel(runId)).toBe(true);
    run = await runDurableStage(claimCheck, job, run, { stage: "claim scoring" });
    expect(run.failure).toEqual({ status: "cancelled", message: "Run cancelled; everything found so far is kept." });
    run = await runDurableStage(claimCheck, job, run, { stage: "verdicts" });
    await runDurableStage(claimCheck, job, run, { stage: FINISH });
    const events = await listRunEvents(runId);
    expect(events.map((e) => e.type)).toEqual([
      "run-started",
      "notice",
      "claims-extracted",
      "counter-statement",
      "claim-search",
      "claim-search",
      "evidence",
      "run-finished",
    ]);
    expect(await getDb().run.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({
      status: "cancelled",
      evidenceCount: 57,
    });
    expect(await getDb().runEvidence.count({ where: { runId } })).toBe(57);
  });

  it("end a text without a checkable claim as failed with the reason", async () => {
    const { job, progress } = await openCheck("   ");
    const { runId } = job;
    await claimCheckWorkflow(job, progress);
    const events = await listRunEvents(runId);
    expect(events.map((e) => e.type)).toEqual(["run-started", "notice", "run-finished"]);
    expect(events.at(-1)!.data).toMatchObject({
      status: "failed",
      message: "No checkable claim was found in the text.",
    });
  });
});

describe("which unfinished runs a starting server ends as failed", () => {
  const runs = [
    { id: "r1", mode: "research", workflowRunId: "wrun_1" },
    { id: "r2", mode: "research", workflowRunId: null },
    { id: "c1", mode: "claim-check", workflowRunId: "wrun_2" },
    { id: "c2", mode: "claim-check", workflowRunId: null },
  ];

  it("with the durable engine: only claim checks never enqueued; the world resumes the rest", () => {
    expect(runsToFail(runs, true, registry).map((r) => r.id)).toEqual(["c2"]);
  });

  it("with the in-process engine: every one, since its executor was the stopped process", () => {
    expect(runsToFail(runs, false, registry).map((r) => r.id)).toEqual(["r1", "r2", "c1", "c2"]);
  });
});
