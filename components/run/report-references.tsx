"use client";

import { useId, useState } from "react";
import { ReportMarkdown } from "./report-document";
import { useReportAddress } from "./report-address";
import type { Reference } from "@/lib/domain/report";
import { formatReference } from "@/lib/report/render/markdown";
import type { ReportRecord } from "@/lib/report/appraise/records";

const STYLES = [
  { value: "vancouver", label: "Vancouver" },
  { value: "apa", label: "APA" },
] as const;
type Style = (typeof STYLES)[number]["value"];

/** What one "Copy citation" did: the text copied (or to copy by hand when the clipboard refused), or why it failed. */
type Copied = { n: number; text: string; onClipboard: boolean } | { n: number; error: string };

/**
 * A report's reference list, numbered as its markers, each with its identifier links; with a report address
 * (ReportAddress), a citation style (Vancouver or APA) to choose and "Copy citation" on each reference, which asks the
 * server for the record cited in that style (GET <address>/citation) and puts it on the clipboard, and shows it.
 */
export function ReportReferences({ references, records }: { references: Reference[]; records: ReportRecord[] }) {
  const address = useReportAddress();
  const [style, setStyle] = useState<Style>("vancouver");
  const [copied, setCopied] = useState<Copied | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const id = useId();
  const copy = async (r: Reference) => {
    setBusy(r.n);
    try {
      const query = new URLSearchParams({ record: r.evidenceId, style });
      const response = await fetch(`${address}/citation?${query}`);
      if (!response.ok) throw new Error(await response.text());
      const text = await response.text();
      const onClipboard = await navigator.clipboard?.writeText(text).then(
        () => true,
        () => false,
      );
      setCopied({ n: r.n, text, onClipboard: onClipboard ?? false });
    } catch (error) {
      setCopied({
        n: r.n,
        error: error instanceof Error && error.message ? error.message : "The server did not answer.",
      });
    } finally {
      setBusy(null);
    }
  };
  const styleLabel = STYLES.find((s) => s.value === style)!.label;
  return (
    <>
      {address && (
        <p className="no-print flex flex-wrap items-center gap-2 text-sm">
          <label htmlFor={`${id}-style`}>Citation style</label>
          <select
            id={`${id}-style`}
            value={style}
            onChange={(e) => {
              setStyle(e.target.value as Style);
              setCopied(null);
            }}
            className="rounded-md border border-border bg-background px-2 py-1"
            data-testid="citation-style"
          >
            {STYLES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </p>
      )}
      <ol data-testid="reference-list">
        {references.map((r) => (
          <li key={r.n} value={r.n} data-testid="reference">
            <span className="prose-compact inline-block">
              <ReportMarkdown markdown={formatReference(r)} references={references} records={records} />
            </span>
            {address && (
              // At least 24 px tall (WCAG 2.2's minimum target size, 2.5.8): it is tapped on a phone.
              <button
                type="button"
                className={
                  "no-print ml-1 inline-block rounded py-0.5 text-sm text-accent underline underline-offset-2 " +
                  "focus-visible:outline-2 focus-visible:outline-accent"
                }
                disabled={busy === r.n}
                onClick={() => void copy(r)}
                data-testid="copy-citation"
              >
                {busy === r.n ? "Copying…" : copied?.n === r.n && "text" in copied ? "Copied" : "Copy citation"}
                {/* The name a screen reader hears starts with the visible words, then says which reference. */}
                <span className="sr-only">{` ${r.n} (${styleLabel})`}</span>
              </button>
            )}
            {copied?.n === r.n && (
              // A DOI address is one long word: it breaks anywhere rather than push a phone's page sideways.
              <span role="status" className="no-print mt-1 block text-sm wrap-anywhere text-muted-foreground">
                {"text" in copied ? (
                  <>
                    {copied.onClipboard ? `Copied (${styleLabel}): ` : `${styleLabel} (copy it from here): `}
                    <span className="select-all text-foreground" data-testid="copied-citation">
                      {copied.text}
                    </span>
                  </>
                ) : (
                  <span className="text-danger">Could not make the citation: {copied.error}</span>
                )}
              </span>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}
