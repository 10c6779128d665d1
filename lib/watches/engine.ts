/*
 * The one adapter between watches and the run engine (lib/runs), for the two ways a mode re-checks (RunMode.watch):
 * "iteration", the watched run's next iteration through recheckStages (lib/watches/recheck-mode.ts: a research run's),
 * each stage one durable step of the watch's workflow; "new-run", a new run of the same request (a claim check's),
 * started and waited for through the engine.
 */
import { getRunSettings } from "@/lib/db/history";
import { saveEvidence } from "@/lib/db/evidence";
import { getCheck, getWatch, saveCheckFromSeq, saveCheckVersionRun } from "@/lib/db/watches";
import { restoreResearchState } from "@/lib/chat/restore-state";
import { registry } from "@/lib/modes";
import { runDurableStage } from "@/lib/runs/durable-stage";
import { beginProgress } from "@/lib/runs/execute";
import type { RunJob, RunProgress, StageCall } from "@/lib/runs/plan";
import { openStepSignal } from "@/lib/runs/step-signal";
import { recheckStages, type RecheckState } from "./recheck-mode";

// A file of steps imported by the watch's workflow exports only steps (and constants without imports): the workflow
// bundle keeps every other export with what it imports, which would put the database client in the workflow sandbox.

/**
 * A research re-check as the engine runs it: the job (the run, its settings, the plan) and the progress to start from.
 */
export interface Recheck {
  job: RunJob;
  progress: RecheckProgress;
}

/** A re-check's progress between its durable steps. */
type RecheckProgress = RunProgress<RecheckState>;

/**
 * Begins a re-check's iteration on the run: saves the probe's changed records (their new standing: the run's later
 * steps and pages read it), restores the run's state with the queries and failed sources of earlier turns forgotten
 * (the re-check asks again), and records the run's last seq before the iteration on the check (once).
 * @returns null when the check or its probe is gone (the watch was deleted meanwhile): nothing is re-run.
 * @throws Error when the run's settings are missing.
 */
export async function recheckStartStep(runId: string, checkId: string): Promise<Recheck | null> {
  "use step";
  const check = await getCheck(checkId);
  if (!check?.probe) return null;
  const settings = await getRunSettings(runId);
  if (!settings) throw new Error(`run ${runId} has no settings`);
  for (const { after } of check.probe.updated) await saveEvidence(after, { inLibrary: false });
  const { state, seq } = await restoreResearchState(runId);
  const fromSeq = await saveCheckFromSeq(checkId, seq);
  const iteration = state.iterations + 1;
  const recheck: RecheckState = { ...state, queriesRun: [], failedSources: [], synthesize: false, checkId };
  return {
    job: { runId, settings, plan: recheckStages.plan },
    progress: beginProgress(recheck, fromSeq, { from: iteration, to: iteration }),
  };
}

/** One stage of a re-check (or its closing run-finished event) as a durable step of the run. */
export async function recheckStep(job: RunJob, progress: RecheckProgress, call: StageCall): Promise<RecheckProgress> {
  "use step";
  return runDurableStage(recheckStages, job, progress, call);
}

/**
 * A re-check by a new run (RunMode.watch "new-run", a claim check's): a new run of the watched run's mode with its
 * request on the watch's sources, owned by the watch's owner, started once (its id saved on the check before anything
 * else, so a re-run of this step waits for it instead of starting another) and waited for, while the watched run's
 * lease is renewed (the step may wait minutes).
 * @throws Error when the run's settings are missing or its mode is unknown.
 */
export async function newRunRecheckStep(checkId: string): Promise<void> {
  "use step";
  const check = await getCheck(checkId);
  const watch = check ? await getWatch(check.watchId) : null;
  if (!check || !watch) return;
  const settings = await getRunSettings(watch.runId);
  if (!settings) throw new Error(`run ${watch.runId} has no settings`);
  const mode = registry.named(settings.mode);
  if (!mode) throw new Error(`run ${watch.runId} has mode "${settings.mode}", which this version cannot run`);
  let runId = check.versionRunId;
  if (!runId) {
    const sources = watch.sources.filter((s) => settings.sources.includes(s));
    const started = await mode.rerun({ ...settings, sources }, { ownerId: watch.ownerId });
    runId = await saveCheckVersionRun(checkId, started.runId);
  }
  const { close } = await openStepSignal(watch.runId);
  try {
    await mode.wait(runId);
  } finally {
    await close();
  }
}
