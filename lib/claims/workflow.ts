import { runDurableStage } from "@/lib/runs/durable-stage";
import { followPlan, type RunJob, type RunProgress, type StageCall } from "@/lib/runs/plan";
import { claimCheckMode } from "./mode";
import type { ClaimCheckState } from "./state";

/** A claim check's progress between its durable steps. */
type ClaimCheckProgress = RunProgress<ClaimCheckState>;

/**
 * A claim check as a Workflow SDK workflow: the plan of its mode (claim extraction; then, each for all claims in
 * parallel, counter-statements, searches, scoring with passages, counter-reports and verdicts; then finish), each stage
 * one durable step, so after a crash or restart the check resumes after its last completed stage.
 */
export async function claimCheckWorkflow(job: RunJob, progress: ClaimCheckProgress): Promise<void> {
  "use workflow";
  await followPlan(job.plan, progress, (run, call) => claimCheckStep(job, run, call));
}

/** One stage of the plan as a durable step (the SDK names it after this function and file: keep both). */
async function claimCheckStep(job: RunJob, progress: ClaimCheckProgress, call: StageCall): Promise<ClaimCheckProgress> {
  "use step";
  return runDurableStage(claimCheckMode, job, progress, call);
}
