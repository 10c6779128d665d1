import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { connection } from "next/server";
import { ReportChangesSummary } from "@/components/chat/report-changes";
import { ChangeSummaryView } from "@/components/watch/change-summary";
import { VersionReport } from "@/components/watch/version-report";
import { readableRun } from "@/lib/auth/access";
import { iterationEvents, reportChanges, reportVersions } from "@/lib/chat/report-versions";
import { getRunEvidence, listRunEvents } from "@/lib/db/runs";
import { getWatchOfRun, listChecks } from "@/lib/db/watches";
import { toReportRecords } from "@/lib/report/appraise/records";
import { getCaller } from "@/app/_server/caller";

export const metadata = { title: "Report version" };

/**
 * One version of a run's report (v1 the first turn's, then one per research follow-up or watch check that changed the
 * evidence), opening with what changed: a watch check's change summary (new records with their stance, retractions,
 * trials, the bottom line before → after), or a follow-up's "what changed". Then the version's report as the run page
 * shows reports, on the records the run had then. Readable by whoever may read the run (404 otherwise).
 */
/**
 * A version of a watched claim check: v1 is the run itself; a later one is the claim check its watch ran again, shown
 * as its change summary (each claim's verdict before → after, new records with their stance, standing changes) with a
 * link to that run's full results.
 */
async function ClaimVersion({ runId, question, n }: { runId: string; question: string; n: number }) {
  if (n === 1) redirect(`/reports/${runId}`);
  const watch = await getWatchOfRun(runId);
  const summary = watch ? (await listChecks(watch.id)).find((c) => c.reportVersion === n)?.summary : null;
  if (!summary) notFound();
  return (
    <div className="min-w-0 space-y-4" data-testid="report-version-page">
      <nav aria-label="Report versions" className="text-sm">
        <Link href={`/reports/${runId}`} className="text-accent underline">
          ← The claim check
        </Link>
      </nav>
      <h1 className="break-words text-2xl font-semibold tracking-tight">
        Claim check v{n}: {question.length > 200 ? `${question.slice(0, 199)}…` : question}
      </h1>
      <ChangeSummaryView summary={summary} />
      {summary.runId && (
        <p>
          <Link href={`/reports/${summary.runId}`} className="text-accent underline">
            The claim check of v{n}, with its verdicts, counter-reports and evidence
          </Link>
        </p>
      )}
    </div>
  );
}

export default async function ReportVersionPage({ params }: PageProps<"/reports/[id]/versions/[version]">) {
  await connection();
  const { id, version: versionParam } = await params;
  const run = await readableRun(await getCaller(), id);
  const n = Number(versionParam);
  if (!run || !Number.isInteger(n)) notFound();
  if (run.mode === "claim-check") return <ClaimVersion runId={run.id} question={run.question} n={n} />;
  const events = await listRunEvents(run.id);
  const versions = reportVersions(events);
  const version = versions[n - 1];
  if (!version) notFound();
  // The version's turn: from the previous version's report to this version's closing run-finished.
  const end = iterationEvents(events, version.seq).events.find((e) => e.type === "run-finished");
  const upTo = events.filter((e) => e.seq <= (end?.seq ?? version.seq));
  const count = upTo.findLast((e) => e.type === "evidence")?.data.total ?? 0;
  const evidence = (await getRunEvidence(run.id)).slice(0, count);
  const records = toReportRecords(evidence, version.report.references, run.question);
  const watch = await getWatchOfRun(run.id);
  const check = watch ? (await listChecks(watch.id)).find((c) => c.reportVersion === n && c.summary) : undefined;
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
