import { appendRunEvent, lastEventSeq, listUnfinishedRuns, updateRun } from "@/lib/db/runs";

/** Message saved on runs whose server stopped while they were executing. */
export const INTERRUPTED_MESSAGE = "The server stopped while this run was executing; everything found until then is kept.";

/**
 * Ends runs left "queued" or "running" by a previous server process: each gets status "failed", the message
 * above and a closing run-finished event, so its page stops waiting. Call once at server start. `modes` limits it to
 * runs of those modes (with the durable engine only claim checks execute in the server's memory; durable research
 * runs resume instead).
 * @returns how many runs were ended.
 */
export async function failInterruptedRuns(modes?: string[]): Promise<number> {
  const stale = (await listUnfinishedRuns()).filter((run) => !modes || modes.includes(run.mode));
  for (const run of stale) {
    await updateRun(run.id, { status: "failed", error: INTERRUPTED_MESSAGE, finishedAt: new Date() });
    const seq = (await lastEventSeq(run.id)) + 1;
    await appendRunEvent(run.id, seq, "run-finished", {
      status: "failed",
      message: INTERRUPTED_MESSAGE,
      durationMs: Date.now() - run.createdAt.getTime(),
    });
  }
  return stale.length;
}
