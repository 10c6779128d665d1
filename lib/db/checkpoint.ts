import "server-only";
import { getDb } from "./client";

/**
 * What a run had saved when one of its durable steps began: its last event seq, the number of evidence records
 * linked to it, and whether a report was saved (hypotheses and assessments live in its events only).
 */
export interface RunCheckpoint {
  seq: number;
  evidence: number;
  report: boolean;
}

/**
 * Makes a durable step idempotent: deletes whatever an interrupted earlier attempt of the same step saved beyond
 * the checkpoint (events with a higher seq, evidence links from that ordinal on, the report when the checkpoint
 * had none), so the step's re-run saves its events again under
 * the same seq numbers: none is recorded twice and the seq stays contiguous. One transaction.
 * @returns how many events were deleted (0 on a first attempt).
 */
export async function rollbackToCheckpoint(runId: string, cp: RunCheckpoint): Promise<number> {
  const db = getDb();
  const [events] = await db.$transaction([
    db.runEvent.deleteMany({ where: { runId, seq: { gt: cp.seq } } }),
    db.runEvidence.deleteMany({ where: { runId, ordinal: { gte: cp.evidence } } }),
    ...(cp.report ? [] : [db.report.deleteMany({ where: { runId } })]),
  ]);
  return events.count;
}
