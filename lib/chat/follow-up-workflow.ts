import { runDurableStage } from "@/lib/runs/durable-stage";
import { followPlan, type RunJob, type RunProgress, type StageCall } from "@/lib/runs/plan";
import { followUpStages, type FollowUpState } from "./follow-up-mode";

/**
 * A research follow-up's iteration as a Workflow SDK workflow, on the same durable machinery as the first turn: each
 * stage of its plan (follow-up search, hypothesize, targeted search, judge, report; then finish) one durable step, so
 * after a crash the iteration resumes after its last completed stage. Started by lib/chat/research-follow-up.ts.
 */
export async function followUpWorkflow(job: RunJob, progress: RunProgress<FollowUpState>): Promise<void> {
  "use workflow";
  await followPlan(job.plan, progress, (run, call) => followUpStep(job, run, call));
}

async function followUpStep(
  job: RunJob,
  progress: RunProgress<FollowUpState>,
  call: StageCall,
): Promise<RunProgress<FollowUpState>> {
  "use step";
  return runDurableStage(followUpStages, job, progress, call);
}
