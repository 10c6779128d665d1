import type { BackendKind } from "@/lib/domain/run";
import type { SourceId } from "@/lib/domain/evidence";
import { runFailure } from "./durable-step";
import type { RunOutcome, RunStages, StageInput } from "./mode";
import { FINISH, followPlan, type RunProgress, type StageCall } from "./plan";
import type { RunRecorder } from "./recorder";

/** The progress of a run about to begin: `state`, after the event `seq`, its iterations, starting now. */
export function beginProgress<S>(state: S, seq: number, iterations: { from: number; to: number }): RunProgress<S> {
  return { state, seq, failure: null, startedAt: Date.now(), iterations, enough: false };
}

/**
 * Saves a run's run-started event: what it was asked, its sources and iteration cap, and its backend. The first
 * event of every run, saved before any slow input is built, so its page shows it started at once.
 */
export async function announceRun(
  recorder: RunRecorder,
  about: { question: string; sources: SourceId[]; maxIterations: number },
  backend: { kind: BackendKind; model: string | null },
): Promise<void> {
  await recorder.emit("run-started", {
    question: about.question,
    backend: backend.kind,
    model: backend.model,
    sources: about.sources,
    maxIterations: about.maxIterations,
  });
}

/** Saves the closing run-finished event of `outcome`, its duration counted from `startedAt` (ms since the epoch). */
export async function recordEnd(recorder: RunRecorder, outcome: RunOutcome, startedAt: number): Promise<void> {
  await recorder.emit("run-finished", {
    status: outcome.status,
    message: outcome.error,
    durationMs: Math.max(0, Date.now() - startedAt),
  });
}

/** Runs one stage call on `state`, on the stage table of `stages`. */
export async function runStageCall<I extends StageInput, S, Ov>(
  stages: RunStages<I, S, RunOutcome, Ov>,
  input: I,
  state: S,
  call: StageCall,
): Promise<void> {
  const stage = stages.stages[call.stage];
  if (!stage) throw new Error(`the ${stages.label} has no stage "${call.stage}"`);
  await stage(input, state, call.iteration ?? 0);
}

/**
 * Runs a mode's plan in this process over one `input` (the loop its durable workflow runs as steps): each stage in
 * order, a failure or cancellation ending the stages, then the closing run-finished event.
 * Never throws for a stage's error (the outcome says how the run ended); rejects only when the closing event
 * cannot be saved.
 */
export async function executeStages<I extends StageInput, S, O extends RunOutcome, Ov>(
  stages: RunStages<I, S, O, Ov>,
  input: I,
  progress: RunProgress<S>,
): Promise<O> {
  const end = await followPlan(stages.plan, progress, async (run, call) => {
    if (call.stage === FINISH) {
      await recordEnd(input.recorder, stages.outcome(run.state, run.failure), run.startedAt);
      return run;
    }
    try {
      input.signal?.throwIfAborted();
      await runStageCall(stages, input, run.state, call);
    } catch (error) {
      return { ...run, failure: runFailure(error, input.signal) };
    }
    return { ...run, enough: stages.enough?.(run.state) ?? false };
  });
  return stages.outcome(end.state, end.failure);
}
