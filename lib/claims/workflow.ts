import { getRun } from "@/lib/db/runs";
import { claimCheckOutcome, claimStages, initialClaimCheckState } from "./stages";
import { runDurableClaimStage as stage, type DurableClaimCheck } from "./durable-stage";

/**
 * The claim check of `runId` as a Workflow SDK workflow (issue 10: "each claim-check stage" a step): one
 * `"use step"` per stage of lib/claims/stages.ts (claim extraction, whose run-started event startClaimCheck saved
 * already; then, each for all claims in parallel, counter-statements, searches, scoring with passages,
 * counter-reports and verdicts; then finish), so after a crash or restart the check resumes after its last
 * completed stage. The order is runClaimCheck's. A stage that fails or is cancelled is caught inside its step
 * (never retried by the SDK: a provider failure is already classified) and the check goes straight to `finish`.
 */
export async function claimCheckWorkflow(runId: string): Promise<void> {
  "use workflow";
  let run = await claimExtractionStep(runId);
  run = await counterStatementsStep(runId, run);
  run = await claimSearchesStep(runId, run);
  run = await claimScoringStep(runId, run);
  run = await counterReportsStep(runId, run);
  run = await verdictsStep(runId, run);
  await claimFinishStep(runId, run);
}

async function claimExtractionStep(runId: string): Promise<DurableClaimCheck> {
  "use step";
  // seq 1 is the run-started event, saved by startClaimCheck before the workflow was enqueued.
  const run: DurableClaimCheck = { state: initialClaimCheckState(), seq: 1, failure: null };
  return stage(runId, "claim extraction", run, (input, state) => claimStages.extract(input, state));
}

async function counterStatementsStep(runId: string, run: DurableClaimCheck): Promise<DurableClaimCheck> {
  "use step";
  return stage(runId, "counter-statements", run, (input, state) => claimStages.counterStatement(input, state));
}

async function claimSearchesStep(runId: string, run: DurableClaimCheck): Promise<DurableClaimCheck> {
  "use step";
  return stage(runId, "claim searches", run, (input, state) => claimStages.search(input, state));
}

async function claimScoringStep(runId: string, run: DurableClaimCheck): Promise<DurableClaimCheck> {
  "use step";
  return stage(runId, "claim scoring", run, (input, state) => claimStages.score(input, state));
}

async function counterReportsStep(runId: string, run: DurableClaimCheck): Promise<DurableClaimCheck> {
  "use step";
  return stage(runId, "counter-reports", run, (input, state) => claimStages.counterReport(input, state));
}

async function verdictsStep(runId: string, run: DurableClaimCheck): Promise<DurableClaimCheck> {
  "use step";
  return stage(runId, "verdicts", run, (input, state) => claimStages.verdict(input, state));
}

/** Saves the closing run-finished event (the outcome's status and message, duration since the run was created). */
async function claimFinishStep(runId: string, run: DurableClaimCheck): Promise<void> {
  "use step";
  await stage(
    runId,
    "finish",
    run,
    async (input) => {
      const row = await getRun(runId);
      const outcome = claimCheckOutcome(run.state, run.failure);
      await input.recorder.emit("run-finished", { status: outcome.status, message: outcome.error, durationMs: row ? Date.now() - row.createdAt.getTime() : 0 });
    },
    { always: true },
  );
}
