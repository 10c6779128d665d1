import { getRunSettings } from "@/lib/db/history";
import { getRun } from "@/lib/db/runs";
import { rollbackToCheckpoint } from "@/lib/db/checkpoint";
import { createDbRecorder } from "@/lib/runs/db-recorder";
import { openStepSignal } from "@/lib/runs/step-signal";
import { logStep } from "@/lib/runs/step-log";
import { initialResearchState, researchFailure, researchStages, type ResearchRunInput, type ResearchState } from "@/lib/research/run";
import { researchRunInput } from "@/lib/research/start";

/**
 * A research run between durable steps, passed by value through the Workflow SDK's event log: the stage state,
 * the seq of the last saved event, the iteration cap, and how the run failed (null while it goes on).
 */
export interface DurableResearch {
  state: ResearchState;
  seq: number;
  maxIterations: number;
  failure: { status: "failed" | "cancelled"; message: string } | null;
}

/**
 * The research run of `runId` as a Workflow SDK workflow: each stage of lib/research/run.ts is one `"use step"`
 * (start, whose run-started event startResearchRun saved already; then per iteration search, hypothesize, targeted search, judge; then the report with its critic loop;
 * then finish), so after a crash or restart the run resumes after the last completed stage. The loop is the same as
 * runResearch's. A stage that fails or is cancelled is caught inside its step (never retried by the SDK: a
 * provider failure is already classified) and the run goes straight to `finish`.
 */
export async function researchWorkflow(runId: string): Promise<void> {
  "use workflow";
  let run = await startStep(runId);
  for (let iteration = 1; iteration <= run.maxIterations && !run.failure; iteration++) {
    run = await searchStep(runId, run, iteration);
    run = await hypothesizeStep(runId, run, iteration);
    run = await targetedSearchStep(runId, run, iteration);
    run = await judgeStep(runId, run, iteration);
    if (run.state.synthesize) break;
  }
  run = await reportStep(runId, run);
  await finishStep(runId, run);
}

async function startStep(runId: string): Promise<DurableResearch> {
  "use step";
  const settings = await getRunSettings(runId);
  if (!settings) throw new Error(`run ${runId} has no settings`);
  // seq 1 is the run-started event, saved by startResearchRun before the workflow was enqueued.
  const run: DurableResearch = { state: initialResearchState(), seq: 1, maxIterations: settings.maxIterations, failure: null };
  return stage(runId, "start", run, (input) => researchStages.start(input));
}

async function searchStep(runId: string, run: DurableResearch, iteration: number): Promise<DurableResearch> {
  "use step";
  return stage(runId, `search ${iteration}`, run, (input, state) => researchStages.search(input, state, iteration));
}

async function hypothesizeStep(runId: string, run: DurableResearch, iteration: number): Promise<DurableResearch> {
  "use step";
  return stage(runId, `hypothesize ${iteration}`, run, (input, state) => researchStages.hypothesize(input, state, iteration));
}

async function targetedSearchStep(runId: string, run: DurableResearch, iteration: number): Promise<DurableResearch> {
  "use step";
  return stage(runId, `targeted search ${iteration}`, run, (input, state) => researchStages.targetedSearch(input, state, iteration));
}

async function judgeStep(runId: string, run: DurableResearch, iteration: number): Promise<DurableResearch> {
  "use step";
  return stage(runId, `judge ${iteration}`, run, (input, state) => researchStages.judge(input, state, iteration));
}

async function reportStep(runId: string, run: DurableResearch): Promise<DurableResearch> {
  "use step";
  return stage(runId, "report", run, (input, state) => researchStages.report(input, state));
}

/** Saves the closing run-finished event (status, message, duration since the run was created). */
async function finishStep(runId: string, run: DurableResearch): Promise<void> {
  "use step";
  await stage(runId, "finish", run, async (input) => {
    const row = await getRun(runId);
    const status = run.failure?.status ?? "completed";
    await input.recorder.emit("run-finished", {
      status,
      message: run.failure?.message ?? null,
      durationMs: row ? Date.now() - row.createdAt.getTime() : 0,
    });
  }, { always: true });
}

/**
 * Runs one stage as an idempotent step: skips it when the run already failed (unless `always`), rolls back what an
 * interrupted attempt of this step saved (see rollbackToCheckpoint), rebuilds the run's input from its stored
 * settings with a recorder that continues the seq and evidence ordinals, and runs the stage under the run's
 * cancel signal. Errors become the run's failure; the step itself only throws when the database is unreachable
 * (then the SDK retries it).
 */
async function stage(
  runId: string,
  name: string,
  run: DurableResearch,
  body: (input: ResearchRunInput, state: ResearchState) => Promise<unknown>,
  options: { always?: boolean } = {},
): Promise<DurableResearch> {
  if (run.failure && !options.always) return run;
  const { state } = run;
  const settings = await getRunSettings(runId);
  if (!settings) throw new Error(`run ${runId} has no settings`);
  const replaced = await rollbackToCheckpoint(runId, {
    seq: run.seq,
    evidence: state.evidence.length,
    report: state.report !== null,
  });
  const recorder = createDbRecorder(runId, run.seq, state.evidence.length);
  const { signal, close } = await openStepSignal(runId);
  const done = logStep(runId, name, { replacedEvents: replaced });
  let failure = run.failure;
  try {
    // A run cancelled while queued or between steps does no more work: its next step goes straight to finish.
    if (!failure && !options.always) signal.throwIfAborted();
    await body(await researchRunInput(settings, { recorder, signal }), state);
  } catch (error) {
    failure = researchFailure(error, signal);
  } finally {
    await close();
  }
  done(failure?.status ?? "ok");
  return { ...run, state, seq: recorder.lastSeq(), failure };
}
