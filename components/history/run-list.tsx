import Link from "next/link";
import { DeleteRunButton } from "./delete-run-button";
import { RerunButton } from "@/components/run/report-rerun-button";
import { RunStatusBadge } from "@/components/run/run-status-badge";
import { Badge } from "@/components/ui/badge";
import { presentations } from "@/components/modes";
import type { RunSummary } from "@/lib/db/runs";

/** A listed run; `liveShareLinks` (history only) is how many of its share links still work. */
type ListedRun = RunSummary & { liveShareLinks?: number };

/**
 * Runs as a list: question (linked to its report), status, its mode's badge, date and its verdict (`verdicts`, by
 * run id, from its mode: "probably yes", "contradicts"; the judge's confidence when a run has none). With `actions`,
 * each
 * finished run also offers "Re-run" (same settings) and "Delete" (the history page lists only runs the caller may
 * act on).
 * `emptyText` replaces "No research runs yet." (e.g. when filters match nothing).
 */
export function RunList({
  runs,
  actions = false,
  emptyText,
  verdicts = new Map(),
}: {
  runs: ListedRun[];
  actions?: boolean;
  emptyText?: string;
  verdicts?: ReadonlyMap<string, string>;
}) {
  if (runs.length === 0)
    return (
      <p className="text-sm text-muted-foreground" data-testid="run-list-empty">
        {emptyText ?? "No research runs yet."}
      </p>
    );
  return (
    <ul data-testid="run-list" className="divide-y divide-border">
      {runs.map((run) => {
        const finished = run.status !== "running" && run.status !== "queued";
        return (
          <li
            key={run.id}
            data-testid="run-list-item"
            className="flex flex-wrap items-center justify-between gap-2 py-3"
          >
            {/* Long questions (up to 2,000 characters) are clamped to two lines with an ellipsis; hover or focus
                shows them whole. */}
            <Link
              href={`/reports/${run.id}`}
              title={run.question.length > 160 ? run.question : undefined}
              data-testid="run-list-question"
              className={
                "line-clamp-2 max-w-2xl font-medium break-words hover:line-clamp-none hover:underline " +
                "focus-visible:line-clamp-none"
              }
            >
              {run.question}
            </Link>
            <span className="ml-auto flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
              <RunStatusBadge status={run.status} />
              {presentations.badge(run.mode) && <Badge testId="run-mode">{presentations.badge(run.mode)}</Badge>}
              <time dateTime={run.createdAt.toISOString()}>
                {run.createdAt.toISOString().slice(0, 16).replace("T", " ")} UTC
              </time>
              {verdicts.has(run.id) ? (
                <span data-testid="run-verdict" className="min-w-28 text-right font-medium text-foreground">
                  {verdicts.get(run.id)}
                </span>
              ) : (
                <span data-testid="run-confidence" className="w-28 text-right tabular-nums">
                  {run.confidence === null ? "—" : `confidence ${Math.round(run.confidence * 100)}%`}
                </span>
              )}
              {actions && finished && (
                <span className="flex items-center gap-2">
                  <RerunButton runId={run.id} question={run.question} />
                  <DeleteRunButton runId={run.id} question={run.question} liveShareLinks={run.liveShareLinks ?? 0} />
                </span>
              )}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
