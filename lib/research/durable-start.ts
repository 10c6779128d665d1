import { start } from "workflow/api";
import { getConfig } from "@/lib/config";
import { researchWorkflow } from "@/lib/research/workflow";
import { setWorkflowRunId } from "@/lib/db/run-control";

/**
 * Whether research runs can start on the Workflow SDK here: the code was built with withWorkflow() (the Next.js
 * server; the transform gives the workflow a `workflowId`) and CRITICA_ENGINE is not "inline". The world (local or
 * Postgres) comes from WORKFLOW_TARGET_WORLD (see next.config.ts).
 */
export function durableEngineAvailable(): boolean {
  return getConfig().CRITICA_ENGINE !== "inline" && Boolean((researchWorkflow as unknown as { workflowId?: string }).workflowId);
}

/**
 * Enqueues the durable workflow of the research run `runId`, whose Run row and run-started event are saved, and
 * saves the workflow run's id on the Run row (the lease sweep re-enqueues it if its executor dies).
 */
export async function startResearchDurably(runId: string): Promise<void> {
  const run = await start(researchWorkflow, [runId]);
  await setWorkflowRunId(runId, run.runId);
}
