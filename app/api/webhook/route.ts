import { connection } from "next/server";
import { ownerIdFor } from "@/lib/auth/rules";
import { deleteWebhook, getWebhook, listDeliveries, saveWebhook } from "@/lib/db/watch-notices";
import { checkOutboundUrl, OutboundRefused } from "@/lib/net/outbound";
import { newWebhookSecret } from "@/lib/watches/webhook";
import { toWebhookView } from "@/lib/watches/view";
import { getCaller, getStartingCaller } from "@/app/_server/caller";
import { apiError, json, readJson, validate } from "@/app/api/_contract/respond";
import { webhookRequestSchema } from "@/app/api/_contract/watch-schemas";

async function owner(starting = false): Promise<string | null> {
  return ownerIdFor(starting ? await getStartingCaller() : await getCaller());
}

async function view(ownerId: string) {
  const [webhook, deliveries] = await Promise.all([getWebhook(ownerId), listDeliveries(ownerId)]);
  return toWebhookView(webhook, deliveries);
}

/**
 * GET /api/webhook → `{ url, secret, deliveries }`: the caller's webhook (nulls when none) and its latest 20
 * deliveries.
 */
export async function GET() {
  await connection();
  const ownerId = await owner();
  if (!ownerId) return json({ url: null, secret: null, deliveries: [] });
  return json(await view(ownerId));
}

/**
 * PUT /api/webhook `{ url }` → the webhook with a new signing secret: changed checks of the caller's watches are
 * POSTed to `url` as JSON signed with HMAC-SHA256 (docs/watches.md). 400 not an http(s) URL, a host that cannot be
 * found, or an address on the server's own network (lib/net/outbound.ts; checked again at every delivery), 401 not
 * signed in.
 */
export async function PUT(request: Request) {
  const ownerId = await owner(true);
  if (!ownerId) return apiError(401, "Sign in to set a webhook.");
  const body = await readJson(request);
  if ("response" in body) return body.response;
  const input = validate(webhookRequestSchema, body.data);
  if ("response" in input) return input.response;
  try {
    await checkOutboundUrl(input.data.url);
  } catch (error) {
    if (error instanceof OutboundRefused) return apiError(400, error.message);
    throw error;
  }
  await saveWebhook({ ownerId, url: input.data.url, secret: newWebhookSecret() });
  return json(await view(ownerId));
}

/** DELETE /api/webhook → 204: no more webhook calls. */
export async function DELETE() {
  const ownerId = await owner();
  if (ownerId) await deleteWebhook(ownerId);
  return new Response(null, { status: 204 });
}
