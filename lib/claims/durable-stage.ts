import { getRunSettings } from "@/lib/db/history";
import { runDurableStep, type DurableRun } from "@/lib/runs/durable-step";
import { claimCheckInput } from "./check-input";
import type { ClaimCheckInput, ClaimCheckState } from "./stages";

/** A claim check between durable steps, passed by value through the Workflow SDK's event log: its stage state, last seq and failure. */
export interface DurableClaimCheck extends DurableRun {
  state: ClaimCheckState;
}

/**
 * Runs one claim-check stage as an idempotent durable step (runDurableStep: rollback of an interrupted attempt
 * to the run's checkpoint, a recorder continuing the seq and evidence ordinals, the run's cancel signal and
 * lease): rebuilds the check's input from the Run's stored settings (claimCheckInput) and waits for the
 * embedder's fallback notice, if any, before the step hands its last seq on. A plain module, not a workflow
 * file, so lib/claims/workflow.ts stays a list of steps.
 * @throws only when the database is unreachable (the SDK then retries the step).
 */
export function runDurableClaimStage(
  runId: string,
  name: string,
  run: DurableClaimCheck,
  body: (input: ClaimCheckInput, state: ClaimCheckState) => Promise<unknown>,
  options: { always?: boolean } = {},
): Promise<DurableClaimCheck> {
  const { state } = run;
  // A claim check saves no report row: nothing to roll back there.
  const checkpoint = { evidence: state.evidence.length, report: true };
  return runDurableStep(
    runId,
    name,
    run,
    checkpoint,
    async ({ recorder, signal }) => {
      const settings = await getRunSettings(runId);
      if (!settings) throw new Error(`run ${runId} has no settings`);
      const { input, settled } = claimCheckInput(settings, { recorder, signal });
      try {
        await body(input, state);
      } finally {
        await settled();
      }
    },
    options,
  );
}
