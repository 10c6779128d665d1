import { SOURCE_LABELS, type SourceId } from "@/lib/domain/evidence";
import type { Cadence, CheckStatus, WatchStatus } from "@/lib/domain/watch";
import type { CheckRecord, WatchRecord } from "@/lib/db/watches";
import type { DeliveryRecord, WebhookRecord } from "@/lib/db/watch-notices";
import { formatCostUsd } from "@/lib/ai/usage";
import { versionPath } from "./notify";
import { backoffFactor, CADENCE_LABELS } from "./schedule";

/** One check as the API and the page show it. */
export interface CheckView {
  id: string;
  dueAt: string;
  startedAt: string;
  finishedAt: string | null;
  status: CheckStatus;
  /** The change summary's headline of a changed check; what happened otherwise ("Nothing new", the failure). */
  headline: string;
  /** Its model cost, e.g. "3 model calls · est. $0.0012"; null without model calls. */
  cost: string | null;
  reportVersion: number | null;
  versionPath: string | null;
  costUsd: number | null;
  modelCalls: number;
}

/** A watch as the API and the page show it (times ISO, watch clock). */
export interface WatchView {
  id: string;
  runId: string;
  question: string;
  cadence: Cadence;
  sources: SourceId[];
  status: WatchStatus;
  nextDueAt: string;
  lastCheckedAt: string | null;
  /** The Atom feed's path (its token is the only credential: share it like a password). */
  feedPath: string;
  /** Consecutive checks in which no watched source answered, and what the watch does about it (null when none). */
  failures: number;
  backoff: string | null;
  /** Each watched source's state: failures in a row, its last error, and from when its next check searches. */
  sourceHealth: Array<{
    source: SourceId;
    failures: number;
    lastError: string | null;
    since: string;
    warning: string | null;
  }>;
  /** Model calls and estimated cost of all its checks (cost null when any check's cost is unknown). */
  modelCalls: number;
  costUsd: number | null;
  cost: string;
  checks: CheckView[];
}

function day(iso: string): string {
  return iso.slice(0, 10);
}

/** A check's line: its change headline, "Nothing new", or why it failed. */
function headlineOf(check: CheckRecord): string {
  if (check.status === "running") return "Checking…";
  if (check.status === "quiet") return "Nothing new";
  if (check.status === "changed") return check.summary?.headline ?? "New report version";
  return `Check failed: ${check.error ?? "no details"}`;
}

/** The cost line of a watch: "3 model calls · est. $0.0123 over 4 checks", or "No model calls (extractive)". */
function costLine(calls: number, costUsd: number | null, checks: number): string {
  const over = `over ${checks} ${checks === 1 ? "check" : "checks"}`;
  if (calls === 0) return `No model calls ${over}`;
  const cost = formatCostUsd(costUsd);
  return `${calls} model ${calls === 1 ? "call" : "calls"} · ${cost ? `est. ${cost}` : "cost not estimated"} ${over}`;
}

/** The view of a watch with its checks (newest first). */
export function toWatchView(watch: WatchRecord, question: string, checks: CheckRecord[]): WatchView {
  const finished = checks.filter((c) => c.status !== "running");
  const modelCalls = checks.reduce((n, c) => n + c.modelCalls, 0);
  const costUsd = checks.some((c) => c.modelCalls > 0 && c.costUsd === null)
    ? null
    : checks.reduce((n, c) => n + (c.costUsd ?? 0), 0);
  const watched = watch.sourceState.filter((s) => watch.sources.includes(s.source));
  const failing = watched.filter((s) => s.failures > 0);
  const factor = backoffFactor(watch.failures);
  return {
    id: watch.id,
    runId: watch.runId,
    question,
    cadence: watch.cadence,
    sources: watch.sources,
    status: watch.status,
    nextDueAt: watch.nextDueAt.toISOString(),
    lastCheckedAt: watch.lastCheckedAt?.toISOString() ?? null,
    feedPath: `/api/feeds/${watch.feedToken}`,
    failures: watch.failures,
    backoff:
      watch.failures > 0
        ? `Backing off: no watched source answered the last ` +
          `${watch.failures === 1 ? "check" : `${watch.failures} checks`} ` +
          `(${failing.map((s) => s.lastError).join("; ")}). ` +
          `The next check waits ${factor}× the usual interval (${CADENCE_LABELS[watch.cadence]}), on ` +
          `${day(watch.nextDueAt.toISOString())}.`
        : null,
    sourceHealth: watched.map((s) => ({
      source: s.source,
      failures: s.failures,
      lastError: s.lastError,
      since: s.since,
      warning:
        s.failures > 0
          ? `${SOURCE_LABELS[s.source]} failed the last ${s.failures === 1 ? "check" : `${s.failures} checks`} ` +
            `(${s.lastError}); its records since ${day(s.since)} are searched when it answers again.`
          : null,
    })),
    modelCalls,
    costUsd: modelCalls === 0 ? null : costUsd,
    cost: costLine(modelCalls, costUsd, finished.length),
    checks: checks.map((c) => ({
      id: c.id,
      dueAt: c.dueAt.toISOString(),
      startedAt: c.startedAt.toISOString(),
      finishedAt: c.finishedAt?.toISOString() ?? null,
      status: c.status,
      headline: headlineOf(c),
      cost: c.modelCalls
        ? `${c.modelCalls} model ${c.modelCalls === 1 ? "call" : "calls"} · ` +
          `${c.costUsd === null ? "cost not estimated" : `est. ${formatCostUsd(c.costUsd)}`}`
        : null,
      reportVersion: c.reportVersion,
      versionPath: c.reportVersion !== null ? versionPath(watch.runId, c.reportVersion) : null,
      costUsd: c.costUsd,
      modelCalls: c.modelCalls,
    })),
  };
}

/** A user's webhook as the API and the settings page show it: URL and secret (nulls when none), latest deliveries. */
export function toWebhookView(webhook: WebhookRecord | null, deliveries: DeliveryRecord[]) {
  return {
    url: webhook?.url ?? null,
    secret: webhook?.secret ?? null,
    deliveries: deliveries.map((d) => ({
      id: d.id,
      checkId: d.checkId,
      url: d.url,
      status: d.status,
      attempts: d.attempts,
      lastStatus: d.lastStatus,
      error: d.error,
      createdAt: d.createdAt.toISOString(),
    })),
  };
}
