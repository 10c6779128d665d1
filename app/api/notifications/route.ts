import { connection } from "next/server";
import { countUnread, listNotifications, markNotificationsRead } from "@/lib/db/watch-notices";
import { watchOwners } from "@/lib/watches/service";
import { getCaller } from "@/app/_server/caller";
import { json, readJson, validate } from "@/app/api/_contract/respond";
import { markReadRequestSchema } from "@/app/api/_contract/watch-schemas";

/**
 * GET /api/notifications → `{ unread, notifications }`: the caller's latest 50 notifications of changed watch checks.
 */
export async function GET() {
  await connection();
  const owners = watchOwners(await getCaller());
  const [unread, notifications] = await Promise.all([countUnread(owners), listNotifications(owners)]);
  return json({
    unread,
    notifications: notifications.map((n) => ({
      id: n.id,
      runId: n.runId,
      title: n.title,
      body: n.body,
      url: n.url,
      createdAt: n.createdAt.toISOString(),
      read: n.readAt !== null,
    })),
  });
}

/**
 * POST /api/notifications `{ ids? }` → `{ unread }`: marks the given notifications read (all when `ids` is absent).
 */
export async function POST(request: Request) {
  const body = await readJson(request);
  if ("response" in body) return body.response;
  const input = validate(markReadRequestSchema, body.data);
  if ("response" in input) return input.response;
  const owners = watchOwners(await getCaller());
  await markNotificationsRead(owners, input.data.ids);
  return json({ unread: await countUnread(owners) });
}
