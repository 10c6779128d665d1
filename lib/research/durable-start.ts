import { start } from "workflow/api";
import { getConfig } from "@/lib/config";
import { researchWorkflow } from "@/lib/research/workflow";

/**
 * Whether research runs can start on the Workflow SDK here: the code was built with withWorkflow() (the Next.js
 * server; the transform gives the workflow a `workflowId`) and CRITICA_ENGINE is not "inline". The world (local or
 * Postgres) comes from WORKFLOW_TARGET_WORLD (see next.config.ts).
 */
export function durableEngineAvailable(): boolean {
  return getConfig().CRITICA_ENGINE !== "inline" && Boolean((researchWorkflow as unknown as { workflowId?: string }).workflowId);
}

/** Enqueues the durable workflow of the research run `runId`, whose Run row and run-started event are saved. */
export async function startResearchDurably(runId: string): Promise<void> {
  await start(researchWorkflow, [runId]);
}
