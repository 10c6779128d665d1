import Link from "next/link";
import { SidebarDrawer } from "./sidebar-drawer";
import { presentations } from "@/components/modes";

/** One conversation of the sidebar: a run, its question, its status and how many follow-up messages it has. */
export interface SidebarConversation {
  id: string;
  question: string;
  status: string;
  mode: string;
  createdAt: Date;
  messages: number;
}

/**
 * The history sidebar of the run page: the user's conversations, newest first, the current one marked,
 * with a link to /reports for search and filters.
 */
export function ConversationSidebar({
  conversations,
  currentId,
}: {
  conversations: SidebarConversation[];
  currentId: string;
}) {
  return (
    <SidebarDrawer>
      <div className="space-y-2 text-sm">
        <div className="flex items-center justify-between">
          <h2 className="font-semibold">Your conversations</h2>
          <Link href="/reports" className="text-accent underline underline-offset-2">
            Search all
          </Link>
        </div>
        {conversations.length === 0 ? (
          <p className="text-muted-foreground">Runs you start in this browser appear here.</p>
        ) : (
          <ol className="space-y-1">
            {conversations.map((c) => (
              <li key={c.id}>
                <Link
                  href={`/reports/${c.id}`}
                  aria-current={c.id === currentId ? "page" : undefined}
                  className={
                    `block rounded-md px-2 py-1.5 hover:bg-muted ` +
                    `${c.id === currentId ? "bg-muted font-medium" : ""}`
                  }
                  data-testid="sidebar-conversation"
                  // Not prefetched: a run page lists up to 30 conversations, and prefetching each as the page opens
                  // loads
                  // the server just as a run starts (measured on the entry branch); a click still opens it at once.
                  prefetch={false}
                >
                  <span className="line-clamp-2">{c.question}</span>
                  <span className="block text-xs text-muted-foreground">
                    {presentations.badge(c.mode) ? `${presentations.badge(c.mode)} · ` : ""}
                    {c.status}
                    {c.messages > 0 ? ` · ${c.messages} messages` : ""} · {c.createdAt.toISOString().slice(0, 10)}
                  </span>
                </Link>
              </li>
            ))}
          </ol>
        )}
      </div>
    </SidebarDrawer>
  );
}
