import { getRunDetail } from "@/lib/runs/projections";
import type { ResearchRunOutcome } from "@/lib/research/run";

/** How often a waiter reads the run's status, in milliseconds. */
const POLL_MS = 250;

/**
 * Resolves when the research run `runId` has ended (any process may execute it), with its outcome read back from
 * the database; never rejects (a vanished run or an unreachable database gives a failed outcome).
 */
export async function waitForResearchOutcome(runId: string): Promise<ResearchRunOutcome> {
  try {
    for (;;) {
      const detail = await getRunDetail(runId);
      if (!detail) throw new Error(`run ${runId} vanished from the database`);
      const { status } = detail.run;
      if (status !== "queued" && status !== "running") {
        return {
          status,
          error: detail.run.error,
          iterations: detail.run.iterations,
          evidence: detail.evidence,
          hypotheses: detail.hypotheses.map((h) => h.assessment),
          assessments: detail.assessments.map((a) => a.assessment),
          report: detail.report,
          markdown: detail.markdown,
          shortfalls: detail.shortfalls,
        };
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } catch (error) {
    return { status: "failed", error: String(error), iterations: 0, evidence: [], hypotheses: [], assessments: [], report: null, markdown: null, shortfalls: [] };
  }
}
