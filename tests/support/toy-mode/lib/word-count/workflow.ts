import { runDurableStage } from "@/lib/runs/durable-stage";
import { followPlan, type RunJob, type RunProgress, type StageCall } from "@/lib/runs/plan";
import { wordCountMode } from "./mode";

/** The word count as a Workflow SDK workflow: each stage of its plan one durable step. */
export async function wordCountWorkflow(job: RunJob, progress: RunProgress<{ words: string[] }>): Promise<void> {
  "use workflow";
  await followPlan(job.plan, progress, (run, call) => wordCountStep(job, run, call));
}

async function wordCountStep(
  job: RunJob,
  progress: RunProgress<{ words: string[] }>,
  call: StageCall,
): Promise<RunProgress<{ words: string[] }>> {
  "use step";
  return runDurableStage(wordCountMode, job, progress, call);
}
