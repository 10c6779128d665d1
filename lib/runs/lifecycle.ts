import crypto from "node:crypto";
import { createRun, type RunSettings } from "@/lib/db/runs";
import type { BackendKind } from "@/lib/domain/run";
import { createDbRecorder } from "@/lib/runs/db-recorder";
import type { RunRecorder } from "@/lib/runs/recorder";
import { requestRunCancel } from "@/lib/db/run-control";
import { cancelledByUser, watchRun } from "@/lib/runs/run-watch";

const running = globalThis as unknown as { __criticaRuns?: Map<string, AbortController> };
/** AbortControllers of the runs executing in this process (kept on globalThis so dev reloads share them). */
const controllers: Map<string, AbortController> = (running.__criticaRuns ??= new Map());

/** Thrown for input a user must fix (empty question, bad iteration count); its message is safe to show. */
export class RunInputError extends Error {}

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
export function trackRun(runId: string, options: { lease?: boolean } = {}): { controller: AbortController; release: () => void } {
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

/** What {@link launchRun} needs: the run's row fields, how to execute it, and the outcome of a crashed run. */
export interface LaunchOptions<O> {
  /** Names the run in logs ("run", "claim check"). */
  label: string;
  settings: RunSettings;
  backend: { kind: BackendKind; model: string | null };
  ownerId: string | null;
  /** Executes the run; it records its own end (run-finished) and resolves with its outcome. */
  execute: (run: { runId: string; recorder: RunRecorder; signal: AbortSignal }) => Promise<O>;
  /** The outcome when `execute` rejects (it could not record its end). */
  crashed: (error: unknown) => O;
}

/**
 * The one start path of every run mode: creates the Run row (status "queued"), registers the run so
 * {@link cancelRun} reaches it, and executes it in the background with a database recorder, apart from any HTTP
 * request. The returned `done` resolves when the run ends and never rejects.
 */
export async function launchRun<O>(options: LaunchOptions<O>): Promise<{ runId: string; done: Promise<O> }> {
  const runId = crypto.randomUUID();
  await createRun({ id: runId, settings: options.settings, backend: options.backend.kind, model: options.backend.model, ownerId: options.ownerId });
  const recorder = createDbRecorder(runId);
  const { controller, release } = trackRun(runId);
  const done = options
    .execute({ runId, recorder, signal: controller.signal })
    .catch((error: unknown): O => {
      console.error(`${options.label} ${runId} could not record its end:`, error);
      return options.crashed(error);
    })
    .finally(release);
  return { runId, done };
}
