/**
 * What the durable engine (the Workflow SDK's world) holds for one run, as the reconciler (lib/runs/reconcile.ts)
 * sees it:
 * - "absent": the world has no such workflow run (its data was lost, or it was never created);
 * - "finished": the workflow run ended (completed, failed or cancelled);
 * - "orphaned": a step's result is saved as completed but the step_completed event that would let the workflow go
 *   on is missing (a kill -9 between the two writes of the local world): nothing will ever execute this run again;
 * - "live": anything else (the engine executes it, or will once its queue delivers it).
 */
export type EngineState =
  | { kind: "absent" }
  | { kind: "finished"; status: "completed" | "failed" | "cancelled" }
  | { kind: "orphaned"; step: string }
  | { kind: "live" };

/**
 * A completed step without its event counts as orphaned only once it is this old (ms): the two writes follow each
 * other within milliseconds on a live server, so a younger one may be a step finishing right now.
 */
export const ORPHAN_AFTER_MS = 30_000;

const FINISHED = new Set(["completed", "failed", "cancelled"]);

/**
 * Reads the engine state of workflow run `workflowRunId` from the configured world (`workflow/runtime` getWorld):
 * the run, its steps and its events (the first 1,000 of each, more than any run has: a research run has about 30
 * steps). `now` is the time the orphan age is counted from.
 * @throws when the world cannot be read (then the caller leaves the run alone until its next pass).
 */
export async function readEngineState(workflowRunId: string, now = new Date()): Promise<EngineState> {
  const { getWorld } = await import("workflow/runtime");
  const { WorkflowRunNotFoundError } = await import("workflow/internal/errors");
  const world = getWorld();
  let status: string;
  try {
    status = (await world.runs.get(workflowRunId, { resolveData: "none" })).status;
  } catch (error) {
    if (WorkflowRunNotFoundError.is(error)) return { kind: "absent" };
    throw error;
  }
  if (FINISHED.has(status)) return { kind: "finished", status: status as "completed" | "failed" | "cancelled" };
  const page = { limit: 1000 };
  const [steps, events] = await Promise.all([
    world.steps.list({ runId: workflowRunId, resolveData: "none", pagination: page }),
    world.events.list({ runId: workflowRunId, resolveData: "none", pagination: page }),
  ]);
  const closed = new Set(
    events.data
      .filter((e) => e.eventType === "step_completed" || e.eventType === "step_failed")
      .map((e) => e.correlationId),
  );
  const orphan = steps.data.find(
    (s) =>
      s.status === "completed" &&
      !closed.has(s.stepId) &&
      now.getTime() - (s.completedAt ?? s.updatedAt).getTime() >= ORPHAN_AFTER_MS,
  );
  return orphan ? { kind: "orphaned", step: orphan.stepName } : { kind: "live" };
}

/**
 * Stops workflow run `workflowRunId` in the engine (the SDK's run_cancelled event, as its cancelRun does), so a
 * later replay does not write into a run the reconciler ended. A run that already ended or does not exist is left.
 */
export async function stopEngineRun(workflowRunId: string): Promise<void> {
  const { getWorld } = await import("workflow/runtime");
  const world = getWorld();
  try {
    const run = await world.runs.get(workflowRunId, { resolveData: "none" });
    if (FINISHED.has(run.status)) return;
    await world.events.create(workflowRunId, { eventType: "run_cancelled", specVersion: run.specVersion });
  } catch (error) {
    console.error(
      `critica: could not stop workflow run ${workflowRunId}:`,
      error instanceof Error ? error.message : error,
    );
  }
}
