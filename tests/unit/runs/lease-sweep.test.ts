import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { createRun } from "@/lib/db/runs";
import { claimLapsedRun, heartbeatRuns, listLapsedRuns, setWorkflowRunId } from "@/lib/db/run-control";
import {
  LEASE_MS,
  nextLapseWithin,
  startLeaseSweep,
  SWEEP_JITTER_MS,
  SWEEP_MS,
  sweepLapsedRuns,
  TARGET_JITTER_MS,
  TARGET_MARGIN_MS,
} from "@/lib/runs/lease-sweep";
import { HEARTBEAT_MS } from "@/lib/runs/run-watch";
import { openStepSignal } from "@/lib/runs/step-signal";
import { useTempDatabase } from "@/tests/support/temp-database";

const SETTINGS = {
  mode: "research" as const,
  question: "Is lithium nephrotoxic?",
  sources: ["local" as const],
  maxIterations: 1,
  onProviderError: "fail" as const,
};

/**
 * A durable run row (status "running", workflow run id `wrun_<n>`) whose last heartbeat was `heartbeatAgoMs` before
 * `now` (null: never).
 */
async function durableRun(
  now: Date,
  heartbeatAgoMs: number | null,
  fields: { status?: string; durable?: boolean; createdAgoMs?: number } = {},
): Promise<string> {
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
    // With its jitter, a periodic sweep still comes every 10–15 s: at least twice per lease.
    expect(SWEEP_MS + SWEEP_JITTER_MS).toBeLessThanOrEqual(15_000);
  });

  it(
    "two instances sweeping at the same moment recover each lapsed run exactly once; live, ended and in-process " +
      "runs are left alone",
    async () => {
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
    },
  );

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

  it("sees when a silent run's lease lapses within the next sweep interval, and never a live run's", async () => {
    const now = new Date();
    const silent = await durableRun(now, LEASE_MS - 4_000);
    await durableRun(now, HEARTBEAT_MS); // live: renews every 5 s, its lease is ≥ 25 s away
    await durableRun(now, null, { createdAgoMs: LEASE_MS - 4_000 }); // never heartbeat: the periodic sweep's
    const row = await getDb().run.findUniqueOrThrow({ where: { id: silent } });
    expect(await nextLapseWithin(SWEEP_MS, now)).toEqual(new Date(row.heartbeatAt!.getTime() + LEASE_MS));
    expect((await nextLapseWithin(SWEEP_MS, now))!.getTime() - now.getTime()).toBe(4_000);
    // Ten seconds later the lease has lapsed: that run is the sweep's own business, not a lapse to come.
    const later = new Date(now.getTime() + 10_000);
    await heartbeatRuns([silent], new Date(now.getTime() - LEASE_MS - 1));
    expect(await nextLapseWithin(SWEEP_MS, later)).toBeNull();
    await getDb().run.update({ where: { id: silent }, data: { status: "failed" } });
  });

  it(
    "recovers a run right after its lease lapses rather than at the next periodic sweep, and leaves a run that " +
      "heartbeats in time",
    async () => {
      const now = new Date();
      const dead = await durableRun(now, LEASE_MS - 1_500);
      const slow = await durableRun(now, LEASE_MS - 1_500);
      const deadLapse =
        (await getDb().run.findUniqueOrThrow({ where: { id: dead } })).heartbeatAt!.getTime() + LEASE_MS;
      const enqueued: Array<{ workflowRunId: string; at: number }> = [];
      // The first sweep finds nothing lapsed yet, and aims a targeted sweep at the lapse 1.5 s later.
      const stop = startLeaseSweep({
        reenqueue: async (workflowRunId) => void enqueued.push({ workflowRunId, at: Date.now() }),
        firstSweepMs: 0,
      });
      try {
        // The slow run's executor is alive after all: it heartbeats 0.5 s before its lease lapses.
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        await heartbeatRuns([slow]);
        await expect.poll(() => enqueued.length, { timeout: 5_000, interval: 50 }).toBe(1);
        expect(enqueued[0].workflowRunId).toBe(`wrun_${dead.slice(0, 8)}`);
        // After the lapse, by TARGET_MARGIN_MS plus jitter: long before the periodic sweep (SWEEP_MS).
        expect(enqueued[0].at).toBeGreaterThanOrEqual(deadLapse + TARGET_MARGIN_MS);
        expect(enqueued[0].at).toBeLessThan(deadLapse + TARGET_MARGIN_MS + TARGET_JITTER_MS + 500);
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        expect(enqueued.map((e) => e.workflowRunId)).toEqual([`wrun_${dead.slice(0, 8)}`]);
      } finally {
        stop();
      }
    },
  );
});
