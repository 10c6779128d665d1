import { appendRunEvent, lastEventSeq } from "@/lib/db/runs";
import { endUnfinishedRun, listOverdueCancels, listReconcileRows, type ReconcileRow } from "@/lib/db/run-control";
import { CANCELLED_MESSAGE } from "./durable-step";
import { readEngineState, stopEngineRun, type EngineState } from "./engine-state";
import { notifyRunEvent } from "./event-feed";

/**
 * A cancelled run still unfinished this long (ms) after the cancel was asked is ended by the reconciler, whether or
 * not its engine answers: its steps poll the flag every 500 ms and normally end it within 1–2 s, and the user is
 * promised an end within 10 s (8 s plus at most one {@link CANCEL_CHECK_MS}).
 */
export const CANCEL_DEADLINE_MS = 8_000;
/** How often overdue cancels are looked for (ms): one indexed query. */
export const CANCEL_CHECK_MS = 1_000;
/** How often every unfinished durable run's engine state is read (ms), besides once at start-up. */
export const RECONCILE_MS = 15_000;

/** The message of a run ended because its engine state was lost, stuck or ended without it. */
export const STUCK_MESSAGE =
  "The engine executing this run stopped and cannot resume it; everything found until then is kept.";

/** How the reconciler reads and stops workflow runs (the configured world by default; tests give their own). */
export interface EngineAccess {
  read: (workflowRunId: string, now: Date) => Promise<EngineState>;
  stop: (workflowRunId: string) => Promise<void>;
}

const WORLD: EngineAccess = { read: readEngineState, stop: stopEngineRun };

/** What the reconciler does with one unfinished run. */
export type Decision =
  | { action: "leave" }
  | {
      action: "end";
      status: "completed" | "failed" | "cancelled" | "interrupted";
      message: string | null;
      /** Whether the engine's workflow run must be stopped too (it might otherwise write into the ended run). */
      stopEngine: boolean;
    };

/**
 * Decides what to do with an unfinished run from its row and its engine state (null: not durable, or not read on
 * this pass), at `now`:
 * - cancel asked more than CANCEL_DEADLINE_MS ago → "cancelled" (the engine is stopped: it did not answer);
 * - no workflow run in the engine → "interrupted";
 * - the workflow run finished while the row did not (its closing write was lost) → "cancelled" when it was cancelled,
 *   "completed" when it completed and the report is saved, else "interrupted";
 * - a step completed without its event (nothing will resume it) → "interrupted", the engine stopped;
 * - otherwise left alone (the engine executes it).
 */
export function decide(
  row: Pick<ReconcileRow, "cancelRequestedAt" | "report">,
  engine: EngineState | null,
  now: Date,
): Decision {
  if (row.cancelRequestedAt && now.getTime() - row.cancelRequestedAt.getTime() >= CANCEL_DEADLINE_MS)
    return { action: "end", status: "cancelled", message: CANCELLED_MESSAGE, stopEngine: true };
  if (!engine || engine.kind === "live") return { action: "leave" };
  if (engine.kind === "absent")
    return { action: "end", status: "interrupted", message: STUCK_MESSAGE, stopEngine: false };
  if (engine.kind === "orphaned")
    return { action: "end", status: "interrupted", message: STUCK_MESSAGE, stopEngine: true };
  if (engine.status === "cancelled")
    return { action: "end", status: "cancelled", message: CANCELLED_MESSAGE, stopEngine: false };
  if (engine.status === "completed" && row.report)
    return { action: "end", status: "completed", message: null, stopEngine: false };
  return { action: "end", status: "interrupted", message: STUCK_MESSAGE, stopEngine: false };
}

/**
 * Ends one run as `decision` says: its status (only while it is unfinished), then its closing run-finished event
 * after its last saved one, so its page stops waiting; events, evidence and report are kept as they are. Then the
 * engine's workflow run is stopped when asked.
 * @returns whether this call ended the run (false: it had ended meanwhile).
 */
export async function endRun(
  run: Pick<ReconcileRow, "id" | "createdAt" | "workflowRunId">,
  decision: Extract<Decision, { action: "end" }>,
  now = new Date(),
  stop: EngineAccess["stop"] = stopEngineRun,
): Promise<boolean> {
  if (!(await endUnfinishedRun(run.id, decision.status, decision.message, now))) return false;
  await appendRunEvent(run.id, (await lastEventSeq(run.id)) + 1, "run-finished", {
    status: decision.status,
    message: decision.message,
    durationMs: Math.max(0, now.getTime() - run.createdAt.getTime()),
  });
  notifyRunEvent(run.id);
  if (decision.stopEngine && run.workflowRunId) await stop(run.workflowRunId);
  return true;
}

/**
 * One full pass over every unfinished run (at start-up and every RECONCILE_MS): reads the engine state of each
 * durable one (`durable`: CRITICA_ENGINE is "workflow"; a run without a workflow run id is left to
 * lib/runs/interrupted.ts) and applies {@link decide}. A run whose engine cannot be read is left for the next pass.
 * @returns the runs it ended, with the status each got.
 */
export async function reconcileRuns(
  durable: boolean,
  engineAccess: EngineAccess = WORLD,
  now = new Date(),
): Promise<Array<{ id: string; status: string }>> {
  const ended: Array<{ id: string; status: string }> = [];
  for (const row of await listReconcileRows()) {
    let engine: EngineState | null = null;
    if (durable && row.workflowRunId) {
      try {
        engine = await engineAccess.read(row.workflowRunId, now);
      } catch (error) {
        console.error(`critica: engine state of run ${row.id}:`, error instanceof Error ? error.message : error);
      }
    }
    const decision = decide(row, engine, now);
    if (decision.action === "end" && (await endRun(row, decision, now, engineAccess.stop)))
      ended.push({ id: row.id, status: decision.status });
  }
  return ended;
}

/**
 * Ends the runs whose cancel is overdue (asked more than CANCEL_DEADLINE_MS before `now`) as "cancelled", keeping what
 * they found, and stops their workflow runs.
 * @returns the ids of the runs it ended.
 */
export async function endOverdueCancels(
  now = new Date(),
  stop: EngineAccess["stop"] = stopEngineRun,
): Promise<string[]> {
  const ids = await listOverdueCancels(new Date(now.getTime() - CANCEL_DEADLINE_MS));
  if (ids.length === 0) return [];
  const rows = (await listReconcileRows()).filter((r) => ids.includes(r.id));
  const ended: string[] = [];
  for (const row of rows) {
    const decision = decide(row, null, now);
    if (decision.action === "end" && (await endRun(row, decision, now, stop))) ended.push(row.id);
  }
  return ended;
}

/**
 * Starts this process's reconciler (unref'd timers): a full pass at once and every RECONCILE_MS, and the overdue
 * cancels every CANCEL_CHECK_MS. What it ends is logged; a failed pass (database or engine unreachable) is logged and
 * tried again at the next tick.
 * @returns the function that stops it.
 */
export function startReconciler(durable: boolean): () => void {
  const log = (what: string, ended: Array<{ id: string; status: string }>) => {
    if (ended.length)
      console.log(
        `critica: ${what} ended ${ended.length} run(s): ${ended.map((r) => `${r.id} ${r.status}`).join(", ")}`,
      );
  };
  const guard = (job: () => Promise<void>) => {
    let busy = false;
    return () => {
      if (busy) return;
      busy = true;
      job()
        .catch((error) => console.error("critica: reconcile failed:", error instanceof Error ? error.message : error))
        .finally(() => (busy = false));
    };
  };
  const full = guard(async () => log("reconcile", await reconcileRuns(durable)));
  const cancels = guard(async () =>
    log(
      "cancel deadline",
      (await endOverdueCancels()).map((id) => ({ id, status: "cancelled" })),
    ),
  );
  full();
  const timers = [setInterval(full, RECONCILE_MS), setInterval(cancels, CANCEL_CHECK_MS)];
  for (const t of timers) t.unref?.();
  return () => timers.forEach(clearInterval);
}
