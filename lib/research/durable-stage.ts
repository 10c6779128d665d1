import { getRunSettings } from "@/lib/db/history";
import { rollbackToCheckpoint } from "@/lib/db/checkpoint";
import { createDbRecorder } from "@/lib/runs/db-recorder";
import { openStepSignal } from "@/lib/runs/step-signal";
import { logStep } from "@/lib/runs/step-log";
import { researchFailure, type ResearchRunInput, type ResearchState } from "@/lib/research/run";
import { researchRunInput } from "@/lib/research/start";

/**
 * A research run between durable steps, passed by value through the Workflow SDK's event log: the stage state,
 * the seq of the last saved event, the iteration cap, and how the run failed (null while it goes on).
 */
export interface DurableResearch {
  state: ResearchState;
  seq: number;
  maxIterations: number;
  failure: { status: "failed" | "cancelled"; message: string } | null;
}

/**
 * Runs one stage as an idempotent step (the first turn's lib/research/workflow.ts and a chat follow-up's
 * lib/chat/follow-up-workflow.ts): skips it when the run already failed (unless `always`), rolls back what an
 * interrupted attempt of this step saved (see rollbackToCheckpoint), rebuilds the run's input from its stored
 * settings with a recorder that continues the seq and evidence ordinals (with `question` replacing the run's
 * question when given: what a follow-up's agents answer), and runs the stage under the run's cancel signal.
 * Errors become the run's failure; the step itself only throws when the database is unreachable (then the SDK
 * retries it). A plain module, not a workflow file, so both workflows can import it.
 */
export async function runDurableStage<R extends DurableResearch>(
  runId: string,
  name: string,
  run: R,
  body: (input: ResearchRunInput, state: ResearchState) => Promise<unknown>,
  options: { always?: boolean; question?: string } = {},
): Promise<R> {
  if (run.failure && !options.always) return run;
  const { state } = run;
  const settings = await getRunSettings(runId);
  if (!settings) throw new Error(`run ${runId} has no settings`);
  const replaced = await rollbackToCheckpoint(runId, {
    seq: run.seq,
    evidence: state.evidence.length,
    report: state.report !== null,
  });
  const recorder = createDbRecorder(runId, run.seq, state.evidence.length);
  const { signal, close } = await openStepSignal(runId);
  const done = logStep(runId, name, { replacedEvents: replaced });
  let failure = run.failure;
  try {
    // A run cancelled while queued or between steps does no more work: its next step goes straight to finish.
    if (!failure && !options.always) signal.throwIfAborted();
    const input = await researchRunInput(settings, { recorder, signal });
    await body(options.question === undefined ? input : { ...input, question: options.question }, state);
  } catch (error) {
    failure = researchFailure(error, signal);
  } finally {
    await close();
  }
  done(failure?.status ?? "ok");
  return { ...run, state, seq: recorder.lastSeq(), failure };
}
