import { runDurableStage } from "@/lib/runs/durable-stage";
import { followPlan, type RunJob, type RunProgress, type StageCall } from "@/lib/runs/plan";
import { researchMode } from "./mode";
import type { ResearchState } from "./state";

/** A research run's progress between its durable steps. */
type ResearchProgress = RunProgress<ResearchState>;

/**
 * A research run as a Workflow SDK workflow: the plan of its mode (start; per iteration search, relevance,
 * hypothesize, targeted search, relevance, judge; relevance, report; then finish), each stage one durable step, so
 * after a crash or restart the run resumes after its last completed stage. Started by lib/runs/start.ts once the
 * run-started event is saved.
 */
export async function researchWorkflow(job: RunJob, progress: ResearchProgress): Promise<void> {
  "use workflow";
  await followPlan(job.plan, progress, (run, call) => researchStep(job, run, call));
}

/** One stage of the plan as a durable step (the SDK names it after this function and file: keep both). */
async function researchStep(job: RunJob, progress: ResearchProgress, call: StageCall): Promise<ResearchProgress> {
  "use step";
  return runDurableStage(researchMode, job, progress, call);
}
