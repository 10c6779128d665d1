import fs from "node:fs/promises";
import path from "node:path";

const TERMINAL = new Set(["completed", "failed", "cancelled"]);

/**
 * Releases the step locks a kill -9 left in the local world's files (WORKFLOW_LOCAL_DATA_DIR), so the step can end.
 *
 * The local world (`@workflow/world-local` 4.x, events-storage.js) ends a step in three writes: it claims the step's
 * terminal lock (`.locks/steps/<runId>-<stepId>.terminal`, created exclusively so two executions cannot both end it),
 * then writes the step's file as completed or failed, then the event. A process killed between the first two writes
 * leaves a lock on a step still "running". On restart the step runs again, but its completion finds the lock, is
 * refused as a conflict, and the SDK then returns without waking the workflow: the run waits for ever and, since no
 * step is completed without its event, the reconciler (lib/runs/reconcile.ts) sees nothing wrong.
 *
 * Call this once at start-up, before the world's start() re-enqueues the unfinished runs: the local world has one
 * process, so no step of this data directory is ending while it starts, and a lock on an unfinished step is stale.
 * @returns the `<runId>-<stepId>` keys whose lock was released (empty when the directory has no locks).
 */
export async function releaseStaleStepLocks(dataDir: string): Promise<string[]> {
  const lockDir = path.join(dataDir, ".locks", "steps");
  const names = await fs.readdir(lockDir).catch(() => [] as string[]);
  const released: string[] = [];
  for (const name of names) {
    const match = /^(.+)\.terminal(?:\.([^.]+))?$/.exec(name);
    if (!match) continue;
    const [, key, tag] = match;
    const status = (await stepStatus(dataDir, key, tag)) ?? "missing";
    if (TERMINAL.has(status) || status === "missing") continue;
    await fs.rm(path.join(lockDir, name), { force: true });
    released.push(key);
  }
  return released;
}

/** The status in a step's file (the tagged file first, as the world reads it), or null when there is none. */
async function stepStatus(dataDir: string, key: string, tag: string | undefined): Promise<string | null> {
  const files = [...(tag ? [`${key}.${tag}.json`] : []), `${key}.json`];
  for (const file of files) {
    const text = await fs.readFile(path.join(dataDir, "steps", file), "utf8").catch(() => null);
    if (text === null) continue;
    try {
      const status = (JSON.parse(text) as { status?: unknown }).status;
      return typeof status === "string" ? status : null;
    } catch {
      return null;
    }
  }
  return null;
}
