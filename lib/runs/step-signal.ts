import { heartbeatRuns, isCancelRequested } from "@/lib/db/run-control";
import { trackRun } from "./lifecycle";
import { cancelledByUser } from "./run-watch";

/**
 * Opens the cancel signal of one durable step of `runId` in this process. The run is registered like an
 * in-process run (trackRun, with the lease) for the step's duration, so a cancel from any instance, the UI, the
 * CLI or the API (the run's database flag, polled every 500 ms) aborts the step's in-flight source and model
 * calls, and the step renews the run's heartbeat every 5 s. The flag is read once at the start, so a step of a
 * run cancelled between steps (or while queued) starts aborted. The lease is renewed at the start and the end of
 * the step, so the sweep (lib/runs/lease-sweep.ts) counts a run's silence from its last step.
 * @returns the signal and `close`, to await once the step's work has ended.
 */
export async function openStepSignal(runId: string): Promise<{ signal: AbortSignal; close: () => Promise<void> }> {
  const { controller, release } = trackRun(runId, { lease: true });
  await heartbeatRuns([runId]);
  if (await isCancelRequested(runId)) controller.abort(cancelledByUser());
  return {
    signal: controller.signal,
    close: async () => {
      release();
      await heartbeatRuns([runId]);
    },
  };
}
