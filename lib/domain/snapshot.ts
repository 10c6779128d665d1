import type { Evidence, SourceId } from "./evidence";
import type { RunEvent } from "./events";
import type { BackendKind, RunStatus } from "./run";

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
    status: RunStatus;
    backend: BackendKind;
    model: string | null;
    sources: SourceId[];
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
