import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { CancelButton } from "@/components/run/cancel-button";
import { ExportMenu } from "@/components/run/report-export-menu";
import { RerunButton } from "@/components/run/report-rerun-button";
import { RunView } from "@/components/run/run-view";
import { ShareButton } from "@/components/run/share-button";
import { getRun, getRunEvidence, listRunEvents } from "@/lib/db/runs";
import { listShareTokens } from "@/lib/db/share-links";
import { toReportRecords } from "@/lib/report/records";
import { toRunSnapshot } from "@/lib/runs/snapshot";
import { mayActOnRun } from "@/app/_server/session";

export async function generateMetadata({ params }: PageProps<"/reports/[id]">): Promise<Metadata> {
  await connection();
  const run = await getRun((await params).id).catch(() => null);
  return { title: run ? run.question.slice(0, 80) : "Report" };
}

/**
 * A run's page: live timeline while it runs, then its report with hover cards, evidence table, hypothesis chains
 * and scores. Anyone with the (unguessable) URL may read it and export it; only the owner's session gets the
 * cancel, share, revoke and re-run actions.
 */
export default async function ReportPage({ params }: PageProps<"/reports/[id]">) {
  await connection();
  const { id } = await params;
  const run = await getRun(id).catch(() => null);
  if (!run) notFound();
  const live = run.status === "running" || run.status === "queued";
  const [events, evidence, owner] = await Promise.all([listRunEvents(run.id), live ? [] : getRunEvidence(run.id), mayActOnRun(run)]);
  const report = events.findLast((e) => e.type === "report")?.data.report ?? null;
  const shareTokens = owner && !live ? await listShareTokens(run.id) : [];
  return (
    <RunView
      key={`${run.id}-${run.status}`}
      snapshot={toRunSnapshot(run, events)}
      live={live}
      records={toReportRecords(evidence, report?.references ?? [], run.question)}
      actions={
        <>
          {!live && <ExportMenu baseHref={`/reports/${run.id}/export`} hasReport={report !== null || events.some((e) => e.type === "claim-verdict")} claimCheck={run.mode === "claim-check"} />}
          {owner && live && <CancelButton runId={run.id} />}
          {owner && !live && <RerunButton runId={run.id} />}
          {owner && !live && <ShareButton runId={run.id} initialTokens={shareTokens} />}
        </>
      }
    />
  );
}
