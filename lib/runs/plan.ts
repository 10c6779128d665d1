import type { RunSettings } from "@/lib/db/runs";
import type { RunFailure } from "./durable-step";

// The order of a run's stages, followed the same way by the in-process loop (lib/runs/execute.ts) and by every mode's
// durable workflow, whose function runs in the Workflow SDK's sandbox: this file must import nothing at run time
// (type imports only), so the sandbox's bundle stays free of Node.js and the database.

/**
 * A mode's ordered stages, by name: `first` once, then `each` once per iteration in order (iterations `from`..`to`
 * of the run's progress, until a stage says the run has enough), then `last` once; the closing {@link FINISH} step
 * always follows. A name is a key of the mode's stage table and, with the iteration when it has one, the step's name
 * in the step log ("search 2", "report").
 */
export interface StagePlan {
  first: readonly string[];
  each: readonly string[];
  last: readonly string[];
}

/** The closing step every plan ends with: it saves the run-finished event, also after a failure or a cancel. */
export const FINISH = "finish";

/** One call of a stage: its name and, for a stage of the plan's `each` list, the iteration (1-based). */
export interface StageCall {
  stage: string;
  iteration?: number;
}

/**
 * What a durable run hands from one step to the next, by value (the Workflow SDK logs it): the mode's state, the seq
 * of the run's last saved event, how it failed (null while it goes on), when it started (ms since the epoch, for the
 * closing event's duration), the iterations its plan's `each` stages may run, and whether a stage said the run has
 * enough (e.g. the research judge chose to synthesize), which ends the iterations early.
 */
export interface RunProgress<S> {
  state: S;
  seq: number;
  failure: RunFailure | null;
  startedAt: number;
  iterations: { from: number; to: number };
  enough: boolean;
}

/** What a durable workflow is started with: the run's id, its saved settings and its mode's plan. */
export interface RunJob {
  runId: string;
  settings: RunSettings;
  plan: StagePlan;
}

/** The name of a call in the step log: the stage, with its iteration when it has one ("judge 2"). */
export function stepName(call: StageCall): string {
  return call.iteration === undefined ? call.stage : `${call.stage} ${call.iteration}`;
}

/**
 * Follows `plan` from `progress`, handing each stage call to `step` (which returns the progress after it), and ends
 * with the {@link FINISH} call. After a failure the remaining stages are not called; FINISH always is.
 * @returns the progress after FINISH.
 */
export async function followPlan<S, P extends RunProgress<S>>(
  plan: StagePlan,
  progress: P,
  step: (progress: P, call: StageCall) => Promise<P>,
): Promise<P> {
  let run = progress;
  for (const stage of plan.first) if (!run.failure) run = await step(run, { stage });
  if (plan.each.length > 0) {
    for (let iteration = run.iterations.from; iteration <= run.iterations.to && !run.failure; iteration++) {
      for (const stage of plan.each) if (!run.failure) run = await step(run, { stage, iteration });
      if (run.enough) break;
    }
  }
  for (const stage of plan.last) if (!run.failure) run = await step(run, { stage });
  return step(run, { stage: FINISH });
}
