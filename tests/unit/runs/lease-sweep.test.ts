import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { createRun } from "@/lib/db/runs";
import { claimLapsedRun, heartbeatRuns, listLapsedRuns, setWorkflowRunId } from "@/lib/db/run-control";
import { LEASE_MS, SWEEP_MS, sweepLapsedRuns } from "@/lib/runs/lease-sweep";
import { HEARTBEAT_MS } from "@/lib/runs/run-watch";
import { openStepSignal } from "@/lib/runs/step-signal";
import { useTempDatabase } from "../../support/temp-database";

const SETTINGS = { mode: "research" as const, question: "Is lithium nephrotoxic?", sources: ["local" as const], maxIterations: 1, onProviderError: "fail" as const };

/** A durable run row (status "running", workflow run id `wrun_<n>`) whose last heartbeat was `heartbeatAgoMs` before `now` (null: never). */
async function durableRun(now: Date, heartbeatAgoMs: number | null, fields: { status?: string; durable?: boolean; createdAgoMs?: number } = {}): Promise<string> {
  const id = crypto.randomUUID();
  await createRun({ id, settings: SETTINGS, backend: "extractive", model: null, ownerId: null });
  if (fields.durable ?? true) await setWorkflowRunId(id, `wrun_${id.slice(0, 8)}`);
  await getDb().run.update({
    where: { id },
    data: {
      status: fields.status ?? "running",
      heartbeatAt: heartbeatAgoMs === null ? null : new Date(now.getTime() - heartbeatAgoMs),
      createdAt: new Date(now.getTime() - (fields.createdAgoMs ?? 60_000)),
    },
  });
  return id;
}

describe("the lease sweep re-enqueues durable runs whose executor stopped, and never a live one", () => {
  let cleanup: () => void;
  beforeAll(async () => {
    ({ cleanup } = await useTempDatabase("lease-sweep"));
  });
  afterAll(() => cleanup());

  it("a run heartbeats several times within one lease, and the sweep runs 2–5 times per lease", () => {
    expect(LEASE_MS / HEARTBEAT_MS).toBe(6);
    expect(SWEEP_MS).toBeGreaterThanOrEqual(10_000);
    expect(SWEEP_MS).toBeLessThanOrEqual(15_000);
  });

  it("two instances sweeping at the same moment recover each lapsed run exactly once; live, ended and in-process runs are left alone", async () => {
    const now = new Date();
    const live = await durableRun(now, LEASE_MS - HEARTBEAT_MS);
    const lapsed = await durableRun(now, LEASE_MS + 10_000);
    const neverStarted = await durableRun(now, null, { createdAgoMs: LEASE_MS + 5_000 });
    const justQueued = await durableRun(now, null, { createdAgoMs: 2_000 });
    const ended = await durableRun(now, LEASE_MS * 10, { status: "completed" });
    const inProcess = await durableRun(now, LEASE_MS * 10, { durable: false });

    const enqueued: string[] = [];
    const reenqueue = async (workflowRunId: string) => void enqueued.push(workflowRunId);
    const [a, b] = await Promise.all([sweepLapsedRuns(reenqueue, now), sweepLapsedRuns(reenqueue, now)]);
    expect([...a, ...b].sort()).toEqual([lapsed, neverStarted].sort());
    expect(enqueued.sort()).toEqual([`wrun_${lapsed.slice(0, 8)}`, `wrun_${neverStarted.slice(0, 8)}`].sort());
    for (const id of [live, justQueued, ended, inProcess]) expect([...a, ...b]).not.toContain(id);

    // The claim renewed the lease of the recovered runs, and the live run's step heartbeats as it goes on: the next
    // sweep, one interval later, recovers nothing.
    await heartbeatRuns([live], new Date(now.getTime() + HEARTBEAT_MS));
    expect(await sweepLapsedRuns(reenqueue, new Date(now.getTime() + SWEEP_MS))).toEqual([]);
    expect(enqueued).toHaveLength(2);
  });

  it("a run whose step heartbeats between the sweep's read and its claim is not claimed", async () => {
    const now = new Date();
    const id = await durableRun(now, LEASE_MS + 1_000);
    const [seen] = (await listLapsedRuns(new Date(now.getTime() - LEASE_MS))).filter((r) => r.id === id);
    expect(seen).toBeDefined();
    // The executing instance was only slow: its step renews the lease now.
    await heartbeatRuns([id], new Date(now.getTime() + 1));
    expect(await claimLapsedRun(id, seen.heartbeatAt, now)).toBe(false);
    expect(await sweepLapsedRuns(async () => undefined, now)).not.toContain(id);
  });

  it("a step renews the lease when it opens and when it closes", async () => {
    const now = new Date();
    const id = await durableRun(now, LEASE_MS * 2);
    const { close } = await openStepSignal(id);
    const opened = (await getDb().run.findUniqueOrThrow({ where: { id } })).heartbeatAt!;
    expect(opened.getTime()).toBeGreaterThanOrEqual(now.getTime());
    expect(await sweepLapsedRuns(async () => undefined, new Date())).not.toContain(id);
    await close();
    const closed = (await getDb().run.findUniqueOrThrow({ where: { id } })).heartbeatAt!;
    expect(closed.getTime()).toBeGreaterThanOrEqual(opened.getTime());
  });
});
