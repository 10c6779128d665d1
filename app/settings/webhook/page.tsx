import { connection } from "next/server";
import { ownerIdFor } from "@/lib/auth/rules";
import { getWebhook, listDeliveries } from "@/lib/db/watch-notices";
import { WebhookForm } from "@/components/watch/webhook-form";
import { toWebhookView } from "@/lib/watches/view";
import { getCaller } from "@/app/_server/caller";

export const metadata = { title: "Webhook" };

/**
 * The caller's optional webhook: each new report version of their watched questions is POSTed there as JSON, signed
 * with HMAC-SHA256 under the secret shown here, and retried with backoff; the latest deliveries show failures.
 */
export default async function WebhookPage() {
  await connection();
  const ownerId = ownerIdFor(await getCaller());
  const [webhook, deliveries] = ownerId
    ? await Promise.all([getWebhook(ownerId), listDeliveries(ownerId)])
    : [null, []];
  const initial = toWebhookView(webhook, deliveries);
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">Webhook</h1>
      <p className="max-w-3xl text-muted-foreground">
        When a watched question gets a new report version, Critica POSTs its change summary as JSON to this URL. Each
        call carries
        <code> x-critica-timestamp</code> and <code>x-critica-signature: sha256=</code>HMAC-SHA256 of{" "}
        <code>timestamp.body</code> under the secret below; verify it before trusting the call. A failed call is retried
        4 times with backoff (2, 4, 8, 16 s).
      </p>
      <WebhookForm initial={initial} />
    </div>
  );
}
