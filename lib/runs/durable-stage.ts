import { runDurableStep } from "./durable-step";
import { killAfterStepFault } from "./fault";
import { recordEnd, runStageCall } from "./execute";
import type { RunOutcome, RunStages, StageInput } from "./mode";
import { FINISH, stepName, type RunJob, type RunProgress, type StageCall } from "./plan";

/**
 * The body of every durable step of every mode (its workflow.ts's one `"use step"` function calls this): runs the
 * stage `call` of `job`'s run through runDurableStep (lib/runs/durable-step.ts: skipped after a failure, rollback of an
 * interrupted attempt to the state's checkpoint, the run's cancel signal and lease, the step log). The stage gets the
 * input built from the job's settings (carried by value in the job, so no step reads them back) with the step's
 * recorder and signal; the FINISH call saves the closing run-finished event, also after a failure. A stage's error
 * becomes the run's failure; the step itself only throws when the database is unreachable (then the SDK retries it).
 * @returns the progress after the step: the seq of its last saved event, its failure, whether the run has enough.
 */
export async function runDurableStage<I extends StageInput, S, O extends RunOutcome, Ov>(
  stages: RunStages<I, S, O, Ov>,
  job: RunJob,
  progress: RunProgress<S>,
  call: StageCall,
): Promise<RunProgress<S>> {
  const always = call.stage === FINISH;
  const { state } = progress;
  const after = await runDurableStep(
    job.runId,
    stepName(call),
    progress,
    stages.checkpoint(state),
    async ({ recorder, signal }) => {
      if (always) return recordEnd(recorder, stages.outcome(state, progress.failure), progress.startedAt);
      const input = await stages.input(job.settings, { recorder, signal, overrides: {} }, state);
      await runStageCall(stages, input, state, call);
    },
    { always },
  );
  // Tests only (CRITICA_FAULT=kill-after-step:…): a kill -9 at this stage boundary.
  await killAfterStepFault(stages.label, stepName(call), job.runId);
  return { ...after, enough: stages.enough?.(state) ?? false };
}
