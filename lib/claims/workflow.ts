import { runDurableStage } from "@/lib/runs/durable-stage";
import { followPlan, type RunJob, type RunProgress, type StageCall } from "@/lib/runs/plan";
import { claimCheckMode } from "./mode";
import type { ClaimCheckState } from "./state";

/**
 * A claim check as a Workflow SDK workflow: the plan of its mode (claim extraction; then, each for all claims in
 * parallel, counter-statements, searches, scoring with passages, counter-reports and verdicts; then finish), each stage
 * one durable step, so after a crash or restart the check resumes after its last completed stage.
 */
export async function claimCheckWorkflow(job: RunJob, progress: RunProgress<ClaimCheckState>): Promise<void> {
  "use workflow";
  await followPlan(job.plan, progress, (run, call) => claimCheckStep(job, run, call));
}

async function claimCheckStep(
  job: RunJob,
  progress: RunProgress<ClaimCheckState>,
  call: StageCall,
): Promise<RunProgress<ClaimCheckState>> {
  "use step";
  return runDurableStage(claimCheckMode, job, progress, call);
}
