import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createLocalWorld } from "@workflow/world-local";
import { afterEach, describe, expect, it } from "vitest";
import { releaseStaleStepLocks } from "@/lib/runs/stale-step-locks";

const SPEC = 2;

/** A local world in a temporary directory with one run whose step "hypothesize" has started. */
async function worldWithStartedStep() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "critica-locks-"));
  const world = createLocalWorld({ dataDir, recoverActiveRuns: false });
  const created = await world.events.create(
    null as unknown as string,
    {
      eventType: "run_created",
      specVersion: SPEC,
      eventData: { deploymentId: "test", workflowName: "workflow//watch", input: new Uint8Array() },
    } as never,
  );
  const runId = (created.run as { runId: string }).runId;
  await world.events.create(runId, { eventType: "run_started", specVersion: SPEC } as never);
  const stepId = "step_01TEST";
  await world.events.create(runId, {
    eventType: "step_created",
    specVersion: SPEC,
    correlationId: stepId,
    eventData: { stepName: "hypothesize", input: new Uint8Array() },
  } as never);
  await world.events.create(runId, { eventType: "step_started", specVersion: SPEC, correlationId: stepId } as never);
  const complete = () =>
    world.events.create(runId, {
      eventType: "step_completed",
      specVersion: SPEC,
      correlationId: stepId,
      eventData: { stepName: "hypothesize", workflowName: "workflow//watch", result: new Uint8Array([1]) },
    } as never);
  return { dataDir, world, runId, stepId, complete };
}

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

describe("step locks a kill -9 left in the local world", () => {
  it("a lock on a step still running is released, and the step's completion is then accepted", async () => {
    const { dataDir, world, runId, stepId, complete } = await worldWithStartedStep();
    dirs.push(dataDir);
    // Killed after the lock was claimed, before the step's file said completed.
    const lock = path.join(dataDir, ".locks", "steps", `${runId}-${stepId}.terminal`);
    fs.mkdirSync(path.dirname(lock), { recursive: true });
    fs.writeFileSync(lock, "");
    await expect(complete()).rejects.toThrow(/terminal state/);

    expect(await releaseStaleStepLocks(dataDir)).toEqual([`${runId}-${stepId}`]);
    expect(fs.existsSync(lock)).toBe(false);
    await complete();
    const step = await world.steps.get(runId, stepId);
    expect(step.status).toBe("completed");
  });

  it("keeps the lock of a completed step, so a second completion is still refused", async () => {
    const { dataDir, runId, stepId, complete } = await worldWithStartedStep();
    dirs.push(dataDir);
    await complete();
    expect(await releaseStaleStepLocks(dataDir)).toEqual([]);
    expect(fs.existsSync(path.join(dataDir, ".locks", "steps", `${runId}-${stepId}.terminal`))).toBe(true);
    await expect(complete()).rejects.toThrow(/terminal state/);
  });

  it("does nothing in a data directory with no locks", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "critica-locks-"));
    dirs.push(dataDir);
    expect(await releaseStaleStepLocks(dataDir)).toEqual([]);
  });
});
