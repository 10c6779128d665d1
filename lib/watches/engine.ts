/*
 * The one adapter between watches and the run engine: everything a watch's re-check needs from the research mode's
 * lifecycle (its input from the run's saved settings, its stages, the idempotent durable step, the restored state of a
 * finished run) is imported here and nowhere else in lib/watches. When the run lifecycle moves into lib/runs ("a mode
 * file plus a workflow listing its steps"), this file is the one to re-point.
 *
 * A claim check has no iterations: its re-check is a new claim check of the same text on the watch's sources, started
 * through the engine's one start of a claim check (startClaimCheck) and waited for (claimRecheckStep); that run is the
 * watch's next version.
 *
 * A research re-check is one more iteration of the watched run, as a research follow-up is (lib/chat/follow-up-workflow.ts):
 * the question searched again on the watch's sources restricted to records changed since each source's last check
 * (the probe's saved answers, replayed), hypotheses, targeted searches (restricted too), the judge, then the report
 * under the critic: the run's next report version. Each stage is one Workflow SDK step of the watch's workflow, run
 * through the same idempotent runDurableStage as every research step (rollback of an interrupted attempt, the run's
 * cancel signal and lease heartbeat, the step log).
 */
import { getRunSettings } from "@/lib/db/history";
import { saveEvidence } from "@/lib/db/evidence";
import { getCheck, getWatch, saveCheckFromSeq, saveCheckVersionRun } from "@/lib/db/watches";
import { startClaimCheck } from "@/lib/claims/start";
import { waitForClaimCheckOutcome } from "@/lib/claims/wait";
import { openStepSignal } from "@/lib/runs/step-signal";
import { restoreResearchState } from "@/lib/chat/restore-state";
import { runDurableStage, type DurableResearch } from "@/lib/research/durable-stage";
import { CANCELLED_MESSAGE, type RunFailure } from "@/lib/runs/durable-step";
import { researchStages, type ResearchRunInput, type ResearchState } from "@/lib/research/run";
import type { SourceId } from "@/lib/domain/evidence";
import { replayingSources, restrictedSources } from "./probe";


// A file of steps imported by the watch's workflow exports only steps (and constants without imports): the workflow
// bundle keeps every other export with what it imports, which would put the database client in the workflow sandbox.

/** The run modes a watch can re-check. */
export const WATCHABLE_MODES: ReadonlySet<string> = new Set(["research", "claim-check"]);

/** How a re-check ends when its watch was deleted meanwhile (its checks with it): like a cancelled run, keeping what it found. */
function watchDeleted(): RunFailure {
  return { status: "cancelled", message: CANCELLED_MESSAGE };
}

/** A watched run's re-check between its durable steps: the research stage state plus the check and its iteration. */
export interface Recheck extends DurableResearch {
  checkId: string;
  iteration: number;
  /** When the re-run began (ms since the epoch), which times its closing run-finished event. */
  startedAt: number;
}

/**
 * Begins a re-check's iteration on the run: saves the probe's changed records (their new standing: the run's later
 * steps and pages read it), restores the run's state with the queries and failed sources of earlier turns forgotten
 * (the re-check asks again), and records the run's last seq before the iteration on the check (once).
 * @throws Error when the check, its probe or the run's settings are missing.
 */
export async function recheckStartStep(runId: string, checkId: string): Promise<Recheck> {
  "use step";
  const check = await getCheck(checkId);
  const settings = await getRunSettings(runId);
  if (!settings) throw new Error(`run ${runId} has no settings`);
  for (const { after } of check?.probe?.updated ?? []) await saveEvidence(after, { inLibrary: false });
  const { state, seq } = await restoreResearchState(runId);
  state.queriesRun = [];
  state.failedSources = [];
  state.synthesize = false;
  const fromSeq = check ? await saveCheckFromSeq(checkId, seq) : seq;
  return { state, seq: fromSeq, maxIterations: settings.maxIterations, failure: check?.probe ? null : watchDeleted(), checkId, iteration: state.iterations + 1, startedAt: Date.now() };
}

/** The re-check's searches: the question (the probe's answers) on the watch's sources, restricted to changed records. */
export async function recheckSearchStep(runId: string, run: Recheck): Promise<Recheck> {
  "use step";
  return stage(runId, `watch search ${run.iteration}`, run, (input, state) => researchStages.followUpSearch(input, state, run.iteration, [input.question]));
}

export async function recheckHypothesizeStep(runId: string, run: Recheck): Promise<Recheck> {
  "use step";
  return stage(runId, `hypothesize ${run.iteration}`, run, (input, state) => researchStages.hypothesize(input, state, run.iteration));
}

export async function recheckTargetedSearchStep(runId: string, run: Recheck): Promise<Recheck> {
  "use step";
  return stage(runId, `targeted search ${run.iteration}`, run, (input, state) => researchStages.targetedSearch(input, state, run.iteration));
}

export async function recheckJudgeStep(runId: string, run: Recheck): Promise<Recheck> {
  "use step";
  return stage(runId, `judge ${run.iteration}`, run, (input, state) => researchStages.judge(input, state, run.iteration));
}

export async function recheckReportStep(runId: string, run: Recheck): Promise<Recheck> {
  "use step";
  return stage(runId, "report", run, (input, state) => researchStages.report(input, state));
}

/** Saves the re-check's closing run-finished event (its status, message and duration since it began). */
export async function recheckFinishStep(runId: string, run: Recheck): Promise<void> {
  "use step";
  await stage(
    runId,
    "finish",
    run,
    async (input) => {
      await input.recorder.emit("run-finished", { status: run.failure?.status ?? "completed", message: run.failure?.message ?? null, durationMs: Date.now() - run.startedAt });
    },
    { always: true },
  );
}

/**
 * One stage of a re-check through runDurableStage, on the run's input with the watch's sources only, each restricted
 * to records changed since its `since` of this check and answering the probe's saved searches from the probe.
 */
async function stage(
  runId: string,
  name: string,
  run: Recheck,
  body: (input: ResearchRunInput, state: ResearchState) => Promise<unknown>,
  options: { always?: boolean } = {},
): Promise<Recheck> {
  const check = await getCheck(run.checkId);
  if (!check?.probe) return runDurableStage(runId, name, { ...run, failure: run.failure ?? watchDeleted() }, body, options);
  const watch = await getWatch(check.watchId);
  const watched = new Set<SourceId>(watch?.sources ?? check.since.map((s) => s.source));
  const since = new Map(check.since.map((s) => [s.source, new Date(s.since)]));
  const probe = check.probe;
  return runDurableStage(
    runId,
    name,
    run,
    (input, state) => {
      const sources = replayingSources(restrictedSources(input.sources.filter((s) => watched.has(s.id)), since), probe);
      return body({ ...input, sources, sourceIds: sources.map((s) => s.id) }, state);
    },
    options,
  );
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
    const started = await startClaimCheck({ text: settings.question, sources: watch.sources.filter((s) => settings.sources.includes(s)), ownerId: watch.ownerId });
    runId = await saveCheckVersionRun(checkId, started.runId);
  }
  const { close } = await openStepSignal(watch.runId);
  try {
    await waitForClaimCheckOutcome(runId);
  } finally {
    await close();
  }
}

