import type { EndedRunDetail, RunOutcome } from "./mode";
import { getRunDetail, type RunDetail } from "./projections";

/** How often a waiter reads the run's status, in milliseconds. */
const POLL_MS = 250;

/**
 * Resolves when the run `runId` has ended (any process may execute it), with its outcome read back from the database
 * by its mode (`outcomeOf`); never rejects (a vanished run or an unreachable database gives the mode's failed outcome).
 */
export async function waitForRun<O extends RunOutcome>(
  mode: { outcomeOf(detail: EndedRunDetail): O; failed(message: string): O },
  runId: string,
): Promise<O> {
  try {
    for (;;) {
      const detail = await getRunDetail(runId);
      if (!detail) throw new Error(`run ${runId} vanished from the database`);
      if (ended(detail)) return mode.outcomeOf(detail);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } catch (error) {
    return mode.failed(String(error));
  }
}

function ended(detail: RunDetail): detail is EndedRunDetail {
  return detail.run.status !== "queued" && detail.run.status !== "running";
}
