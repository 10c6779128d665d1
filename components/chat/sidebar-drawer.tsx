"use client";

import { useId, useState, type ReactNode } from "react";

/**
 * The conversation sidebar's frame: always shown beside the thread on wide screens, a collapsible drawer behind a
 * "Conversations" button on phones (below the md breakpoint).
 */
export function SidebarDrawer({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="no-print md:sticky md:top-4 md:self-start">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className="mb-2 rounded-md border border-border bg-card px-3 py-1.5 text-sm font-medium md:hidden"
        data-testid="sidebar-toggle"
      >
        {open ? "Hide conversations" : "Conversations"}
      </button>
      <nav
        id={id}
        aria-label="Conversations"
        className={`${open ? "block" : "hidden"} md:block`}
        data-testid="conversation-sidebar"
      >
        {children}
      </nav>
    </div>
  );
}
