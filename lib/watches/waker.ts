import pRetry from "p-retry";
import { getRun, start } from "workflow/api";
import { getConfig } from "@/lib/config";
import { claimWatchWorkflow, getWatch, listWatchWorkflows } from "@/lib/db/watches";
import { watchWorkflow } from "./workflow";

/**
 * Whether watches can run here: the durable engine (CRITICA_ENGINE is not "inline") in code built with withWorkflow()
 * (the Next.js server, where the transform gives the workflow its id). Elsewhere (the CLI, tests) watches are saved
 * and a server's sweep starts their workflows.
 */
export function watchEngineAvailable(): boolean {
  return (
    getConfig().CRITICA_ENGINE !== "inline" && Boolean((watchWorkflow as unknown as { workflowId?: string }).workflowId)
  );
}

/**
 * Starts the workflow of a watch and hands the watch to it (compare-and-set from `expected`, the workflow run the
 * watch held: null for a new watch, or one that ended). When another instance got there first, the run started here
 * is cancelled (it would stop at its first plan anyway).
 * @returns the workflow run id now in charge, or null when the watch is gone.
 */
export async function startWatchWorkflow(watchId: string, expected: string | null = null): Promise<string | null> {
  const run = await start(watchWorkflow, [watchId]);
  if (await claimWatchWorkflow(watchId, expected, run.runId)) return run.runId;
  const watch = await getWatch(watchId);
  if (watch?.workflowRunId === run.runId) return run.runId; // the workflow claimed itself first
  await run.cancel().catch(() => undefined);
  return watch?.workflowRunId ?? null;
}

/**
 * Wakes a watch's sleeping workflow so it plans again with the watch as it is now (after a pause, resume, cadence or
 * source change): interrupts its `sleep` (the SDK's Run.wakeUp) until its plan has read the watch's current version.
 * A workflow busy with a check plans again when the check ends, so after about 15 s of retries (p-retry) it is left
 * to do so. Never throws: a watch without a workflow is started by the sweep.
 */
export async function wakeWatch(watchId: string): Promise<void> {
  await pRetry(
    async () => {
      const watch = await getWatch(watchId);
      if (!watch?.workflowRunId || watch.plannedVersion >= watch.version) return;
      await getRun(watch.workflowRunId).wakeUp();
      throw new Error("the watch's workflow has not planned with its latest version yet");
    },
    { retries: 12, minTimeout: 250, factor: 1.5, maxTimeout: 2_000 },
  ).catch(() => undefined);
}

/** Interrupts the sleep of every active watch's workflow, so each plans again now (the test clock moved). */
export async function wakeAllWatches(): Promise<number> {
  let woken = 0;
  for (const w of await listWatchWorkflows()) {
    if (w.status !== "active" || !w.workflowRunId) continue;
    woken += (
      await getRun(w.workflowRunId)
        .wakeUp()
        .catch(() => ({ stoppedCount: 0 }))
    ).stoppedCount;
  }
  return woken;
}

/**
 * One sweep of the watches: starts a workflow for every watch that has none (created by the command line without a
 * server, or whose start failed) or whose workflow run ended (failed, cancelled, completed, or unknown to the world),
 * each with a compare-and-set so concurrent instances start one between them; wakes the workflow of a watch changed
 * since its last plan (by the command line, which cannot wake it).
 * @returns the ids of the watches whose workflow this call started.
 */
export async function sweepWatches(): Promise<string[]> {
  const started: string[] = [];
  for (const w of await listWatchWorkflows()) {
    if (w.workflowRunId) {
      const run = getRun(w.workflowRunId);
      const status = await run.status.catch(() => "missing" as const);
      if (status === "pending" || status === "running") {
        // Changed without a wake (the command line without a server): plan again now.
        if (w.plannedVersion < w.version) await run.wakeUp().catch(() => undefined);
        continue;
      }
    }
    if ((await startWatchWorkflow(w.id, w.workflowRunId)) !== w.workflowRunId) started.push(w.id);
  }
  return started;
}
