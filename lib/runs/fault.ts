import fs from "node:fs/promises";
import path from "node:path";

/**
 * The fault the server injects for tests, from CRITICA_FAULT (off when unset; never set it in production):
 * - `step-event-lost:<n>` makes the n-th step_completed event this process saves (counted from 1) be lost as by a
 *   kill -9 between the local world's two writes: the step's file is saved as completed, the event file is removed,
 *   and the process kills itself with SIGKILL. tests/integration/stuck-run.test.ts uses it to reproduce a run the
 *   reconciler must resume or end (lib/runs/reconcile.ts).
 * - `step-lock-left:<n>` kills the process (SIGKILL) as the n-th step_completed event is about to be saved, once the
 *   local world's terminal lock of that step is claimed and before the step's file says completed: the stale lock a
 *   restart must release (lib/runs/stale-step-locks.ts).
 * - `kill-after-step:<label>/<step>[,<label>/<step>…]` makes the process kill itself with SIGKILL at a stage
 *   boundary: once the durable step `<step>` ("search 1", "finish") of a run whose stages are labelled `<label>`
 *   ("run", "claim check", "follow-up iteration") has saved everything, before the engine records its completion (with
 *   several, once each was reached: see killAfterStepFault).
 *   tests/integration/stage-kill.test.ts walks every boundary of every mode so.
 * @returns the fault, or null when none is asked.
 * @throws Error for any other value, so a mistyped fault does not silently test nothing.
 */
export function parseFault(
  value: string | undefined,
): { kind: "step-event-lost" | "step-lock-left"; at: number } | { kind: "kill-after-step"; steps: Set<string> } | null {
  if (!value) return null;
  const lost = /^(step-event-lost|step-lock-left):([1-9]\d*)$/.exec(value);
  if (lost) return { kind: lost[1] as "step-event-lost" | "step-lock-left", at: Number(lost[2]) };
  const kill = /^kill-after-step:(.+)$/.exec(value);
  const steps = kill?.[1].split(",").map((s) => s.trim());
  if (steps && steps.every((s) => /^[^/]+\/.+$/.test(s))) return { kind: "kill-after-step", steps: new Set(steps) };
  throw new Error(
    `CRITICA_FAULT must be "step-event-lost:<n>" or "step-lock-left:<n>" (n ≥ 1) or ` +
      `"kill-after-step:<label>/<step>[,…]", not "${value}"`,
  );
}

/** How long a step at an armed boundary waits for the other armed boundaries before the kill (ms). */
export const FAULT_PAUSE_MS = 20_000;

const reached = new Set<string>();

/**
 * At the end of durable step `step` of run `runId` whose stages are labelled `label`: when CRITICA_FAULT arms this
 * boundary, logs that the run reached it and pauses until every armed boundary was reached (so several runs are
 * killed each at a boundary of its own) or FAULT_PAUSE_MS passed, then kills this process with SIGKILL (no shutdown
 * handler runs). Otherwise returns at once.
 */
export async function killAfterStepFault(label: string, step: string, runId: string): Promise<void> {
  const fault = parseFault(process.env.CRITICA_FAULT);
  const key = `${label}/${step}`;
  if (fault?.kind !== "kill-after-step" || !fault.steps.has(key)) return;
  reached.add(key);
  // A write to a pipe is synchronous on Linux, so the test reads this line however the process ends.
  process.stdout.write(`critica: fault injection: ${runId} reached ${key}\n`);
  const deadline = Date.now() + FAULT_PAUSE_MS;
  while (reached.size < fault.steps.size && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  process.stdout.write(`critica: fault injection: kill -9\n`);
  process.kill(process.pid, "SIGKILL");
}

interface EventWorld {
  events: {
    create(
      runId: string | null,
      data: { eventType: string; correlationId?: string },
      params?: unknown,
    ): Promise<{ event?: unknown }>;
  };
}

/**
 * Installs the CRITICA_FAULT `step-event-lost` or `step-lock-left` fault on the configured local world (call before
 * its start()). Does nothing when the variable is unset or asks for another fault.
 */
export async function installFault(value: string | undefined): Promise<void> {
  const fault = parseFault(value);
  if (fault?.kind !== "step-event-lost" && fault?.kind !== "step-lock-left") return;
  const { at } = fault;
  const { getWorld } = await import("workflow/runtime");
  const world = getWorld() as unknown as EventWorld;
  const create = world.events.create.bind(world.events);
  const dataDir = process.env.WORKFLOW_LOCAL_DATA_DIR || ".workflow-data";
  let seen = 0;
  if (fault.kind === "step-lock-left") {
    console.warn(`critica: fault injection on: killed with the lock of step completion ${at} claimed (CRITICA_FAULT)`);
    world.events.create = async (runId, data, params) => {
      if (data.eventType !== "step_completed" || ++seen !== at) return create(runId, data, params);
      const lock = path.join(dataDir, ".locks", "steps", `${runId}-${data.correlationId}`);
      await fs.mkdir(path.dirname(lock), { recursive: true });
      await fs.writeFile(`${lock}.terminal`, "");
      process.kill(process.pid, "SIGKILL");
      return new Promise(() => undefined);
    };
    return;
  }
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
