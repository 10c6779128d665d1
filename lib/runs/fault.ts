import fs from "node:fs/promises";
import path from "node:path";

/**
 * The fault the server injects for tests, from CRITICA_FAULT (off when unset; never set it in production):
 * `step-event-lost:<n>` makes the n-th step_completed event this process saves (counted from 1) be lost as by a
 * kill -9 between the local world's two writes: the step's file is saved as completed, the event file is removed,
 * and the process kills itself with SIGKILL. tests/integration/stuck-run.test.ts uses it to reproduce a run no engine
 * will resume, which the reconciler must end (lib/runs/reconcile.ts).
 * @returns the step count, or null when no fault is asked.
 * @throws Error for any other value, so a mistyped fault does not silently test nothing.
 */
export function parseFault(value: string | undefined): number | null {
  if (!value) return null;
  const match = /^step-event-lost:([1-9]\d*)$/.exec(value);
  if (!match) throw new Error(`CRITICA_FAULT must be "step-event-lost:<n>" (n ≥ 1), not "${value}"`);
  return Number(match[1]);
}

interface EventWorld {
  events: {
    create(runId: string | null, data: { eventType: string }, params?: unknown): Promise<{ event?: unknown }>;
  };
}

/**
 * Installs the CRITICA_FAULT fault on the configured local world (call before its start()). Does nothing when the
 * variable is unset.
 */
export async function installFault(value: string | undefined): Promise<void> {
  const at = parseFault(value);
  if (at === null) return;
  const { getWorld } = await import("workflow/runtime");
  const world = getWorld() as unknown as EventWorld;
  const create = world.events.create.bind(world.events);
  const dataDir = process.env.WORKFLOW_LOCAL_DATA_DIR || ".workflow-data";
  let seen = 0;
  console.warn(`critica: fault injection on: the step_completed event number ${at} will be lost (CRITICA_FAULT)`);
  world.events.create = async (runId, data, params) => {
    const result = await create(runId, data, params);
    if (data.eventType !== "step_completed" || ++seen !== at) return result;
    const { eventId } = result.event as { eventId: string };
    const dir = path.join(dataDir, "events");
    for (const file of await fs.readdir(dir))
      if (file.startsWith(`${runId}-${eventId}.`)) await fs.rm(path.join(dir, file));
    process.kill(process.pid, "SIGKILL");
    return result;
  };
}
