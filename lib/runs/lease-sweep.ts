import { claimLapsedRun, listLapsedRuns } from "@/lib/db/run-control";

/**
 * A durable run whose heartbeat is older than this (ms) has lost its executor: 30 s, six missed heartbeats, so a slow
 * step is not taken for a dead one, and a dead instance's run resumes within a minute (lib/runs/run-watch.ts renews
 * them every 5 s while a step executes, and at each step's start and end).
 */
export const LEASE_MS = 30_000;
/**
 * How often every instance sweeps (ms): a third of {@link LEASE_MS}, so a lapsed lease waits at most one sweep more.
 */
export const SWEEP_MS = 10_000;

/**
 * One sweep: finds the durable runs whose lease lapsed before `now - LEASE_MS`, claims each one (a
 * compare-and-set on its heartbeat, so of several instances sweeping at once only one recovers a run, and a run
 * that heartbeats meanwhile is left alone) and hands the claimed ones to `reenqueue` (the Workflow SDK's
 * recovery: the workflow replays its event log and runs its interrupted step again, which is idempotent).
 * The claim renews the lease, so the same run is not recovered again for LEASE_MS.
 * @returns the ids of the runs this call recovered.
 */
export async function sweepLapsedRuns(
  reenqueue: (workflowRunId: string) => Promise<void>,
  now = new Date(),
): Promise<string[]> {
  const recovered: string[] = [];
  for (const run of await listLapsedRuns(new Date(now.getTime() - LEASE_MS))) {
    if (!(await claimLapsedRun(run.id, run.heartbeatAt, now))) continue;
    await reenqueue(run.workflowRunId);
    recovered.push(run.id);
  }
  return recovered;
}

/**
 * Re-enqueues one workflow run on the configured world: what the SDK's own recovery does for every active run at
 * start (`reenqueueActiveRuns` in @workflow/world, and `reenqueueRun` in @workflow/core/runtime, which the
 * `workflow` package does not export), here for one run: its workflow's queue, `{ runId }`, its deployment and
 * spec version.
 */
export async function reenqueueWorkflowRun(workflowRunId: string): Promise<void> {
  const { getWorld } = await import("workflow/runtime");
  const world = getWorld();
  const run = await world.runs.get(workflowRunId, { resolveData: "none" });
  const namespace = process.env.WORKFLOW_QUEUE_NAMESPACE;
  const prefix = namespace ? `__${namespace}_wkf_workflow_` : "__wkf_workflow_";
  await world.queue(
    `${prefix}${run.workflowName}` as Parameters<typeof world.queue>[0],
    { runId: workflowRunId },
    { deploymentId: run.deploymentId, specVersion: run.specVersion },
  );
}

/**
 * How much later than SWEEP_MS a periodic sweep may run (ms): each instance waits SWEEP_MS plus a random share of
 * this, so instances started together do not sweep in lockstep (every 10–12 s).
 */
export const SWEEP_JITTER_MS = 2_000;
/**
 * A targeted sweep runs this long (ms) after the lease it waits for lapsed, plus a random share of
 * TARGET_JITTER_MS: the margin keeps "older than LEASE_MS" strict despite timer slack, the jitter spreads the
 * instances' claims of one lapse (the compare-and-set lets one win either way).
 */
export const TARGET_MARGIN_MS = 250;
export const TARGET_JITTER_MS = 500;

/**
 * When the next lease of an unfinished durable run lapses, if that happens within `horizonMs` of `now`: from the
 * runs whose last heartbeat is older than `now - (LEASE_MS - horizonMs)` but not yet older than LEASE_MS (a live
 * run renews every 5 s, so it never lapses within a 10–15 s horizon). Runs that never heartbeat are left to the
 * periodic sweep.
 * @returns the moment (heartbeat + LEASE_MS) or null.
 */
export async function nextLapseWithin(horizonMs: number, now = new Date()): Promise<Date | null> {
  const soon = await listLapsedRuns(new Date(now.getTime() - (LEASE_MS - horizonMs)));
  const beats = soon.map((r) => r.heartbeatAt?.getTime() ?? 0).filter((t) => t >= now.getTime() - LEASE_MS);
  return beats.length ? new Date(Math.min(...beats) + LEASE_MS) : null;
}

/** What {@link startLeaseSweep} does with a claimed run, and when it sweeps first (ms; tests sweep at once). */
export interface LeaseSweepOptions {
  reenqueue?: (workflowRunId: string) => Promise<void>;
  firstSweepMs?: number;
}

/**
 * Starts this instance's sweep (unref'd timers): periodically every SWEEP_MS plus up to SWEEP_JITTER_MS, and, when a
 * sweep sees a run's lease about to lapse before the next periodic one (its executor stopped heartbeating), once
 * more right after that lapse (TARGET_MARGIN_MS plus up to TARGET_JITTER_MS). A run whose executor died is so
 * recovered about LEASE_MS after its last heartbeat instead of up to SWEEP_MS later; the lease itself (30 s) and the
 * claim's compare-and-set are unchanged. A failed sweep (database or world unreachable) is logged and retried at
 * the next tick.
 * @returns the function that stops it.
 */
export function startLeaseSweep(options: LeaseSweepOptions = {}): () => void {
  const reenqueue = options.reenqueue ?? reenqueueWorkflowRun;
  let stopped = false;
  let periodic: NodeJS.Timeout | null = null;
  let target: { timer: NodeJS.Timeout; at: number } | null = null;
  let sweeping = false;
  let again = false;

  const timer = (fn: () => void, ms: number) => {
    const t = setTimeout(fn, Math.max(0, ms));
    t.unref?.();
    return t;
  };
  const aim = (lapse: Date | null) => {
    if (!lapse || stopped) return;
    const at = lapse.getTime() + TARGET_MARGIN_MS + Math.random() * TARGET_JITTER_MS;
    if (target && target.at <= at) return;
    if (target) clearTimeout(target.timer);
    const fire = () => {
      target = null;
      void sweep();
    };
    target = { at, timer: timer(fire, at - Date.now()) };
  };
  const sweep = async (): Promise<void> => {
    if (stopped) return;
    if (sweeping) {
      again = true; // a targeted sweep that met a periodic one runs right after it
      return;
    }
    sweeping = true;
    try {
      const ids = await sweepLapsedRuns(reenqueue);
      if (ids.length)
        console.log(`critica: lease sweep re-enqueued ${ids.length} run(s) whose executor stopped: ${ids.join(", ")}`);
      aim(await nextLapseWithin(SWEEP_MS + SWEEP_JITTER_MS));
    } catch (error) {
      console.error("critica: lease sweep failed:", error instanceof Error ? error.message : error);
    } finally {
      sweeping = false;
    }
    if (again) {
      again = false;
      await sweep();
    }
  };
  const tick = (ms: number) => {
    periodic = timer(() => {
      void sweep().finally(() => !stopped && tick(SWEEP_MS + Math.random() * SWEEP_JITTER_MS));
    }, ms);
  };
  tick(options.firstSweepMs ?? SWEEP_MS + Math.random() * SWEEP_JITTER_MS);
  return () => {
    stopped = true;
    if (periodic) clearTimeout(periodic);
    if (target) clearTimeout(target.timer);
  };
}
