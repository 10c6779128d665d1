"use client";

import { useEffect, useId, useRef, useState, type ReactNode } from "react";

/**
 * The conversation sidebar's frame: always shown beside the thread on wide screens; on phones (below the md
 * breakpoint) a panel behind a "Conversations" button that opens over the page, so the report does not move down,
 * and closes with Escape (focus back on the button), a click outside it, or the button again.
 */
export function SidebarDrawer({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const frame = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      toggle.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (!frame.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);
  return (
    <div ref={frame} className="no-print relative md:sticky md:top-4 md:self-start">
      <button
        ref={toggle}
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
        className={
          `${open ? "block" : "hidden"} absolute left-0 top-full z-30 max-h-[70vh] w-[min(22rem,calc(100vw-2rem))] ` +
          `overflow-y-auto rounded-md border border-border bg-card p-3 shadow-lg ` +
          `md:static md:block md:max-h-none md:w-auto md:overflow-visible md:border-0 md:bg-transparent md:p-0 ` +
          `md:shadow-none`
        }
        data-testid="conversation-sidebar"
      >
        {children}
      </nav>
    </div>
  );
}
