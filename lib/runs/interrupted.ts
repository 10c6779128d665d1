import { appendRunEvent, lastEventSeq, listUnfinishedRuns, updateRun } from "@/lib/db/runs";
import type { ModeRegistry } from "./registry";

/** Message saved on runs whose server stopped while they were executing. */
export const INTERRUPTED_MESSAGE =
  "The server stopped while this run was executing; everything found until then is kept.";

/**
 * An unfinished run as the start-up check sees it: its mode and its Workflow SDK run id (null: never enqueued durably).
 */
export interface UnfinishedRun {
  id: string;
  mode: string;
  workflowRunId: string | null;
}

/**
 * Which unfinished runs a starting server must end as interrupted, because nobody will execute them any more. With the
 * in-process engine (`durable` false) every one: its executor was the stopped process. With the durable engine
 * the world resumes every run it holds (research runs, chat follow-ups and claim checks all have a workflow run
 * id once enqueued), so only runs without one whose mode says nobody executes them then (RunMode.interrupted "fail":
 * a claim check whose enqueue the stop interrupted, or one a previous version executed in the server's memory) are
 * ended; a research run without one was started in-process by the CLI, which may still be executing it (its enqueue
 * failures already end it: lib/runs/start.ts). A mode the registry does not know is left as it is.
 */
export function runsToFail<R extends UnfinishedRun>(runs: R[], durable: boolean, registry: ModeRegistry): R[] {
  if (!durable) return runs;
  return runs.filter((run) => run.workflowRunId === null && registry.named(run.mode)?.interrupted === "fail");
}

/**
 * Ends the runs a previous server process left "queued" or "running" that will not resume (see runsToFail): each
 * gets status "interrupted", the message above and a closing run-finished event, so its page stops waiting. Call once
 * at server start, after the durable world has started (`durable`: CRITICA_ENGINE is "workflow"), with the registry
 * of modes (lib/modes.ts).
 * @returns how many runs were ended.
 */
export async function failInterruptedRuns(durable: boolean, registry: ModeRegistry): Promise<number> {
  const stale = runsToFail(await listUnfinishedRuns(), durable, registry);
  for (const run of stale) {
    await updateRun(run.id, { status: "interrupted", error: INTERRUPTED_MESSAGE, finishedAt: new Date() });
    const seq = (await lastEventSeq(run.id)) + 1;
    await appendRunEvent(run.id, seq, "run-finished", {
      status: "interrupted",
      message: INTERRUPTED_MESSAGE,
      durationMs: Date.now() - run.createdAt.getTime(),
    });
  }
  return stale.length;
}
