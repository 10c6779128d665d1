import { requestRunCancel } from "@/lib/db/run-control";
import { cancelledByUser, watchRun } from "./run-watch";

const running = globalThis as unknown as { __criticaRuns?: Map<string, AbortController> };
/** AbortControllers of the runs executing in this process (kept on globalThis so dev reloads share them). */
const controllers: Map<string, AbortController> = (running.__criticaRuns ??= new Map());

/**
 * Cancels a run executing in this process at once (no database round trip). The run ends with status
 * "cancelled" and keeps what it found. Use {@link requestCancel} to reach a run wherever it executes.
 * @returns false when no such run is executing here.
 */
export function cancelRun(runId: string): boolean {
  const controller = controllers.get(runId);
  if (!controller) return false;
  controller.abort(cancelledByUser());
  return true;
}

/**
 * Cancels a run wherever it executes (this process, another instance, a CLI process): sets its cancelled flag
 * in the database, which the executing process polls (lib/runs/run-watch.ts, every 500 ms), and aborts it here
 * at once when it executes here. The UI, the API and the `cancel` command all call this.
 * @returns false when the run is unknown or has already ended.
 */
export async function requestCancel(runId: string): Promise<boolean> {
  const flagged = await requestRunCancel(runId);
  const local = cancelRun(runId);
  return flagged || local;
}

/**
 * Registers a run that executes in this process (any mode, e.g. a claim check) so {@link cancelRun} and, through
 * its database flag, {@link requestCancel} from any process reach it. `lease` renews the run's heartbeat while it
 * is registered (durable steps).
 * @returns the run's AbortController and `release`, to call once the run has ended.
 */
export function trackRun(
  runId: string,
  options: { lease?: boolean } = {},
): { controller: AbortController; release: () => void } {
  const controller = new AbortController();
  controllers.set(runId, controller);
  const unwatch = watchRun(runId, controller, options);
  return {
    controller,
    release: () => {
      unwatch();
      if (controllers.get(runId) === controller) controllers.delete(runId);
    },
  };
}
