import { trackRun } from "@/lib/runs/lifecycle";

const holder = globalThis as unknown as { __criticaDurableRuns?: Map<string, { controller: AbortController; release: () => void }> };
/** The durable runs whose steps execute in this process, with their cancel controller (globalThis: dev reloads). */
const durable: Map<string, { controller: AbortController; release: () => void }> = (holder.__criticaDurableRuns ??= new Map());

/**
 * The cancel signal of a durable run's steps in this process: the run is registered like an in-process run
 * (trackRun) from its first step here until {@link releaseStepSignal}, so cancelRun from the UI, the API or Ctrl-C
 * reaches it during a step (aborting its in-flight source and model calls) and between steps (the next step stops
 * at once). A process that resumes a run after a restart registers it again at its first step.
 */
export function stepSignal(runId: string): AbortSignal {
  let entry = durable.get(runId);
  if (!entry) {
    entry = trackRun(runId);
    durable.set(runId, entry);
  }
  return entry.controller.signal;
}

/** Ends the registration of a durable run in this process (its last step has run). */
export function releaseStepSignal(runId: string): void {
  durable.get(runId)?.release();
  durable.delete(runId);
}
