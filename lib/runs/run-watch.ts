import { cancelRequestedAmong, heartbeatRuns } from "@/lib/db/run-control";

/**
 * How often a process reads the cancelled flags of the runs it executes, in milliseconds. A cancelled run should stop
 * within 5 s (a user who presses Cancel waits for it); a 500 ms poll leaves the rest of that budget to the abort
 * itself.
 */
export const CANCEL_POLL_MS = 500;
/**
 * How often an executing durable step renews its run's lease (heartbeatAt), in milliseconds (the sweep's limit is 30
 * s).
 */
export const HEARTBEAT_MS = 5_000;

interface Watched {
  controller: AbortController;
  /** Whether this process holds the run's lease (durable steps) and renews it. */
  lease: boolean;
}

interface WatchState {
  runs: Map<string, Watched>;
  timer: NodeJS.Timeout | null;
  lastBeat: number;
}

const holder = globalThis as unknown as { __criticaRunWatch?: WatchState };
/** One watcher per process (globalThis: dev reloads share it); its timer runs only while it watches a run. */
const state: WatchState = (holder.__criticaRunWatch ??= { runs: new Map(), timer: null, lastBeat: 0 });

/** The reason a run's signal carries when someone cancelled it (any instance, the UI, the CLI or the API). */
export function cancelledByUser(): Error {
  return new Error("cancelled by the user");
}

async function tick(): Promise<void> {
  const ids = [...state.runs.keys()];
  try {
    for (const id of await cancelRequestedAmong(ids)) {
      const watched = state.runs.get(id);
      if (watched && !watched.controller.signal.aborted) watched.controller.abort(cancelledByUser());
    }
    if (Date.now() - state.lastBeat >= HEARTBEAT_MS) {
      state.lastBeat = Date.now();
      await heartbeatRuns(ids.filter((id) => state.runs.get(id)?.lease));
    }
  } catch (error) {
    // A database hiccup must not end the runs; the next tick tries again.
    console.error("critica: run watch tick failed:", error instanceof Error ? error.message : error);
  }
}

function schedule(): void {
  if (state.timer || state.runs.size === 0) return;
  state.timer = setTimeout(() => {
    void tick().finally(() => {
      state.timer = null;
      schedule();
    });
  }, CANCEL_POLL_MS);
  // The watcher never keeps a CLI process alive on its own.
  state.timer.unref?.();
}

/**
 * Watches a run executing in this process: every {@link CANCEL_POLL_MS} its database cancelled flag is read (one
 * query for all watched runs) and, once set, `controller` is aborted with {@link cancelledByUser}; with `lease`
 * its heartbeat is renewed every {@link HEARTBEAT_MS}. A run watched twice (two steps in flight) keeps its
 * latest controller.
 * @returns the function that stops watching it.
 */
export function watchRun(runId: string, controller: AbortController, options: { lease?: boolean } = {}): () => void {
  const entry: Watched = { controller, lease: options.lease ?? false };
  state.runs.set(runId, entry);
  schedule();
  return () => {
    if (state.runs.get(runId) === entry) state.runs.delete(runId);
  };
}
