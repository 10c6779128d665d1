"use client";

import { Fragment, useId, useRef, useState, type KeyboardEvent } from "react";
import { AskPaperButton } from "@/components/chat/ask-paper";
import { AbstractText } from "./abstract-text";
import { CitationPassages } from "./citation-passage";
import { Badge } from "@/components/ui/badge";
import { useOnScreenFloating } from "@/components/ui/floating";
import { SourceBadge } from "./source-badge";
import type { PassageCitation } from "@/lib/domain/fulltext";
import type { Reference, SentenceSupport } from "@/lib/domain/report";
import type { MarkerToken } from "@/lib/grounding/markers";
import { restingSentences } from "@/lib/report/appraise/support";
import { formatAuthors } from "@/lib/report/render/markdown";
import { citedPassages } from "@/lib/report/render/passage-citations";
import type { ReportRecord } from "@/lib/report/appraise/records";

/** Most references one card lists (a range marker such as "[2–40]" lists its first ones). */
const MAX_CARD_REFERENCES = 5;
/** Delay before a hover card closes after the pointer leaves, so it can move from the marker into the card (ms). */
const CLOSE_DELAY_MS = 150;

/**
 * PMID, DOI and NCT ID links of a reference (the record URL when it has none of them); `focusable` puts them in the tab
 * order.
 */
function IdentifierLinks({ r, focusable }: { r: Reference; focusable: boolean }) {
  const links: Array<{ href: string; label: string }> = [];
  if (r.pmid) links.push({ href: `https://pubmed.ncbi.nlm.nih.gov/${r.pmid}/`, label: `PMID ${r.pmid}` });
  if (r.doi) links.push({ href: `https://doi.org/${encodeURI(r.doi)}`, label: `DOI ${r.doi}` });
  if (r.nctId) links.push({ href: `https://clinicaltrials.gov/study/${r.nctId}`, label: r.nctId });
  if (links.length === 0 && /^https?:\/\//.test(r.url)) links.push({ href: r.url, label: "Record" });
  return (
    <span className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
      {links.map((l) => (
        <a
          key={l.label}
          href={l.href}
          target="_blank"
          rel="noreferrer noopener"
          tabIndex={focusable ? undefined : -1}
          className="text-accent underline underline-offset-2"
        >
          {l.label}
        </a>
      ))}
    </span>
  );
}

/**
 * One reference inside a hover card: number, title, authors, journal and year, study type, identifiers, and its
 * abstract on demand with the cited `sentence` marked in it.
 */
function CardReference({
  r,
  record,
  focusable,
  sentence,
  rests,
  passages,
}: {
  r: Reference;
  record: ReportRecord | undefined;
  focusable: boolean;
  sentence: string;
  /** The record's sentences the citing sentence rests on, looked up in the record (LLM reports), else []. */
  rests: string[];
  /** The record's full-text passages the citing sentence quotes (the report's `passages`), else []. */
  passages: PassageCitation[];
}) {
  const [showAbstract, setShowAbstract] = useState(false);
  const venue = [r.journal, r.year].filter(Boolean).join(", ");
  return (
    <span className="block" data-testid="citation-reference">
      <span className="block font-medium leading-snug" data-testid="citation-title">
        [{r.n}] {r.title}
      </span>
      {r.authors.length > 0 && (
        <span className="block text-muted-foreground" data-testid="citation-authors">
          {formatAuthors(r.authors)}
        </span>
      )}
      {venue && (
        <span className="block text-muted-foreground" data-testid="citation-venue">
          {venue}
        </span>
      )}
      <span className="mt-1 flex flex-wrap items-center gap-1.5">
        <SourceBadge source={r.source} />
        {record && <Badge testId="citation-study-type">{record.studyTypeLabel}</Badge>}
        {record?.preprint && <Badge tone="warning">preprint, not peer-reviewed</Badge>}
      </span>
      {rests.length > 0 && (
        <span className="mt-1 block text-muted-foreground" data-testid="citation-support">
          Rests on: {rests.map((t) => `“${t}”`).join(" ")}
        </span>
      )}
      <CitationPassages passages={passages} focusable={focusable} />
      <IdentifierLinks r={r} focusable={focusable} />
      <AskPaperButton recordId={r.evidenceId} focusable={focusable} className="mt-1 block" />
      {record?.hasAbstract && (
        <>
          <button
            type="button"
            aria-expanded={showAbstract}
            tabIndex={focusable ? undefined : -1}
            className="mt-1 text-accent underline underline-offset-2"
            data-testid="citation-abstract-toggle"
            onClick={() => setShowAbstract((v) => !v)}
          >
            {showAbstract ? "Hide abstract" : "Show abstract"}
          </button>
          {showAbstract && (
            <span className="mt-1 block max-h-64 overflow-y-auto rounded border border-border p-2 text-xs">
              <AbstractText
                abstract={record.abstract}
                sentence={rests[0] ?? sentence}
                testId="citation-abstract"
                inline
              />
            </span>
          )}
        </>
      )}
    </span>
  );
}

/**
 * An inline citation marker ("[1, 4]", "[2–4]") whose every part opens a card on hover or focus: title, authors,
 * journal, year, study type and PMID/DOI/NCT links of the cited records, the full-text passages the sentence quotes
 * (where each stands, the sentence marked, a link to the full text at that place), each one's abstract on demand (the
 * cited sentence marked in it), and the report sentence that cites them. The card stays on screen on every viewport
 * (useOnScreenFloating: Floating UI opens it below the marker, or above when there is more room there, shifts it
 * sideways into the screen, and makes a card taller than the room left scroll).
 * Hover and focus show it as a preview, so tabbing through a report does not stop in every card; Enter (or a
 * click) pins it open with its links in the tab order (Tab from the marker reaches them). Escape closes it and
 * returns focus to the marker; it also closes when the pointer or focus leaves marker and card.
 */
export function CitationMarker({
  tokens,
  sentence,
  references,
  records,
  support = [],
  passages,
}: {
  tokens: MarkerToken[];
  sentence: string;
  references: Map<number, Reference>;
  records: Map<string, ReportRecord>;
  /** What the report's cited sentences rest on (report.support); the card shows and marks the exact sentences. */
  support?: SentenceSupport[];
  /** The full-text passages the report cites (report.passages); the card shows those its sentence quotes. */
  passages?: PassageCitation[];
}) {
  const [open, setOpen] = useState<number | null>(null);
  const [pinned, setPinned] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const wrapper = useRef<HTMLSpanElement>(null);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  // Set while Escape returns focus to the marker, so that focus does not reopen the card just closed.
  const refocusing = useRef(false);
  const id = useId();
  const { setAnchor, setCard, floatingStyles, placement } = useOnScreenFloating(open !== null);

  const cancelClose = () => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    closeTimer.current = null;
  };
  const show = (i: number, pin = false) => {
    cancelClose();
    setAnchor(buttons.current[i] ?? null);
    setOpen(i);
    setPinned((p) => pin || (p && open === i));
  };
  const close = () => {
    cancelClose();
    setOpen(null);
    setPinned(false);
  };
  const hideSoon = () => {
    cancelClose();
    closeTimer.current = setTimeout(close, CLOSE_DELAY_MS);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "Escape" && open !== null) {
      e.stopPropagation();
      const i = open;
      close();
      refocusing.current = true;
      buttons.current[i]?.focus();
      refocusing.current = false;
    }
  };

  const token = open === null ? null : tokens[open];
  const cited = token ? token.numbers.slice(0, MAX_CARD_REFERENCES).flatMap((n) => references.get(n) ?? []) : [];
  return (
    <span
      ref={wrapper}
      className="relative"
      data-testid="citation"
      onMouseLeave={() => {
        if (!pinned) hideSoon();
      }}
      onMouseEnter={cancelClose}
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        if (!wrapper.current?.contains(e.relatedTarget as Node | null)) close();
      }}
    >
      [
      {tokens.map((t, i) => (
        <Fragment key={i}>
          {i > 0 && ", "}
          <button
            ref={(el) => {
              buttons.current[i] = el;
            }}
            type="button"
            data-testid="citation-marker"
            aria-label={`${t.numbers.length > 1 ? "References" : "Reference"} ${t.label}`}
            aria-expanded={open === i}
            aria-controls={open === i ? `${id}-card` : undefined}
            aria-describedby={open === i ? `${id}-card` : undefined}
            className={
              "rounded-sm font-medium text-accent underline decoration-dotted underline-offset-2 " +
              "hover:decoration-solid focus-visible:outline-2 focus-visible:outline-offset-1 " +
              "focus-visible:outline-accent"
            }
            onMouseEnter={() => show(i)}
            onFocus={() => {
              if (!refocusing.current) show(i);
            }}
            onClick={() => (open === i && pinned ? close() : show(i, true))}
          >
            {t.label}
          </button>
        </Fragment>
      ))}
      ]
      {token && (
        <span
          ref={setCard}
          id={`${id}-card`}
          data-testid="citation-card"
          style={floatingStyles}
          data-placement={placement.startsWith("top") ? "above" : "below"}
          className={
            "no-print z-30 block w-[min(26rem,calc(100vw-1rem))] overflow-y-auto overscroll-contain rounded-md " +
            "border border-border bg-card text-left text-sm font-normal not-italic leading-normal " +
            "text-foreground shadow-lg"
          }
        >
          <span className="block space-y-2 p-3">
            {cited.map((r) => (
              <CardReference
                key={r.n}
                r={r}
                record={records.get(r.evidenceId)}
                focusable={pinned}
                sentence={sentence}
                rests={restingSentences(support, sentence, r.evidenceId)}
                passages={citedPassages(passages, r.evidenceId, sentence)}
              />
            ))}
            {token.numbers.length > cited.length && (
              <span className="block text-muted-foreground">
                and {token.numbers.length - cited.length} more (see References)
              </span>
            )}
            <span className="block border-l-2 border-border pl-2 text-muted-foreground">
              <span className="block text-xs font-medium uppercase tracking-wide">Cited for</span>
              <span className="block italic" data-testid="citation-sentence">
                {sentence}
              </span>
            </span>
          </span>
        </span>
      )}
    </span>
  );
}
