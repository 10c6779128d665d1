"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { Button } from "@/components/ui/button";

/** One notification as the page lists it. */
export interface NotificationItem {
  id: string;
  title: string;
  body: string;
  url: string;
  createdAt: string;
  read: boolean;
}

async function markRead(ids?: string[]): Promise<void> {
  await fetch("/api/notifications", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ids ? { ids } : {}),
  });
}

/**
 * The notifications of new report versions, newest first: unread ones marked; opening one marks it read and goes to
 * the version (which opens with its change summary); "Mark all as read" clears the header's count.
 */
export function NotificationList({ items }: { items: NotificationItem[] }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const unread = items.filter((n) => !n.read).length;
  return (
    <div className="space-y-3">
      {unread > 0 && (
        <Button
          variant="secondary"
          disabled={pending}
          onClick={() => start(async () => (await markRead(), router.refresh()))}
        >
          Mark all as read
        </Button>
      )}
      <ul className="space-y-2" data-testid="notifications">
        {items.map((n) => (
          <li
            key={n.id}
            className={`rounded-md border border-border p-3 ${n.read ? "bg-card" : "bg-accent-soft"}`}
            data-testid="notification"
          >
            <Link
              href={n.url}
              className="block font-medium hover:underline"
              onClick={(e) => {
                if (n.read) return;
                e.preventDefault();
                start(async () => {
                  await markRead([n.id]);
                  // A full load, so the header's count (rendered by the layout, which client navigation keeps) is
                  // fresh.
                  window.location.assign(n.url);
                });
              }}
            >
              {!n.read && <span className="sr-only">Unread: </span>}
              {n.title}
            </Link>
            <p className="break-words text-sm" data-testid="notification-body">
              {n.body}
            </p>
            <p className="text-xs text-muted-foreground">{n.createdAt.slice(0, 16).replace("T", " ")} UTC</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
