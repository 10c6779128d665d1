import type { RunSummary } from "@/lib/db/runs";
import type { Evidence } from "@/lib/models/evidence";
import type { RunEvent } from "@/lib/workflow/events";

/**
 * What a run page renders: the run's header fields and its saved events (dates as ISO strings). Share links freeze
 * one with `evidence` (the run's full evidence records) and `run.iterations`/`run.confidence`, so a shared copy and
 * its exports never read live rows; snapshots frozen before these fields existed lack them.
 */
export interface RunSnapshot {
  run: {
    id: string;
    mode: string;
    question: string;
    status: RunSummary["status"];
    backend: RunSummary["backend"];
    model: string | null;
    sources: RunSummary["sources"];
    maxIterations: number;
    error: string | null;
    createdAt: string;
    finishedAt: string | null;
    iterations?: number;
    confidence?: number | null;
  };
  events: RunEvent[];
  evidence?: Evidence[];
}

/**
 * Builds the serialisable snapshot of a run (used by the run page and frozen into share links). `evidence`, when
 * given, is frozen into the snapshot (share links pass the run's evidence; the run page does not need it).
 */
export function toRunSnapshot(run: RunSummary, events: RunEvent[], evidence?: Evidence[]): RunSnapshot {
  const snapshot: RunSnapshot = {
    run: {
      id: run.id,
      mode: run.mode,
      question: run.question,
      status: run.status,
      backend: run.backend,
      model: run.model,
      sources: run.sources,
      maxIterations: run.maxIterations,
      error: run.error,
      createdAt: run.createdAt.toISOString(),
      finishedAt: run.finishedAt?.toISOString() ?? null,
      iterations: run.iterations,
      confidence: run.confidence,
    },
    events,
  };
  if (evidence) snapshot.evidence = evidence;
  return snapshot;
}
