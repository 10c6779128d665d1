import Link from "next/link";
import { HypothesisChanges } from "@/components/chat/report-changes";
import type { VersionDiff } from "@/lib/chat/report-versions";

/** "25 Nov": a version's date as the bar shows it (UTC, so server and browser agree). */
export function versionDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
}

function percent(x: number): string {
  return `${Math.round(x * 100)}%`;
}

/** One "before → after" line of the diff, or "unchanged" when they are equal. */
function Change({ label, before, after, testId }: { label: string; before: string; after: string; testId: string }) {
  return (
    <li data-testid={testId}>
      <span className="font-medium">{label}: </span>
      {before === after ? `${after} (unchanged)` : `${before} → ${after}`}
    </li>
  );
}

/**
 * What changed from the previous version: bottom line, certainty, confidence, records, references with reasons,
 * hypotheses.
 */
function DiffDetails({ diff }: { diff: VersionDiff }) {
  return (
    <details className="rounded-md border border-border bg-muted px-3 py-2 text-sm" data-testid="version-diff">
      <summary className="cursor-pointer font-medium">
        What changed from v{diff.fromVersion}:{" "}
        {diff.bottomLine.before === diff.bottomLine.after
          ? `bottom line ${diff.bottomLine.after.toLowerCase()}`
          : `${diff.bottomLine.before} → ${diff.bottomLine.after}`}
        {`, ${diff.added.length} ${diff.added.length === 1 ? "reference" : "references"} added, ` +
          `${diff.removed.length} removed`}
      </summary>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <Change
          label="Bottom line"
          before={diff.bottomLine.before}
          after={diff.bottomLine.after}
          testId="diff-bottom-line"
        />
        <Change
          label="Certainty (GRADE)"
          before={diff.certainty.before}
          after={diff.certainty.after}
          testId="diff-certainty"
        />
        <Change
          label="Judge's confidence"
          before={percent(diff.confidence.before)}
          after={percent(diff.confidence.after)}
          testId="diff-confidence"
        />
        <li data-testid="diff-records">
          {diff.newRecords === 0
            ? "No new record"
            : `${diff.newRecords} new ${diff.newRecords === 1 ? "record" : "records"}`}{" "}
          since v{diff.fromVersion}
        </li>
        <li data-testid="diff-references">
          {diff.added.length + diff.removed.length === 0 ? "References unchanged" : "References:"}
          {diff.added.length + diff.removed.length > 0 && (
            <ul className="list-[circle] space-y-0.5 pl-5">
              {diff.added.map((r) => (
                <li key={`+${r.evidenceId}`} data-testid="diff-added">
                  added [{r.n}] {r.title} <span className="text-muted-foreground">({r.reason})</span>
                </li>
              ))}
              {diff.removed.map((r) => (
                <li key={`-${r.evidenceId}`} data-testid="diff-removed">
                  removed [{r.n}] {r.title} <span className="text-muted-foreground">({r.reason})</span>
                </li>
              ))}
            </ul>
          )}
        </li>
        <HypothesisChanges hypotheses={diff.hypotheses} testId="diff-hypotheses" />
      </ul>
    </details>
  );
}

/**
 * Which report version the page shows ("Report v2 · 25 Nov"), links to the others (each one click away),
 * and what changed from the previous version. `hrefBase` + a version number is that version's address
 * ("/reports/<id>?v=").
 */
export function ReportVersionBar({
  current,
  versions,
  diff,
  hrefBase,
}: {
  current: number;
  versions: Array<{ version: number; createdAt: string }>;
  diff: VersionDiff | null;
  hrefBase: string;
}) {
  const shown = versions.find((v) => v.version === current);
  const others = versions.filter((v) => v.version !== current);
  const latest = versions.at(-1)?.version ?? current;
  return (
    <div className="mb-4 space-y-2" data-testid="report-version-bar">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="font-semibold" data-testid="report-version-label">
          Report v{current}
          {shown && ` · ${versionDate(shown.createdAt)}`}
        </span>
        {current !== latest && (
          <span className="rounded-full bg-warning-soft px-2 py-0.5 text-xs text-warning">an earlier version</span>
        )}
        {others.length > 0 && (
          <nav
            aria-label="Other versions of this report"
            className="flex flex-wrap items-center gap-2 text-muted-foreground"
          >
            <span>Other versions:</span>
            {others.map((v) => (
              <Link
                key={v.version}
                href={`${hrefBase}${v.version}`}
                className="text-accent underline underline-offset-2"
                data-testid="report-version-link"
              >
                v{v.version} · {versionDate(v.createdAt)}
                {v.version === latest ? " (latest)" : ""}
              </Link>
            ))}
          </nav>
        )}
      </div>
      {diff && <DiffDetails diff={diff} />}
    </div>
  );
}
