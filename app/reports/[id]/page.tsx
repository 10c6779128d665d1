import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { CancelButton } from "@/components/run/cancel-button";
import { ExportMenu } from "@/components/run/report-export-menu";
import { RerunButton } from "@/components/run/report-rerun-button";
import { RunView } from "@/components/run/run-view";
import { ShareButton } from "@/components/run/share-button";
import { getRunEvidence, listRunEvents } from "@/lib/db/runs";
import { listShareTokens } from "@/lib/db/share-links";
import { toReportRecords } from "@/lib/report/records";
import { toRunSnapshot } from "@/lib/runs/snapshot";
import { readableRun } from "@/lib/auth/access";
import { canWriteRun } from "@/lib/auth/rules";
import { getCaller } from "@/app/_server/caller";

export async function generateMetadata({ params }: PageProps<"/reports/[id]">): Promise<Metadata> {
  await connection();
  const run = await readableRun(await getCaller(), (await params).id);
  return { title: run ? run.question.slice(0, 80) : "Report" };
}

/**
 * A run's page: live timeline while it runs, then its report with hover cards, evidence table, hypothesis chains
 * and scores. Readable by its owner and admins (lib/auth/rules.ts canReadRun; anyone else gets 404); the actions
 * shown are the writes the caller may perform (canWriteRun).
 */
export default async function ReportPage({ params }: PageProps<"/reports/[id]">) {
  await connection();
  const { id } = await params;
  const caller = await getCaller();
  const run = await readableRun(caller, id);
  if (!run) notFound();
  const live = run.status === "running" || run.status === "queued";
  const [events, evidence] = await Promise.all([listRunEvents(run.id), live ? [] : getRunEvidence(run.id)]);
  const may = (write: "cancel" | "share" | "rerun") => canWriteRun(caller, run, write);
  const report = events.findLast((e) => e.type === "report")?.data.report ?? null;
  const shareTokens = may("share") && !live ? await listShareTokens(run.id) : [];
  return (
    <RunView
      key={`${run.id}-${run.status}`}
      snapshot={toRunSnapshot(run, events)}
      live={live}
      records={toReportRecords(evidence, report?.references ?? [], run.question)}
      actions={
        <>
          {!live && <ExportMenu baseHref={`/reports/${run.id}/export`} hasReport={report !== null || events.some((e) => e.type === "claim-verdict")} claimCheck={run.mode === "claim-check"} />}
          {may("cancel") && live && <CancelButton runId={run.id} />}
          {may("rerun") && !live && <RerunButton runId={run.id} />}
          {may("share") && !live && <ShareButton runId={run.id} initialTokens={shareTokens} />}
        </>
      }
    />
  );
}
