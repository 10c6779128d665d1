import "server-only";
import type { Prisma } from "@/lib/generated/sqlite/client";
import { getDb } from "./client";

/** An in-app notification (see the Notification model). */
export interface NotificationRecord {
  id: string;
  ownerId: string | null;
  runId: string;
  checkId: string;
  title: string;
  body: string;
  url: string;
  createdAt: Date;
  readAt: Date | null;
}

/** A user's webhook (see the WebhookEndpoint model). */
export interface WebhookRecord {
  ownerId: string;
  url: string;
  secret: string;
}

/** One webhook delivery (see the WebhookDelivery model). */
export interface DeliveryRecord {
  id: string;
  ownerId: string;
  checkId: string;
  url: string;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  lastStatus: number | null;
  error: string | null;
  createdAt: Date;
  deliveredAt: Date | null;
}

function ownerWhere(ownerIds: Array<string | null>): Prisma.NotificationWhereInput {
  const ids = ownerIds.filter((o): o is string => o !== null);
  return { OR: [{ ownerId: { in: ids } }, ...(ownerIds.includes(null) ? [{ ownerId: null }] : [])] };
}

/** Saves the notification of a check (idempotent: one per check). */
export async function saveNotification(input: Omit<NotificationRecord, "createdAt" | "readAt">): Promise<void> {
  await getDb().notification.upsert({ where: { checkId: input.checkId }, create: input, update: {} });
}

/** The notifications of these owners (null: runs nobody owns), newest first, at most `limit`. */
export async function listNotifications(ownerIds: Array<string | null>, limit = 50): Promise<NotificationRecord[]> {
  return getDb().notification.findMany({
    where: ownerWhere(ownerIds),
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
  });
}

/** How many of these owners' notifications are unread. */
export function countUnread(ownerIds: Array<string | null>): Promise<number> {
  return getDb().notification.count({ where: { ...ownerWhere(ownerIds), readAt: null } });
}

/**
 * Marks these owners' notifications read: those in `ids`, or all when `ids` is undefined. @returns how many changed.
 */
export async function markNotificationsRead(
  ownerIds: Array<string | null>,
  ids: string[] | undefined,
  now = new Date(),
): Promise<number> {
  const { count } = await getDb().notification.updateMany({
    where: { ...ownerWhere(ownerIds), readAt: null, ...(ids ? { id: { in: ids } } : {}) },
    data: { readAt: now },
  });
  return count;
}

/** The webhook of an owner, or null. */
export async function getWebhook(ownerId: string): Promise<WebhookRecord | null> {
  return getDb().webhookEndpoint.findUnique({ where: { ownerId }, select: { ownerId: true, url: true, secret: true } });
}

/** Sets an owner's webhook URL and signing secret (replacing any). */
export async function saveWebhook(input: WebhookRecord): Promise<void> {
  await getDb().webhookEndpoint.upsert({
    where: { ownerId: input.ownerId },
    create: input,
    update: { url: input.url, secret: input.secret },
  });
}

/** Removes an owner's webhook. @returns whether there was one. */
export async function deleteWebhook(ownerId: string): Promise<boolean> {
  const { count } = await getDb().webhookEndpoint.deleteMany({ where: { ownerId } });
  return count === 1;
}

/** The delivery of a check to an owner's webhook, created pending on first call (idempotent). */
export async function openDelivery(input: {
  id: string;
  ownerId: string;
  checkId: string;
  url: string;
}): Promise<DeliveryRecord> {
  return (await getDb().webhookDelivery.upsert({
    where: { checkId_ownerId: { checkId: input.checkId, ownerId: input.ownerId } },
    create: input,
    update: {},
  })) as DeliveryRecord;
}

/** Records one attempt of a delivery and, when it ended, how (delivered or failed after its retries). */
export async function recordDeliveryAttempt(
  id: string,
  attempt: {
    attempts: number;
    lastStatus: number | null;
    error: string | null;
    status: DeliveryRecord["status"];
    deliveredAt?: Date;
  },
): Promise<void> {
  await getDb().webhookDelivery.update({ where: { id }, data: attempt });
}

/** An owner's latest webhook deliveries, newest first. */
export async function listDeliveries(ownerId: string, limit = 20): Promise<DeliveryRecord[]> {
  return (await getDb().webhookDelivery.findMany({
    where: { ownerId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
  })) as DeliveryRecord[];
}
