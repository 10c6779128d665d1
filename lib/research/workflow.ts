import { getRunSettings } from "@/lib/db/history";
import { getRun } from "@/lib/db/runs";
import { initialResearchState, researchStages } from "@/lib/research/run";
import { runDurableStage as stage, type DurableResearch } from "@/lib/research/durable-stage";

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
