import fs from "node:fs";
import { getConfig } from "@/lib/config";
import { sweepWatches, wakeAllWatches } from "./waker";

/** How often every instance sweeps its watches (ms): a watch saved by the command line starts within a minute. */
export const WATCH_SWEEP_MS = 60_000;
/** How often the server looks at the test clock file (ms; tests only, see CRITICA_TEST_CLOCK_FILE). */
const TEST_CLOCK_POLL_MS = 200;
/**
 * After the test clock moves, the watches are woken now and again after these delays (ms), in case a workflow was
 * between its plan and its sleep.
 */
const TEST_CLOCK_REWAKE_MS = [1_000, 3_000];

async function sweep(): Promise<void> {
  try {
    const started = await sweepWatches();
    if (started.length)
      console.log(`critica: watch sweep started the workflow of ${started.length} watch(es): ${started.join(", ")}`);
  } catch (error) {
    console.error("critica: watch sweep failed:", error instanceof Error ? error.message : error);
  }
}

function wakeAll(): void {
  for (const delay of [0, ...TEST_CLOCK_REWAKE_MS]) {
    setTimeout(
      () =>
        void wakeAllWatches().catch((error: unknown) => console.error("critica: waking the watches failed:", error)),
      delay,
    ).unref?.();
  }
}

/**
 * Starts this instance's watch sweep (unref'd timers): once now and every WATCH_SWEEP_MS (sweepWatches). With a test
 * clock (CRITICA_TEST_CLOCK_FILE) every watch is also woken now (the clock may have moved while the server was down)
 * and whenever the file changes. A failed sweep is logged and tried again at the next tick.
 * @returns the function that stops it.
 */
export function startWatchSweep(): () => void {
  void sweep();
  const periodic = setInterval(() => void sweep(), WATCH_SWEEP_MS);
  periodic.unref?.();
  const clockFile = getConfig().CRITICA_TEST_CLOCK_FILE;
  let clock: NodeJS.Timeout | null = null;
  if (clockFile) {
    const stamp = () => (fs.existsSync(clockFile) ? fs.readFileSync(clockFile, "utf8") : "");
    let seen = stamp();
    wakeAll();
    clock = setInterval(() => {
      const now = stamp();
      if (now === seen) return;
      seen = now;
      wakeAll();
    }, TEST_CLOCK_POLL_MS);
    clock.unref?.();
  }
  return () => {
    clearInterval(periodic);
    if (clock) clearInterval(clock);
  };
}
