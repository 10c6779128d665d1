import Link from "next/link";
import { connection } from "next/server";
import { NotificationList } from "@/components/watch/notification-list";
import { listNotifications } from "@/lib/db/watch-notices";
import { watchOwners } from "@/lib/watches/service";
import { getCaller } from "@/app/_server/caller";

export const metadata = { title: "Notifications" };

/** The caller's notifications: each new report version of a watched question, with its change headline. */
export default async function NotificationsPage() {
  await connection();
  const items = (await listNotifications(watchOwners(await getCaller()))).map((n) => ({
    id: n.id,
    title: n.title,
    body: n.body,
    url: n.url,
    createdAt: n.createdAt.toISOString(),
    read: n.readAt !== null,
  }));
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">Notifications</h1>
      <p className="max-w-3xl text-muted-foreground">
        A watched question tells you here when the evidence changed and a new report version was written. Quiet checks
        (nothing new) are not notified. You can also follow each watch&apos;s Atom feed or set a{" "}
        <Link href="/settings/webhook" className="text-accent underline">
          webhook
        </Link>
        .
      </p>
      {items.length === 0 ? (
        <p data-testid="notifications-empty">No notifications yet.</p>
      ) : (
        <NotificationList items={items} />
      )}
    </div>
  );
}
