import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countActiveRuns } from "@/lib/db/accounts";
import { getDb } from "@/lib/db/client";
import { listRunEvents } from "@/lib/db/runs";
import { importFile } from "@/lib/library/import";
import { research } from "@/lib/modes";
import { researchWorkflow } from "@/lib/research/workflow";
import { CANCELLED_MESSAGE } from "@/lib/runs/durable-step";
import type { EngineState } from "@/lib/runs/engine-state";
import { endOverdueCancels, reconcileRuns, STUCK_MESSAGE } from "@/lib/runs/reconcile";
import { openRun } from "@/lib/runs/start";
import { CORPUS, useTempDatabase } from "@/tests/support/temp-database";

// The reconciler's decisions on real Run, RunEvent, RunEvidence and Report rows; the engine states are given per
// workflow run id (reading them from the Workflow SDK's world is exercised by tests/integration/stuck-run.test.ts).
const QUESTION = "Does lithium cause nephrogenic diabetes insipidus?";
const OWNER = "user-reconcile";
const NOW = new Date("2026-11-29T04:00:00Z");

async function openRow(workflowRunId: string, extra: { cancelRequestedAt?: Date } = {}): Promise<string> {
  const { job } = await openRun(research, { question: QUESTION, sources: ["local"], maxIterations: 1 });
  await getDb().run.update({
    where: { id: job.runId },
    data: { workflowRunId, ownerId: OWNER, createdAt: new Date(NOW.getTime() - 60_000), ...extra },
  });
  return job.runId;
}

const status = async (id: string) => (await getDb().run.findUniqueOrThrow({ where: { id } })).status;

describe("the reconciler", () => {
  let cleanup: () => void;
  beforeAll(async () => {
    ({ cleanup } = await useTempDatabase("reconcile"));
    await importFile(path.join(CORPUS, "bc5cdr_pubtator/CDR_TestSet.PubTator.txt"));
  });
  afterAll(() => cleanup());

  it("ends stuck, lost and finished runs keeping their records, leaves live ones, and frees their slots", async () => {
    // A real run stopped after its hypotheses: events, evidence links, no report yet.
    const { job, progress } = await openRun(research, { question: QUESTION, sources: ["local"], maxIterations: 1 });
    await researchWorkflow(job, progress);
    const stuck = job.runId;
    const all = await getDb().runEvent.findMany({ where: { runId: stuck }, orderBy: { seq: "asc" } });
    const cut = all.find((e) => e.type === "hypotheses")!.seq;
    await getDb().runEvent.deleteMany({ where: { runId: stuck, seq: { gt: cut } } });
    await getDb().report.deleteMany({ where: { runId: stuck } });
    await getDb().run.update({
      where: { id: stuck },
      data: {
        status: "running",
        finishedAt: null,
        error: null,
        workflowRunId: "wrun_orphan",
        ownerId: OWNER,
        createdAt: new Date(NOW.getTime() - 60_000),
      },
    });
    const kept = await getDb().runEvent.findMany({ where: { runId: stuck }, orderBy: { seq: "asc" } });
    const evidence = await getDb().runEvidence.count({ where: { runId: stuck } });
    expect(evidence).toBeGreaterThan(0);

    const live = await openRow("wrun_live");
    const gone = await openRow("wrun_gone");
    const doneNoReport = await openRow("wrun_completed");
    const cancelledInEngine = await openRow("wrun_cancelled");
    const cancelOverdue = await openRow("wrun_live2", { cancelRequestedAt: new Date(NOW.getTime() - 9_000) });
    const cancelRecent = await openRow("wrun_live3", { cancelRequestedAt: new Date(NOW.getTime() - 2_000) });
    // Seven unfinished runs, two of them with a cancel asked: five hold a slot.
    expect(await countActiveRuns(OWNER)).toBe(5);

    const engine: Record<string, EngineState> = {
      wrun_orphan: { kind: "orphaned", step: "judge" },
      wrun_live: { kind: "live" },
      wrun_gone: { kind: "absent" },
      wrun_completed: { kind: "finished", status: "completed" },
      wrun_cancelled: { kind: "finished", status: "cancelled" },
      wrun_live2: { kind: "live" },
      wrun_live3: { kind: "live" },
    };
    const stopped: string[] = [];
    const access = { read: async (id: string) => engine[id], stop: async (id: string) => void stopped.push(id) };
    // Without the durable engine only the overdue cancel is ended (the engine is not read).
    expect(await reconcileRuns(false, access, NOW)).toEqual([{ id: cancelOverdue, status: "cancelled" }]);
    const ended = await reconcileRuns(true, access, NOW);
    expect(new Map(ended.map((r) => [r.id, r.status]))).toEqual(
      new Map([
        [stuck, "interrupted"],
        [gone, "interrupted"],
        [doneNoReport, "interrupted"],
        [cancelledInEngine, "cancelled"],
      ]),
    );
    expect(await status(live)).toBe("running");
    expect(await status(cancelRecent)).toBe("running");

    // The stuck run keeps every event and evidence link, and gets one closing event after them.
    const after = await getDb().runEvent.findMany({ where: { runId: stuck }, orderBy: { seq: "asc" } });
    expect(after.slice(0, -1).map((e) => [e.id, e.seq, e.type])).toEqual(kept.map((e) => [e.id, e.seq, e.type]));
    expect((await listRunEvents(stuck, kept.at(-1)!.seq)).map((e) => [e.seq, e.type, e.data])).toEqual([
      [kept.at(-1)!.seq + 1, "run-finished", { status: "interrupted", message: STUCK_MESSAGE, durationMs: 60_000 }],
    ]);
    expect(await getDb().runEvidence.count({ where: { runId: stuck } })).toBe(evidence);
    const row = await getDb().run.findUniqueOrThrow({ where: { id: stuck } });
    expect([row.status, row.error, row.finishedAt]).toEqual(["interrupted", STUCK_MESSAGE, NOW]);
    expect((await listRunEvents(cancelOverdue)).at(-1)!.data).toEqual({
      status: "cancelled",
      message: CANCELLED_MESSAGE,
      durationMs: 60_000,
    });

    // Only the live, uncancelled run holds a slot now; a second pass ends nothing and rewrites nothing.
    expect(await countActiveRuns(OWNER)).toBe(1);
    expect(await reconcileRuns(true, access, NOW)).toEqual([]);
    // The engine is stopped where it might write on: the overdue cancel's and the orphaned run's workflow runs.
    expect(stopped).toEqual(["wrun_live2", "wrun_orphan"]);
    expect(await getDb().runEvent.count({ where: { runId: stuck, type: "run-finished" } })).toBe(1);
  });

  it("ends a cancel the engine does not answer once 8 s have passed, and not before", async () => {
    const asked = new Date(NOW.getTime() - 5_000);
    const id = await openRow("wrun_silent", { cancelRequestedAt: asked });
    const stopped: string[] = [];
    const stop = async (workflowRunId: string) => void stopped.push(workflowRunId);
    expect(await endOverdueCancels(NOW, stop)).toEqual([]);
    expect(await status(id)).toBe("running");
    expect(await endOverdueCancels(new Date(asked.getTime() + 8_000), stop)).toEqual([id]);
    expect([await status(id), stopped]).toEqual(["cancelled", ["wrun_silent"]]);
    expect(await endOverdueCancels(new Date(asked.getTime() + 9_000), stop)).toEqual([]);
  });
});
