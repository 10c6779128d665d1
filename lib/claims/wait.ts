import { getRunDetail } from "@/lib/runs/projections";
import type { ClaimCheckOutcome } from "./stages";

/** How often a waiter reads the check's status, in milliseconds (as lib/research/wait.ts). */
const POLL_MS = 250;

/**
 * Resolves when the claim check `runId` has ended (any process may execute it), with its outcome read back from
 * the database: its claims from the claim-verdict events in claim order, its shortfalls. Never rejects (a
 * vanished run or an unreachable database gives a failed outcome).
 */
export async function waitForClaimCheckOutcome(runId: string): Promise<ClaimCheckOutcome> {
  try {
    for (;;) {
      const detail = await getRunDetail(runId);
      if (!detail) throw new Error(`run ${runId} vanished from the database`);
      const { status } = detail.run;
      if (status !== "queued" && status !== "running") {
        const verdicts = detail.events.flatMap((e) => (e.type === "claim-verdict" ? [e.data] : [])).sort((a, b) => a.claim - b.claim);
        return { status, error: detail.run.error, claims: verdicts.map((v) => v.result), shortfalls: detail.shortfalls };
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } catch (error) {
    return { status: "failed", error: String(error), claims: [], shortfalls: [] };
  }
}
