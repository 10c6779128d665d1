"use client";

import { useReportAddress } from "./report-address";
import type { PassageCitation } from "@/lib/domain/fulltext";
import { passageAnchor } from "@/lib/evidence/passages";

/** "1. Case", "3. Results, page 4", "page 2": where a cited passage stands. */
function place(p: PassageCitation): string {
  if (p.section) return p.page !== null ? `${p.section}, page ${p.page}` : p.section;
  return p.page !== null ? `page ${p.page}` : "body";
}

/**
 * The full-text passages a citation card's sentence cites of one record: where each stands (section or page), its
 * quoted sentence marked, and, on a run's own page, a link that opens the record's full text at that passage
 * (`/reports/<id>/full-text/<record>#<anchor>`; a shared copy has no full-text page, so no link).
 */
export function CitationPassages({ passages, focusable }: { passages: PassageCitation[]; focusable: boolean }) {
  const address = useReportAddress();
  if (passages.length === 0) return null;
  const base = address?.startsWith("/reports/") ? address : null;
  return (
    <span className="mt-1 block space-y-1" data-testid="citation-passages">
      {passages.map((p) => (
        <span key={`${p.passageId}|${p.sentence}`} className="block rounded border border-border p-2 text-xs">
          <span className="block font-medium text-muted-foreground" data-testid="citation-passage-place">
            Full text, {place(p)}
          </span>
          <mark className="rounded-sm bg-warning-soft px-0.5 text-foreground" data-testid="citation-passage-sentence">
            {p.sentence}
          </mark>
          {base && (
            <a
              href={`${base}/full-text/${encodeURIComponent(p.evidenceId)}#${passageAnchor(p.passageId)}`}
              tabIndex={focusable ? undefined : -1}
              className="mt-1 block text-accent underline underline-offset-2"
              data-testid="citation-passage-open"
            >
              Open the full text at this passage
            </a>
          )}
        </span>
      ))}
    </span>
  );
}
