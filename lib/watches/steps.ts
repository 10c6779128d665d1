import crypto from "node:crypto";
import { getWorkflowMetadata } from "workflow";
import { getConfig } from "@/lib/config";
import { getRunSettings } from "@/lib/db/history";
import { setWorkflowRunId } from "@/lib/db/run-control";
import { getRun, getRunEvidence, listRunEvents, updateRun } from "@/lib/db/runs";
import {
  beginCheck,
  claimWatchWorkflow,
  finishCheck,
  getCheck,
  getWatch,
  latestVersionRun,
  recordPlannedVersion,
  saveProbe,
  type CheckOutcome,
  type WatchRecord,
} from "@/lib/db/watches";
import type { Probe, SourceState } from "@/lib/domain/watch";
import { summarizeUsage } from "@/lib/ai/usage";
import { iterationEvents, reportVersions } from "@/lib/chat/report-versions";
import { registry } from "@/lib/modes";
import type { WatchRecheck } from "@/lib/runs/mode";
import { openStepSignal } from "@/lib/runs/step-signal";
import { logStep } from "@/lib/runs/step-log";
import { createSources, isTreatmentQuestion } from "@/lib/sources/registry";
import { watchNow, systemTimeOf } from "./clock";
import { notifyOwner } from "./notify";
import { PROBE_SEARCH_LIMIT, restrictedSources, searchForChanges } from "./probe";
import { backoffDue, nextDueAfter, planWatch } from "./schedule";
import { claimChangeSummary, changeSummary, versionBottomLine } from "./summary";
import { claimCitations, claimVerdicts, extractedClaims } from "./claim-version";

/** How long a paused watch's workflow sleeps before it looks again (ms); resuming wakes it at once. */
const PAUSED_SLEEP_MS = 7 * 86_400_000;

/** What a watch's workflow does next (see planWatchStep); times in ms since the epoch, system time. */
export type StepPlan =
  | { kind: "stop" }
  | { kind: "sleep"; wakeAtMs: number }
  | { kind: "check"; checkId: string; runId: string; recheck: WatchRecheck };

/**
 * Plans a watch's next move from its row and the watch clock (planWatch), and records the version it read. A watch
 * that is gone, or that belongs to another workflow run (a newer one was started for it), stops this workflow. When a
 * check is due it is begun (idempotently, one per due time) and the run is marked running with this workflow as its
 * executor, so a cancel reaches the check and, on Postgres, the lease sweep recovers it if its instance dies.
 */
export async function planWatchStep(watchId: string): Promise<StepPlan> {
  "use step";
  const { workflowRunId } = getWorkflowMetadata();
  const watch = await getWatch(watchId);
  // One workflow per watch: the one whose id the watch holds (claimed here if its starter has not saved it yet).
  if (!watch) return { kind: "stop" };
  if (
    watch.workflowRunId !== workflowRunId &&
    !(watch.workflowRunId === null && (await claimWatchWorkflow(watch.id, null, workflowRunId)))
  )
    return { kind: "stop" };
  await recordPlannedVersion(watch.id, watch.version);
  const now = watchNow();
  const plan = planWatch(watch, now);
  if (plan.kind === "stop") return plan;
  if (plan.kind === "sleep")
    return { kind: "sleep", wakeAtMs: plan.until ? systemTimeOf(plan.until).getTime() : Date.now() + PAUSED_SLEEP_MS };
  const since = watch.sourceState
    .filter((s) => watch.sources.includes(s.source))
    .map((s) => ({ source: s.source, since: s.since }));
  const check = await beginCheck({
    id: crypto.randomUUID(),
    watchId: watch.id,
    dueAt: plan.dueAt,
    startedAt: now,
    since,
  });
  // A finished check of this due time would have moved nextDueAt on in the same transaction; look again later.
  if (check.status !== "running") return { kind: "sleep", wakeAtMs: Date.now() + 60_000 };
  await updateRun(watch.runId, { status: "running", error: null, cancelRequestedAt: null });
  await setWorkflowRunId(watch.runId, workflowRunId);
  return { kind: "check", checkId: check.id, runId: watch.runId, recheck: await recheckOf(watch.runId) };
}

/**
 * How a run's mode re-checks it (RunMode.watch); a run of a mode that cannot be watched is re-checked as research was.
 */
async function recheckOf(runId: string): Promise<WatchRecheck> {
  const mode = (await getRun(runId))?.mode;
  return (mode ? registry.named(mode)?.watch : undefined) ?? "iteration";
}

/**
 * The version a check starts from, with what its probe needs: re-checked by iteration (a research run), the run
 * itself (its question, its records, its latest report's references and bottom line); by a new run (a claim check),
 * the run of its latest version (its claims as the queries, its records, the records its verdicts cite, the verdicts).
 */
async function versionBefore(watch: WatchRecord, recheck: WatchRecheck) {
  if (recheck === "new-run") {
    const latest = await latestVersionRun(watch);
    const [evidence, events, settings] = await Promise.all([
      getRunEvidence(latest.runId),
      listRunEvents(latest.runId),
      getRunSettings(latest.runId),
    ]);
    const references = claimCitations(events);
    const claims = extractedClaims(events);
    return {
      evidence,
      references,
      queries: claims.length ? claims : [settings?.question.slice(0, 300) ?? ""],
      before: {
        version: latest.version,
        evidence: evidence.length,
        bottomLine: null,
        references,
        claims: claimVerdicts(events),
        runId: latest.runId,
      },
    };
  }
  const [evidence, events, settings] = await Promise.all([
    getRunEvidence(watch.runId),
    listRunEvents(watch.runId),
    getRunSettings(watch.runId),
  ]);
  const versions = reportVersions(events);
  const latest = versions.at(-1) ?? null;
  const references = latest?.report.references.map((r) => ({ evidenceId: r.evidenceId, title: r.title })) ?? [];
  const question = settings?.question ?? "";
  return {
    evidence,
    references,
    queries: [question],
    before: {
      version: versions.length,
      evidence: evidence.length,
      bottomLine: versionBottomLine(question, evidence, latest?.report ?? null),
      references,
    },
  };
}

/**
 * The searches of a check (searchForChanges on the watch's sources, each restricted to records changed since its
 * last successful check, without the source cache), saved on the check once, with the run's report version, record
 * count, bottom line and references before it. A cancelled run ends the probe with no answers (the check fails).
 * @returns whether anything changed (then the run is re-run).
 */
export async function probeStep(checkId: string): Promise<{ changed: boolean }> {
  "use step";
  const check = await getCheck(checkId);
  if (!check) throw new Error(`watch check ${checkId} vanished`);
  if (!check.probe) {
    const watch = await getWatch(check.watchId);
    const runId = watch?.runId;
    const settings = runId ? await getRunSettings(runId) : null;
    if (!watch || !settings) throw new Error(`watch check ${checkId} has no watch or run`);
    const done = logStep(watch.runId, "watch probe");
    const { signal, close } = await openStepSignal(watch.runId);
    try {
      const version = await versionBefore(watch, registry.named(settings.mode)?.watch ?? "iteration");
      const citedIds = new Set(version.references.map((r) => r.evidenceId));
      const ids = settings.sources.filter((s) => watch.sources.includes(s));
      const since = new Map(check.since.map((s) => [s.source, new Date(s.since)]));
      const sources = restrictedSources(
        createSources(ids, { treatmentQuestion: isTreatmentQuestion(settings.question), cache: false }),
        since,
      );
      const { evidence } = version;
      const found = await searchForChanges({
        queries: version.queries,
        sources,
        evidence,
        cited: evidence.filter((e) => citedIds.has(e.id)),
        limit: PROBE_SEARCH_LIMIT,
        timeoutMs: getConfig().CRITICA_SOURCE_TIMEOUT_MS,
        signal,
      }).catch(() => ({
        answers: [],
        sources: ids.map((source) => ({ source, ok: false, error: "the check was cancelled", hits: 0 })),
        newRecords: [],
        updated: [],
      }));
      await saveProbe(checkId, { ...found, before: version.before });
    } finally {
      await close();
      done("ok");
    }
  }
  const probe = (await getCheck(checkId))!.probe!;
  return { changed: probe.newRecords.length > 0 || probe.updated.length > 0 };
}

/**
 * Ends a check once (finishCheck's compare-and-set) and moves its watch's schedule on: "changed" when the re-run
 * completed with a new report version (its change summary, model calls and cost from the iteration's usage events),
 * "quiet" when the searches found nothing new, "failed" when every source failed or the re-run did not complete.
 * Each source that answered moves its `since` to the check's start; one that failed keeps it and counts the failure.
 * The next check is one period after the due time (missed periods are covered by this one), or, when every source
 * failed, backed off (backoffDue). A quiet or failed probe gives the run back its completed status.
 * @returns whether the owner is to be told (a changed check).
 */
export async function completeCheckStep(checkId: string): Promise<{ notify: boolean }> {
  "use step";
  const check = await getCheck(checkId);
  if (!check) return { notify: false };
  if (check.status !== "running") return { notify: check.status === "changed" };
  const watch = await getWatch(check.watchId);
  const probe = check.probe;
  const now = watchNow();
  const bySource = new Map((probe?.sources ?? []).map((s) => [s.source, s]));
  const sourceState: SourceState[] = (watch?.sourceState ?? []).map((s) => {
    const answer = bySource.get(s.source);
    if (!answer) return s;
    return answer.ok
      ? { ...s, since: check.startedAt.toISOString(), failures: 0, lastError: null }
      : { ...s, failures: s.failures + 1, lastError: answer.error };
  });
  const allFailed = (probe?.sources.length ?? 0) > 0 && probe!.sources.every((s) => !s.ok);
  const failures = allFailed ? (watch?.failures ?? 0) + 1 : 0;
  const cadence = watch?.cadence ?? "weekly";
  const schedule = {
    nextDueAt: allFailed ? backoffDue(now, cadence, failures) : nextDueAfter(check.dueAt, now, cadence),
    lastCheckedAt: now,
    sourceState,
    failures,
  };
  let outcome: Omit<CheckOutcome, "watch" | "finishedAt">;
  if (check.versionRunId && watch && probe) {
    outcome = await claimOutcome(check.versionRunId, probe);
    await updateRun(watch.runId, { status: "completed" });
  } else if (check.fromSeq === null || !watch) {
    outcome = allFailed
      ? {
          status: "failed",
          summary: null,
          reportVersion: null,
          costUsd: null,
          modelCalls: 0,
          error: probe!.sources.map((s) => s.error).join("; "),
        }
      : { status: "quiet", summary: null, reportVersion: null, costUsd: null, modelCalls: 0, error: null };
    if (watch) await updateRun(watch.runId, { status: "completed" });
  } else {
    const events = await listRunEvents(watch.runId);
    const { events: iteration } = iterationEvents(events, check.fromSeq);
    const end = iteration.findLast((e) => e.type === "run-finished");
    const version = reportVersions(events).find((v) => v.seq > check.fromSeq!) ?? null;
    const usage = summarizeUsage(iteration);
    const settings = await getRunSettings(watch.runId);
    if (end?.data.status === "completed" && version && probe && settings) {
      const summary = changeSummary({
        question: settings.question,
        toVersion: version.version,
        probe,
        evidence: await getRunEvidence(watch.runId),
        report: version.report,
      });
      outcome = {
        status: "changed",
        summary,
        reportVersion: version.version,
        costUsd: usage.costUsd,
        modelCalls: usage.calls,
        error: null,
      };
    } else {
      outcome = {
        status: "failed",
        summary: null,
        reportVersion: null,
        costUsd: usage.costUsd,
        modelCalls: usage.calls,
        error: end?.data.message ?? "the re-run did not finish",
      };
    }
  }
  await finishCheck(checkId, { ...outcome, finishedAt: now, watch: schedule });
  return { notify: outcome.status === "changed" };
}

/**
 * How a claim check's re-check ended: changed with its summary when the new run completed, else failed with its error.
 */
async function claimOutcome(runId: string, probe: Probe): Promise<Omit<CheckOutcome, "watch" | "finishedAt">> {
  const [run, events, evidence, previousEvidence] = await Promise.all([
    getRun(runId),
    listRunEvents(runId),
    getRunEvidence(runId),
    getRunEvidence(probe.before.runId ?? runId),
  ]);
  const usage = summarizeUsage(events);
  if (run?.status !== "completed")
    return {
      status: "failed",
      summary: null,
      reportVersion: null,
      costUsd: usage.costUsd,
      modelCalls: usage.calls,
      error: run?.error ?? "the claim check did not finish",
    };
  const toVersion = probe.before.version + 1;
  const summary = claimChangeSummary({
    runId,
    toVersion,
    probe,
    previousEvidence,
    evidence,
    claims: claimVerdicts(events),
    cited: claimCitations(events),
  });
  return {
    status: "changed",
    summary,
    reportVersion: toVersion,
    costUsd: usage.costUsd,
    modelCalls: usage.calls,
    error: null,
  };
}

/** Tells the watch's owner about a changed check: notification, then webhook (notifyOwner). */
export async function notifyStep(checkId: string): Promise<void> {
  "use step";
  await notifyOwner(checkId);
}
