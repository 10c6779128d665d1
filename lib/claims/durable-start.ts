import { start } from "workflow/api";
import { getConfig } from "@/lib/config";
import { setWorkflowRunId } from "@/lib/db/run-control";
import { claimCheckWorkflow } from "./workflow";

/**
 * Whether claim checks can start on the Workflow SDK here: the code was built with withWorkflow() (the Next.js
 * server; the transform gives the workflow a `workflowId`) and CRITICA_ENGINE is not "inline".
 */
export function claimDurableEngineAvailable(): boolean {
  return getConfig().CRITICA_ENGINE !== "inline" && Boolean((claimCheckWorkflow as unknown as { workflowId?: string }).workflowId);
}

/**
 * Enqueues the durable workflow of the claim check `runId`, whose Run row and run-started event are saved, and
 * saves the workflow run's id on the Run row (the lease sweep re-enqueues it if its executor dies, and a restart
 * leaves it to the world's recovery: lib/runs/interrupted.ts).
 */
export async function startClaimCheckDurably(runId: string): Promise<void> {
  const run = await start(claimCheckWorkflow, [runId]);
  await setWorkflowRunId(runId, run.runId);
}
