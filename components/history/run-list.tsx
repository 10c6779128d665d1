import Link from "next/link";
import { RunStatusBadge } from "@/components/run/run-status-badge";
import type { RunSummary } from "@/lib/db/runs";

/** Runs as a list: question (linked to its report), status, date and confidence. */
export function RunList({ runs }: { runs: RunSummary[] }) {
  if (runs.length === 0) return <p className="text-sm text-muted-foreground">No research runs yet.</p>;
  return (
    <ul data-testid="run-list" className="divide-y divide-border">
      {runs.map((run) => (
        <li key={run.id} data-testid="run-list-item" className="flex flex-wrap items-center justify-between gap-2 py-3">
          <Link href={`/reports/${run.id}`} className="max-w-2xl font-medium hover:underline">
            {run.question}
          </Link>
          <span className="flex items-center gap-3 text-sm text-muted-foreground">
            <RunStatusBadge status={run.status} />
            <time dateTime={run.createdAt.toISOString()}>{run.createdAt.toISOString().slice(0, 16).replace("T", " ")} UTC</time>
            <span data-testid="run-confidence" className="w-28 text-right tabular-nums">
              {run.confidence === null ? "—" : `confidence ${Math.round(run.confidence * 100)}%`}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
