import { runFailure, type RunFailure } from "@/lib/runs/durable-step";
import { claimCheckOutcome, claimStages, initialClaimCheckState, type ClaimCheckInput, type ClaimCheckOutcome } from "./stages";

export type { ClaimCheckInput, ClaimCheckOutcome } from "./stages";
export { withoutSourceOf } from "./merge-found";

/**
 * Runs a claim check in this process, stage by stage (see claimStages; after bmlibrarian's PaperChecker, but
 * parallel): (1) extract up to 3 claims; then for all claims in parallel, stage by stage: (2) each claim's
 * counter-statement; (3) keyword, semantic and HyDE search in parallel, merged with provenance and capped at 100
 * (the claim's own source left out, see withoutSourceOf); (4) score every document 0–5 (batched); (5) extract
 * passages from the documents at or above the threshold and from those in line with the claim (when the backend
 * looks for them), and keep only those verified in their abstracts — the documents on each side
 * (lib/claims/sides.ts); (6) write the counter-report (an empty-evidence report without citations); (7) the
 * verdict on the original claim — without citations it is decided by counting (lib/claims/verdict.ts), never by a
 * model. Every step emits a typed event. Model calls go through an AgentRunner, as in research runs: a provider
 * failure (401, 429, 5xx, timeout…) ends the check with a classified message, and usage is recorded when
 * `recordUsage` is set. A claim that fails does not stop the others; the check then ends "failed" with the first
 * failed claim's message, keeping the claims it finished. The durable engine runs the same stages as steps
 * (lib/claims/workflow.ts).
 * Never throws: failures and cancellation end the run with status "failed" / "cancelled" and a message.
 */
export async function runClaimCheck(input: ClaimCheckInput): Promise<ClaimCheckOutcome> {
  const started = performance.now();
  const state = initialClaimCheckState();
  let failure: RunFailure | null = null;
  try {
    await claimStages.announce(input);
    await claimStages.extract(input, state);
    await claimStages.counterStatement(input, state);
    await claimStages.search(input, state);
    await claimStages.score(input, state);
    await claimStages.counterReport(input, state);
    await claimStages.verdict(input, state);
  } catch (error) {
    failure = runFailure(error, input.signal);
  }
  const outcome = claimCheckOutcome(state, failure);
  await input.recorder.emit("run-finished", { status: outcome.status, message: outcome.error, durationMs: Math.round(performance.now() - started) });
  return outcome;
}
