import crypto from "node:crypto";
import { createRun, type RunSettings } from "@/lib/db/runs";
import type { BackendKind } from "@/lib/domain/run";
import { createDbRecorder } from "@/lib/runs/db-recorder";
import type { RunRecorder } from "@/lib/runs/recorder";

const running = globalThis as unknown as { __criticaRuns?: Map<string, AbortController> };
/** AbortControllers of the runs executing in this process (kept on globalThis so dev reloads share them). */
const controllers: Map<string, AbortController> = (running.__criticaRuns ??= new Map());

/** Thrown for input a user must fix (empty question, bad iteration count); its message is safe to show. */
export class RunInputError extends Error {}

/**
 * Cancels a run executing in this process. The run ends with status "cancelled" and keeps what it found.
 * @returns false when no such run is executing here.
 */
export function cancelRun(runId: string): boolean {
  const controller = controllers.get(runId);
  if (!controller) return false;
  controller.abort(new Error("cancelled by the user"));
  return true;
}

/**
 * Registers a run that executes in this process (any mode, e.g. a claim check) so {@link cancelRun} reaches it.
 * @returns the run's AbortController and `release`, to call once the run has ended.
 */
export function trackRun(runId: string): { controller: AbortController; release: () => void } {
  const controller = new AbortController();
  controllers.set(runId, controller);
  return { controller, release: () => void controllers.delete(runId) };
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
