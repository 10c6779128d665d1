import Link from "next/link";
import { countUnread } from "@/lib/db/watch-notices";
import { watchOwners } from "@/lib/watches/service";
import { getCaller } from "@/app/_server/caller";

/**
 * The header's link to the notifications of watched questions, with the number of unread ones (new report versions
 * the caller has not opened). Nothing for a guest.
 */
export async function NotificationBell() {
  const owners = watchOwners(await getCaller());
  if (owners.length === 0) return null;
  const unread = await countUnread(owners).catch(() => 0);
  return (
    <Link
      href="/notifications"
      className="relative inline-flex items-center gap-1 hover:underline"
      data-testid="notification-bell"
      aria-label={unread ? `Notifications, ${unread} unread` : "Notifications"}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
        <path d="M13.73 21a2 2 0 0 1-3.46 0" />
      </svg>
      {unread > 0 && (
        <span
          className="rounded-full bg-accent px-1.5 text-xs font-semibold text-accent-foreground"
          data-testid="unread-count"
        >
          {unread}
        </span>
      )}
    </Link>
  );
}
