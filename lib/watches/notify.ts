import crypto from "node:crypto";
import { getConfig } from "@/lib/config";
import { getRun } from "@/lib/db/runs";
import { getCheck, getWatch, type CheckRecord, type WatchRecord } from "@/lib/db/watches";
import { getWebhook, openDelivery, recordDeliveryAttempt, saveNotification } from "@/lib/db/watch-notices";
import type { ChangeSummary } from "@/lib/domain/watch";
import { deliverWebhook, DELIVERY_RETRIES } from "./webhook";

/** The page of a run's report version: it opens with the version's change summary. */
export function versionPath(runId: string, version: number): string {
  return `/reports/${runId}/versions/${version}`;
}

/** The question of a notification's title, cut at 80 characters. */
function short(question: string): string {
  return question.length > 80 ? `${question.slice(0, 79)}…` : question;
}

/**
 * The JSON a changed check POSTs to its owner's webhook: the event type, the delivery id, the watch (id, run,
 * question, cadence), the check (id, due and end times, the report version) and its change summary, and the
 * version's path (and URL when BETTER_AUTH_URL, the app's public origin, is set).
 */
export function webhookPayload(
  deliveryId: string,
  watch: WatchRecord,
  question: string,
  check: CheckRecord & { summary: ChangeSummary; reportVersion: number },
) {
  const path = versionPath(watch.runId, check.reportVersion);
  const origin = getConfig().BETTER_AUTH_URL?.replace(/\/+$/, "");
  return {
    type: "watch.check.changed" as const,
    deliveryId,
    watch: { id: watch.id, runId: watch.runId, question, cadence: watch.cadence },
    check: {
      id: check.id,
      dueAt: check.dueAt.toISOString(),
      finishedAt: check.finishedAt?.toISOString() ?? null,
      reportVersion: check.reportVersion,
    },
    summary: check.summary,
    path,
    url: origin ? `${origin}${path}` : null,
  };
}

/**
 * Tells the owner of a watch about a changed check: the in-app notification (once per check), then the owner's
 * webhook, if any (one delivery per check, retried with backoff; a delivery already delivered is not sent again).
 * Checks that changed nothing tell nobody. `retry` overrides the webhook's retry timing (tests).
 */
export async function notifyOwner(checkId: string, retry?: Partial<typeof DELIVERY_RETRIES>): Promise<void> {
  const check = await getCheck(checkId);
  if (!check || check.status !== "changed" || !check.summary || check.reportVersion === null) return;
  const watch = await getWatch(check.watchId);
  const run = watch ? await getRun(watch.runId) : null;
  if (!watch || !run) return;
  await saveNotification({
    id: crypto.randomUUID(),
    ownerId: watch.ownerId,
    runId: watch.runId,
    checkId: check.id,
    title: `New evidence: ${short(run.question)}`,
    body: check.summary.headline,
    url: versionPath(watch.runId, check.reportVersion),
  });
  const webhook = watch.ownerId ? await getWebhook(watch.ownerId) : null;
  if (!webhook) return;
  const delivery = await openDelivery({
    id: crypto.randomUUID(),
    ownerId: webhook.ownerId,
    checkId: check.id,
    url: webhook.url,
  });
  if (delivery.status !== "pending") return;
  const payload = webhookPayload(delivery.id, watch, run.question, {
    ...check,
    summary: check.summary,
    reportVersion: check.reportVersion,
  });
  const record = (
    r: { delivered: boolean; attempts: number; lastStatus: number | null; error: string | null },
    final: boolean,
  ) =>
    recordDeliveryAttempt(delivery.id, {
      attempts: r.attempts,
      lastStatus: r.lastStatus,
      error: r.error,
      status: r.delivered ? "delivered" : final ? "failed" : "pending",
      ...(r.delivered ? { deliveredAt: new Date() } : {}),
    });
  const result = await deliverWebhook({
    url: delivery.url,
    secret: webhook.secret,
    deliveryId: delivery.id,
    payload,
    retry,
    onAttempt: (r) => record(r, false),
  });
  await record(result, true);
}
