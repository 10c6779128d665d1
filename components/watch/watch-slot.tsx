import { canWriteRun, type Caller } from "@/lib/auth/rules";
import type { RunSummary } from "@/lib/db/runs";
import { watchOfRunFor } from "@/lib/watches/service";
import { WatchPanel } from "./watch-panel";

/**
 * The report page's watch panel (server part): the run's watch, if any, and whether the caller may watch it (its
 * owner, lib/auth/rules.ts "watch"). Shown for research runs and claim checks that have ended; one that failed or was
 * cancelled is not watchable (the panel says so).
 */
export async function WatchSlot({ caller, run }: { caller: Caller; run: RunSummary }) {
  const watch = await watchOfRunFor(caller, run.id);
  const canWrite = canWriteRun(caller, run, "watch");
  if (!watch && (!canWrite || run.status === "running" || run.status === "queued")) return null;
  const watchable =
    watch || run.status === "completed"
      ? null
      : `Only a completed run can be watched; this one ${run.status === "failed" ? "failed" : "was cancelled"}: ` +
        `re-run it first.`;
  return <WatchPanel runId={run.id} watch={watch} canWrite={canWrite} runSources={run.sources} watchable={watchable} />;
}
