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
