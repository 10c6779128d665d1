"use client";

import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { useOnScreenFloating } from "@/components/ui/floating";
import type { ExportFormat } from "@/lib/domain/export";

const FILES: ReadonlyArray<{ format: ExportFormat; label: string }> = [
  { format: "markdown", label: "Markdown" },
  { format: "bibtex", label: "BibTeX" },
  { format: "ris", label: "RIS" },
  { format: "csl-json", label: "CSL-JSON" },
  { format: "json", label: "JSON" },
  { format: "prisma", label: "PRISMA (SVG)" },
];

const itemClass =
  "block w-full rounded px-3 py-1.5 text-left text-sm text-foreground hover:bg-muted focus:bg-muted " +
  "focus:outline-none focus-visible:outline-2 focus-visible:outline-accent";

/**
 * "Export" opens a menu of the run's downloads, `formats` in this order (Markdown, BibTeX, RIS, CSL-JSON, JSON and the
 * PRISMA 2020 diagram as SVG, from `<baseHref>/<format>`: what the run's mode offers, lib/export/report.ts
 * exportChoices; JSON only for a run without its results), and, when `printable`, "Print / PDF" (the browser's print
 * dialog with the print stylesheet). Keyboard: Enter, Space or ↓ opens it on the first item; ↑/↓, Home and End
 * move; Escape closes it and returns focus to the button; Tab closes it.
 */
export function ExportMenu({
  baseHref,
  formats,
  printable,
}: {
  baseHref: string;
  formats: readonly ExportFormat[];
  printable: boolean;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = () => [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  // Right-aligned under the button; flipped, shifted and made to scroll by Floating UI so it stays on screen.
  const { setAnchor, setCard, floatingStyles } = useOnScreenFloating(open, "bottom-end");

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  const onMenuKey = (e: KeyboardEvent) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move = (i: number) => {
      e.preventDefault();
      all[(i + all.length) % all.length]?.focus();
    };
    if (e.key === "ArrowDown") move(at + 1);
    else if (e.key === "ArrowUp") move(at - 1);
    else if (e.key === "Home") move(0);
    else if (e.key === "End") move(all.length - 1);
    else if (e.key === "Escape") {
      e.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (e.key === "Tab") setOpen(false);
  };

  const files = FILES.filter((f) => formats.includes(f.format));
  return (
    <div ref={root} className="no-print relative" data-testid="export-menu">
      <Button
        ref={(el) => {
          button.current = el;
          setAnchor(el);
        }}
        variant="secondary"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown") {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        Export <span aria-hidden>▾</span>
      </Button>
      {open && (
        <div
          id={`${id}-menu`}
          role="menu"
          aria-label="Export report"
          ref={setCard}
          style={floatingStyles}
          className="z-30 w-44 overflow-y-auto rounded-md border border-border bg-card p-1 shadow-lg"
          onKeyDown={onMenuKey}
        >
          {files.map((f) => (
            <a
              key={f.format}
              role="menuitem"
              tabIndex={-1}
              href={`${baseHref}/${f.format}`}
              download
              className={itemClass}
              onClick={() => setOpen(false)}
            >
              {f.label}
            </a>
          ))}
          {printable && (
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={itemClass}
              onClick={() => {
                setOpen(false);
                // The report's collapsed sections are printed open.
                for (const d of document.querySelectorAll<HTMLDetailsElement>("details.report-section")) d.open = true;
                // Let the menu close before the print dialog snapshots the page.
                requestAnimationFrame(() => window.print());
              }}
            >
              Print / PDF
            </button>
          )}
        </div>
      )}
    </div>
  );
}
