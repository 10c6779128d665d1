import { rollbackToCheckpoint } from "@/lib/db/checkpoint";
import { createDbRecorder } from "./db-recorder";
import type { RunRecorder } from "./recorder";
import { openStepSignal } from "./step-signal";
import { logStep } from "./step-log";

/** How a durable run ended early: cancelled by a user, or failed with a message to show. */
export interface RunFailure {
  status: "failed" | "cancelled";
  message: string;
}

/**
 * What every durable run carries between its steps: the seq of its last saved event and how it failed (null while it
 * goes on).
 */
export interface DurableRun {
  seq: number;
  failure: RunFailure | null;
}

/** The message of a cancelled run, the same for every mode and engine. */
export const CANCELLED_MESSAGE = "Run cancelled; everything found so far is kept.";

/** How a run ended after an error: "cancelled" when its signal was aborted, else "failed" with the error's message. */
export function runFailure(error: unknown, signal: AbortSignal | undefined): RunFailure {
  return signal?.aborted
    ? { status: "cancelled", message: CANCELLED_MESSAGE }
    : { status: "failed", message: errorMessage(error) };
}

/**
 * Runs one stage of a durable run as an idempotent Workflow SDK step (lib/runs/durable-stage.ts, for every mode):
 * skips it when the run already failed (unless `always`: the closing step), rolls back what an interrupted
 * attempt of this step saved beyond `checkpoint` (see rollbackToCheckpoint: `evidence` records linked, whether a
 * report was saved), gives `body` a recorder that continues the run's seq and evidence ordinals and the run's
 * cancel signal (which also heartbeats the run's lease while the step executes: lib/runs/step-signal.ts), and
 * logs the step's start and end. An error of `body` becomes the run's failure (runFailure); the step itself only
 * throws when the database is unreachable (then the SDK retries it, and the rollback makes the retry clean).
 * @returns the run with the seq of its last saved event and its failure.
 */
export async function runDurableStep<R extends DurableRun>(
  runId: string,
  name: string,
  run: R,
  checkpoint: { evidence: number; report: boolean },
  body: (context: { recorder: RunRecorder; signal: AbortSignal }) => Promise<unknown>,
  options: { always?: boolean } = {},
): Promise<R> {
  if (run.failure && !options.always) return run;
  const replaced = await rollbackToCheckpoint(runId, { seq: run.seq, ...checkpoint });
  const recorder = createDbRecorder(runId, run.seq, checkpoint.evidence);
  const { signal, close } = await openStepSignal(runId);
  const done = logStep(runId, name, { replacedEvents: replaced });
  let failure = run.failure;
  try {
    // A run cancelled while queued or between steps does no more work: its next step goes straight to finish.
    if (!failure && !options.always) signal.throwIfAborted();
    await body({ recorder, signal });
  } catch (error) {
    failure = runFailure(error, signal);
  } finally {
    await recorder.flush();
    await close();
  }
  done(failure?.status ?? "ok");
  return { ...run, seq: recorder.lastSeq(), failure };
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
