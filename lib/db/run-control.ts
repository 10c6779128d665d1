import "server-only";
import { getDb } from "./client";

/** Statuses of a run that has not ended: only those can be cancelled, heartbeat or be swept. */
const UNFINISHED = ["queued", "running"];

/**
 * Sets the run's cancelled flag (`cancelRequestedAt`, now) when it is queued or running, so whichever process
 * executes it stops (its steps poll the flag: lib/runs/run-watch.ts). Asking twice keeps the first time.
 * @returns true when the run is unfinished and now flagged (also when it was flagged already), false when it is
 *   unknown or has ended.
 */
export async function requestRunCancel(runId: string, now = new Date()): Promise<boolean> {
  const db = getDb();
  await db.run.updateMany({
    where: { id: runId, status: { in: UNFINISHED }, cancelRequestedAt: null },
    data: { cancelRequestedAt: now },
  });
  const row = await db.run.findUnique({ where: { id: runId }, select: { status: true, cancelRequestedAt: true } });
  return Boolean(row && UNFINISHED.includes(row.status) && row.cancelRequestedAt);
}

/** Whether someone asked to cancel the run (false for an unknown run). */
export async function isCancelRequested(runId: string): Promise<boolean> {
  const row = await getDb().run.findUnique({ where: { id: runId }, select: { cancelRequestedAt: true } });
  return Boolean(row?.cancelRequestedAt);
}

/** The ids among `runIds` whose cancelled flag is set: one query for every run a process watches. */
export async function cancelRequestedAmong(runIds: string[]): Promise<string[]> {
  if (runIds.length === 0) return [];
  const rows = await getDb().run.findMany({
    where: { id: { in: runIds }, cancelRequestedAt: { not: null } },
    select: { id: true },
  });
  return rows.map((r) => r.id);
}

/** Renews the lease of unfinished runs executing here: their `heartbeatAt` becomes `now`. */
export async function heartbeatRuns(runIds: string[], now = new Date()): Promise<void> {
  if (runIds.length === 0) return;
  await getDb().run.updateMany({
    where: { id: { in: runIds }, status: { in: UNFINISHED } },
    data: { heartbeatAt: now },
  });
}

/** Saves the Workflow SDK's id of a durable run, so the lease sweep can re-enqueue it. */
export async function setWorkflowRunId(runId: string, workflowRunId: string): Promise<void> {
  await getDb().run.update({ where: { id: runId }, data: { workflowRunId } });
}

/**
 * Durable runs (with a workflow run id) that are unfinished and whose lease has lapsed: the last heartbeat (or,
 * never having had one, the creation) is older than `before`. Nobody executes these any more.
 */
export async function listLapsedRuns(
  before: Date,
): Promise<Array<{ id: string; workflowRunId: string; heartbeatAt: Date | null }>> {
  const rows = await getDb().run.findMany({
    where: {
      workflowRunId: { not: null },
      status: { in: UNFINISHED },
      OR: [{ heartbeatAt: { lt: before } }, { heartbeatAt: null, createdAt: { lt: before } }],
    },
    select: { id: true, workflowRunId: true, heartbeatAt: true },
  });
  return rows.map((r) => ({ id: r.id, workflowRunId: r.workflowRunId!, heartbeatAt: r.heartbeatAt }));
}

/**
 * Claims a lapsed run for recovery, atomically across instances (compare-and-set): moves its heartbeat from the
 * value the caller read (`seen`) to `now`. Of several instances sweeping the same lapse only one wins, and a run
 * whose executor heartbeat meanwhile is not claimed (its heartbeat no longer equals `seen`).
 * @returns true when this caller won the claim.
 */
export async function claimLapsedRun(runId: string, seen: Date | null, now = new Date()): Promise<boolean> {
  const { count } = await getDb().run.updateMany({
    where: { id: runId, status: { in: UNFINISHED }, heartbeatAt: seen },
    data: { heartbeatAt: now },
  });
  return count === 1;
}

/**
 * Gives a run to `ownerId` (a user id), or makes it ownerless with null (CLI runs with accounts off: anyone may act on
 * them).
 */
export async function setRunOwner(runId: string, ownerId: string | null): Promise<void> {
  await getDb().run.update({ where: { id: runId }, data: { ownerId } });
}

/** The Workflow SDK's id of a durable run, or null (unknown run, or one that executed in some process's memory). */
export async function getWorkflowRunId(runId: string): Promise<string | null> {
  const row = await getDb().run.findUnique({ where: { id: runId }, select: { workflowRunId: true } });
  return row?.workflowRunId ?? null;
}

/** An unfinished run as the reconciler (lib/runs/reconcile.ts) reads it. */
export interface ReconcileRow {
  id: string;
  mode: string;
  createdAt: Date;
  workflowRunId: string | null;
  cancelRequestedAt: Date | null;
  report: boolean;
}

/** Every queued or running run with what the reconciler decides on (one query, plus whether it has a report). */
export async function listReconcileRows(): Promise<ReconcileRow[]> {
  const rows = await getDb().run.findMany({
    where: { status: { in: UNFINISHED } },
    select: {
      id: true,
      mode: true,
      createdAt: true,
      workflowRunId: true,
      cancelRequestedAt: true,
      report: { select: { runId: true } },
    },
  });
  return rows.map(({ report, ...r }) => ({ ...r, report: report !== null }));
}

/**
 * Unfinished runs whose cancel was asked at or before `before` (the cancel deadline has passed): one query, run every
 * few seconds.
 */
export async function listOverdueCancels(before: Date): Promise<string[]> {
  const rows = await getDb().run.findMany({
    where: { status: { in: UNFINISHED }, cancelRequestedAt: { lte: before } },
    select: { id: true },
  });
  return rows.map((r) => r.id);
}

/**
 * Ends an unfinished run with `status` and `message` (compare-and-set on its status, so of an engine finishing it and
 * the reconciler ending it only the first counts, and an ended run is never rewritten).
 * @returns true when this call ended it.
 */
export async function endUnfinishedRun(
  runId: string,
  status: "completed" | "failed" | "cancelled" | "interrupted",
  message: string | null,
  now = new Date(),
): Promise<boolean> {
  const { count } = await getDb().run.updateMany({
    where: { id: runId, status: { in: UNFINISHED } },
    data: { status, error: message, finishedAt: now },
  });
  return count === 1;
}
