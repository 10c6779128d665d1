/*
 * The one adapter between watches and the run engine (lib/runs): a research re-check is the watched run's next
 * iteration through recheckStages (lib/watches/recheck-mode.ts), each stage one durable step of the watch's workflow;
 * a claim check's re-check is a new claim check of the same text, started and waited for through the engine.
 */
import { getRunSettings } from "@/lib/db/history";
import { saveEvidence } from "@/lib/db/evidence";
import { getCheck, getWatch, saveCheckFromSeq, saveCheckVersionRun } from "@/lib/db/watches";
import { restoreResearchState } from "@/lib/chat/restore-state";
import { claimCheck } from "@/lib/modes";
import { runDurableStage } from "@/lib/runs/durable-stage";
import { beginProgress } from "@/lib/runs/execute";
import type { RunJob, RunProgress, StageCall } from "@/lib/runs/plan";
import { startRun } from "@/lib/runs/start";
import { openStepSignal } from "@/lib/runs/step-signal";
import { waitForRun } from "@/lib/runs/wait";
import { recheckStages, type RecheckState } from "./recheck-mode";

// A file of steps imported by the watch's workflow exports only steps (and constants without imports): the workflow
// bundle keeps every other export with what it imports, which would put the database client in the workflow sandbox.

/** The run modes a watch can re-check. */
export const WATCHABLE_MODES: ReadonlySet<string> = new Set(["research", "claim-check"]);

/** A research re-check as the engine runs it: the job (the run, its settings, the plan) and the progress to start from. */
export interface Recheck {
  job: RunJob;
  progress: RunProgress<RecheckState>;
}

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
export async function recheckStep(
  job: RunJob,
  progress: RunProgress<RecheckState>,
  call: StageCall,
): Promise<RunProgress<RecheckState>> {
  "use step";
  return runDurableStage(recheckStages, job, progress, call);
}

/**
 * A watched claim check's re-check: a new claim check of the same text on the watch's sources, owned by the watch's
 * owner, started once (its id saved on the check before anything else, so a re-run of this step waits for it instead
 * of starting another) and waited for, while the watched run's lease is renewed (the step may wait minutes).
 */
export async function claimRecheckStep(checkId: string): Promise<void> {
  "use step";
  const check = await getCheck(checkId);
  const watch = check ? await getWatch(check.watchId) : null;
  if (!check || !watch) return;
  let runId = check.versionRunId;
  if (!runId) {
    const settings = await getRunSettings(watch.runId);
    if (!settings) throw new Error(`run ${watch.runId} has no settings`);
    const started = await startRun(
      claimCheck,
      { text: settings.question, sources: watch.sources.filter((s) => settings.sources.includes(s)) },
      { ownerId: watch.ownerId },
    );
    runId = await saveCheckVersionRun(checkId, started.runId);
  }
  const { close } = await openStepSignal(watch.runId);
  try {
    await waitForRun(claimCheck, runId);
  } finally {
    await close();
  }
}
