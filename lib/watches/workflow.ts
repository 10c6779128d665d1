import { sleep } from "workflow";
import { followPlan } from "@/lib/runs/plan";
import { newRunRecheckStep, recheckStartStep, recheckStep } from "./engine";
import { completeCheckStep, notifyStep, planWatchStep, probeStep } from "./steps";

/**
 * One watch as a Workflow SDK workflow, for as long as the watch exists: plan (planWatchStep); when a check is due,
 * search for changes (probeStep) and, if anything changed, re-check as the run's mode says (RunMode.watch): one more
 * iteration of the run (lib/watches/recheck-mode.ts on the engine's plan: search, hypotheses, targeted search, judge,
 * report, finish, each a durable step), or a new run of the same request (newRunRecheckStep), then end the check
 * (completeCheckStep) and tell the owner (notifyStep); otherwise sleep until the next due time. The SDK's `sleep`
 * suspends the workflow without holding a process and survives restarts; a change to the watch (pause, resume,
 * cadence, sources, the test clock) wakes it early (lib/watches/waker.ts) so it plans again. Every step is idempotent
 * and a check is unique per due time, so a replay after a crash or failover neither repeats nor skips a check.
 */
export async function watchWorkflow(watchId: string): Promise<void> {
  "use workflow";
  for (;;) {
    const plan = await planWatchStep(watchId);
    if (plan.kind === "stop") return;
    if (plan.kind === "sleep") {
      await sleep(new Date(plan.wakeAtMs));
      continue;
    }
    const { changed } = await probeStep(plan.checkId);
    if (changed && plan.recheck === "new-run") await newRunRecheckStep(plan.checkId);
    else if (changed) {
      const recheck = await recheckStartStep(plan.runId, plan.checkId);
      if (recheck)
        await followPlan(recheck.job.plan, recheck.progress, (run, call) => recheckStep(recheck.job, run, call));
    }
    const { notify } = await completeCheckStep(plan.checkId);
    if (notify) await notifyStep(plan.checkId);
  }
}
