import type { RunSummary } from "@/lib/db/runs";
import type { Evidence } from "@/lib/domain/evidence";
import type { RunEvent } from "@/lib/domain/events";
import { SNAPSHOT_VERSION, type RunSnapshot } from "@/lib/domain/snapshot";
import type { ChatUIMessage } from "@/lib/domain/chat";

/**
 * The header fields a run row and its snapshot share, with the same names and types: one list for both
 * directions (toRunSnapshot, and snapshotToDetail in lib/runs/projections).
 */
export function sharedRunFields(
  run: RunSummary | RunSnapshot["run"],
): Pick<
  RunSummary,
  "id" | "mode" | "question" | "status" | "backend" | "model" | "sources" | "maxIterations" | "error"
> {
  const { id, mode, question, status, backend, model, sources, maxIterations, error } = run;
  return { id, mode, question, status, backend, model, sources, maxIterations, error };
}

/**
 * Builds the serialisable snapshot of a run (used by the run page and frozen into share links). `evidence`, when
 * given, is frozen into the snapshot (share links pass the run's evidence; the run page does not need it), and so
 * are `messages`, the run's conversation (share links freeze it read-only; answers still streaming are left out).
 */
export function toRunSnapshot(
  run: RunSummary,
  events: RunEvent[],
  evidence?: Evidence[],
  messages?: ChatUIMessage[],
): RunSnapshot {
  const snapshot: RunSnapshot = {
    version: SNAPSHOT_VERSION,
    run: {
      ...sharedRunFields(run),
      createdAt: run.createdAt.toISOString(),
      finishedAt: run.finishedAt?.toISOString() ?? null,
      iterations: run.iterations,
      confidence: run.confidence,
    },
    events,
  };
  if (evidence) snapshot.evidence = evidence;
  if (messages) snapshot.messages = messages.filter((m) => m.metadata?.status !== "streaming");
  return snapshot;
}
