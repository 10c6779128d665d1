import type { Evidence } from "@/lib/domain/evidence";
import type { RunEvent } from "@/lib/domain/events";
import { toReportRecords, type ReportRecord } from "@/lib/report/appraise/records";
import { reportVersions, versionDiff, versionView, type VersionDiff, type VersionView } from "./report-versions";

// Server-side: reading the records loads the vocabularies from disk, so the version helpers that the conversation's
// client components use stay in ./report-versions.

/**
 * A report version as its page shows it: the view, its records, every version of the run, and what changed from the one
 * before.
 */
export interface VersionPage {
  view: VersionView;
  records: ReportRecord[];
  versions: Array<{ version: number; createdAt: string }>;
  /** What changed from the previous version (null for v1). */
  diff: VersionDiff | null;
}

/**
 * Everything a report page needs to show version `n` (the latest when absent or unknown) of a run's report, from the
 * run's events and evidence, every part read against the run's own `question`: null when the run has no report yet.
 */
export function versionPage(
  events: RunEvent[],
  evidence: Evidence[],
  question: string,
  n?: number,
): VersionPage | null {
  const view = versionView(events, n);
  if (!view) return null;
  // A run whose evidence events name no record (none saved them) shows all its evidence with every version.
  const recordsOf = (v: VersionView) =>
    toReportRecords(
      v.evidenceIds.size > 0 ? evidence.filter((e) => v.evidenceIds.has(e.id)) : evidence,
      v.version.report.references,
      question,
      v.version.report.readInFull,
    );
  const records = recordsOf(view);
  const previous = view.version.version > 1 ? versionView(events, view.version.version - 1) : null;
  const diff = previous
    ? versionDiff(
        { version: previous.version, records: recordsOf(previous) },
        { version: view.version, records },
        question,
      )
    : null;
  return {
    view,
    records,
    versions: reportVersions(events).map((v) => ({ version: v.version, createdAt: v.createdAt })),
    diff,
  };
}
