import { runDurableStage } from "@/lib/runs/durable-stage";
import { followPlan, type RunJob, type RunProgress, type StageCall } from "@/lib/runs/plan";
import { followUpStages, type FollowUpState } from "./follow-up-mode";

/** A follow-up iteration's progress between its durable steps. */
type FollowUpProgress = RunProgress<FollowUpState>;

/**
 * A research follow-up's iteration as a Workflow SDK workflow, on the same durable machinery as the first turn: each
 * stage of its plan (follow-up search, hypothesize, targeted search, judge, report; then finish) one durable step, so
 * after a crash the iteration resumes after its last completed stage. Started by lib/chat/research-follow-up.ts.
 */
export async function followUpWorkflow(job: RunJob, progress: FollowUpProgress): Promise<void> {
  "use workflow";
  await followPlan(job.plan, progress, (run, call) => followUpStep(job, run, call));
}

/** One stage of the plan as a durable step (the SDK names it after this function and file: keep both). */
async function followUpStep(job: RunJob, progress: FollowUpProgress, call: StageCall): Promise<FollowUpProgress> {
  "use step";
  return runDurableStage(followUpStages, job, progress, call);
}
