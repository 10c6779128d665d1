import { canWriteRun, type Caller } from "@/lib/auth/rules";
import type { RunSummary } from "@/lib/db/runs";
import { watchOfRunFor } from "@/lib/watches/service";
import { WatchPanel } from "./watch-panel";

/**
 * The report page's watch panel (server part): the run's watch, if any, and whether the caller may watch it (its
 * owner, lib/auth/rules.ts "watch"). Shown for finished research runs; a run still running, failed or cancelled can
 * be watched once a later run of the question completes, and claim checks not yet.
 */
export async function WatchSlot({ caller, run }: { caller: Caller; run: RunSummary }) {
  if (run.mode !== "research") return null;
  const watch = await watchOfRunFor(caller, run.id);
  const canWrite = canWriteRun(caller, run, "watch");
  if (!watch && (!canWrite || run.status === "running" || run.status === "queued")) return null;
  const watchable = watch || run.status === "completed" ? null : `Only a completed run can be watched; this one ${run.status === "failed" ? "failed" : "was cancelled"}: re-run it first.`;
  return <WatchPanel runId={run.id} watch={watch} canWrite={canWrite} runSources={run.sources} watchable={watchable} />;
}
