"use client";

import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import type { BottomLine as BottomLineData, Verdict } from "@/lib/report/appraise/bottom-line";
import { METER_LABELS } from "@/lib/report/render/answer-markdown";
import { RECORD_STANCES, type RecordStance } from "@/lib/reading/stance";

const VERDICT_TONES: Record<Verdict, "success" | "warning" | "neutral" | "danger"> = {
  yes: "success",
  "probably yes": "success",
  unclear: "neutral",
  "probably no": "danger",
  no: "danger",
};

/**
 * Segment colours; "possibly" is hatched-free amber, "not relevant" grey (colour is never the only cue: each segment
 * has its label and count).
 */
const SEGMENT_CLASSES: Record<RecordStance, string> = {
  yes: "bg-success text-card",
  possibly: "bg-warning text-card",
  no: "bg-danger text-card",
  related: "bg-accent-soft text-foreground",
  unreported: "bg-border text-foreground",
  irrelevant: "bg-muted text-foreground",
};

/**
 * The bottom line at the top of a report, so the answer comes first: the verdict on the five-point scale (or the top
 * candidates of an open question), its one-sentence answer, and the evidence meter, a stacked bar of the records
 * pointing yes / possibly / no / not relevant with their counts. Each segment is a toggle button: pressing it filters
 * the evidence table to those records (`onSelect`; pressing the selected segment again clears the filter). `children`
 * (the report's opening paragraph: what the answer rests on) stands between the sentence and the meter.
 */
export function BottomLine({
  answer,
  selected,
  onSelect,
  children,
}: {
  answer: BottomLineData;
  selected: RecordStance | null;
  onSelect: (stance: RecordStance | null) => void;
  children?: ReactNode;
}) {
  const total = RECORD_STANCES.reduce((n, s) => n + answer.meter[s], 0);
  return (
    <section
      aria-labelledby="bottom-line-heading"
      className="mb-4 rounded-md border border-border bg-background p-3"
      data-testid="bottom-line"
    >
      <h2 id="bottom-line-heading" className="mb-2 flex flex-wrap items-center gap-2 text-base font-semibold">
        Bottom line
        {answer.verdict ? (
          <Badge tone={VERDICT_TONES[answer.verdict]} testId="bottom-line-verdict">
            {answer.verdict}
          </Badge>
        ) : (
          <Badge tone="accent" testId="bottom-line-verdict">
            {answer.kind === "open" ? "open question" : "top candidates"}
          </Badge>
        )}
      </h2>
      <p className="mb-2 font-medium" data-testid="bottom-line-sentence">
        {answer.sentence}
      </p>
      {children}
      <div
        role="group"
        aria-label="Evidence meter: records by the way they point; press a segment to filter the evidence table"
        className="space-y-1"
      >
        <div className="flex h-7 w-full overflow-hidden rounded-md border border-border" data-testid="evidence-meter">
          {RECORD_STANCES.map((s) =>
            answer.meter[s] === 0 ? null : (
              <button
                key={s}
                type="button"
                data-testid={`meter-${s}`}
                aria-pressed={selected === s}
                aria-label={`${METER_LABELS[s]}: ${answer.meter[s]} records`}
                title={`${METER_LABELS[s]}: ${answer.meter[s]}`}
                onClick={() => onSelect(selected === s ? null : s)}
                style={{ flexGrow: answer.meter[s], flexBasis: 0 }}
                className={
                  `min-w-8 truncate px-1 text-xs font-semibold tabular-nums focus-visible:outline-2 ` +
                  `focus-visible:-outline-offset-2 focus-visible:outline-foreground ${SEGMENT_CLASSES[s]} ` +
                  `${selected !== null && selected !== s ? "opacity-50" : ""}`
                }
              >
                {answer.meter[s]}
              </button>
            ),
          )}
          {total === 0 && <span className="px-2 text-xs text-muted-foreground">No records read.</span>}
        </div>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" data-testid="meter-legend">
          {RECORD_STANCES.map((s) => (
            <li key={s}>
              <span
                aria-hidden
                className={`mr-1 inline-block size-2.5 rounded-sm align-middle ${SEGMENT_CLASSES[s]}`}
              />
              {`${METER_LABELS[s]} ${answer.meter[s]}`}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
