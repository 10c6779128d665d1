import Link from "next/link";
import { notFound } from "next/navigation";
import { ReportChangesSummary } from "@/components/chat/report-changes";
import type { ModeVersionProps, ModeVersionView } from "@/components/modes/presentation";
import { ChangeSummaryView } from "@/components/watch/change-summary";
import { VersionReport } from "@/components/watch/version-report";
import { iterationEvents, reportChanges, reportVersions } from "@/lib/chat/report-versions";
import { toReportRecords } from "@/lib/report/appraise/records";
import { researchDescription } from "@/lib/research/description";

/**
 * One version of a research run's report (v1 the first turn's, then one per research follow-up or watch check that
 * changed the evidence), opening with what changed: a watch check's change summary (new records with their stance,
 * retractions, trials, the bottom line before → after), or a follow-up's "what changed". Then the version's report as
 * the run page shows reports, on the records the run had then. 404 for a version the run does not have.
 */
export function ResearchVersion({ run, n, events, evidence, checks }: ModeVersionProps) {
  const versions = reportVersions(events);
  const version = versions[n - 1];
  if (!version) notFound();
  // The version's turn: from the previous version's report to this version's closing run-finished.
  const end = iterationEvents(events, version.seq).events.find((e) => e.type === "run-finished");
  const upTo = events.filter((e) => e.seq <= (end?.seq ?? version.seq));
  const count = upTo.findLast((e) => e.type === "evidence")?.data.total ?? 0;
  const records = toReportRecords(
    evidence.slice(0, count),
    version.report.references,
    run.question,
    version.report.readInFull,
  );
  const check = checks.find((c) => c.reportVersion === n && c.summary);
  const previous = versions[n - 2];
  return (
    <div className="min-w-0 space-y-4" data-testid="report-version-page">
      <nav aria-label="Report versions" className="flex flex-wrap items-center gap-2 text-sm">
        <Link href={`/reports/${run.id}`} className="text-accent underline">
          ← The run
        </Link>
        {versions.map((v) => (
          <Link
            key={v.version}
            href={`/reports/${run.id}/versions/${v.version}`}
            aria-current={v.version === n ? "page" : undefined}
            className={v.version === n ? "font-semibold" : "text-accent underline"}
          >
            v{v.version}
          </Link>
        ))}
      </nav>
      <h1 className="break-words text-2xl font-semibold tracking-tight">
        Report v{n}: {run.question}
      </h1>
      {check?.summary ? (
        <ChangeSummaryView summary={check.summary} />
      ) : previous ? (
        <ReportChangesSummary changes={reportChanges(previous, version, events)} />
      ) : (
        <p className="text-sm text-muted-foreground">The run&apos;s first report.</p>
      )}
      <VersionReport
        events={upTo}
        report={{ report: version.report, markdown: version.markdown }}
        records={records}
        question={run.question}
        maxIterations={run.maxIterations}
      />
    </div>
  );
}

/** Its version page (components/modes/versions.ts). */
export const researchVersionView: ModeVersionView = { mode: researchDescription, Version: ResearchVersion };
