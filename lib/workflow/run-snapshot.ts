import type { RunSummary } from "@/lib/db/runs";
import type { RunEvent } from "@/lib/workflow/events";

/** What a run page renders: the run's header fields and its saved events (dates as ISO strings). */
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
  };
  events: RunEvent[];
}

/** Builds the serialisable snapshot of a run (used by the run page and frozen into share links). */
export function toRunSnapshot(run: RunSummary, events: RunEvent[]): RunSnapshot {
  return {
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
    },
    events,
  };
}
