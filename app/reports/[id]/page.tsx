import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { CancelButton } from "@/components/run/cancel-button";
import { RunView } from "@/components/run/run-view";
import { ShareButton } from "@/components/run/share-button";
import { getRun, listRunEvents } from "@/lib/db/runs";
import { toRunSnapshot } from "@/lib/workflow/run-snapshot";
import { mayActOnRun } from "@/app/_server/session";

export async function generateMetadata({ params }: PageProps<"/reports/[id]">): Promise<Metadata> {
  await connection();
  const run = await getRun((await params).id).catch(() => null);
  return { title: run ? run.question.slice(0, 80) : "Report" };
}

export default async function ReportPage({ params }: PageProps<"/reports/[id]">) {
  await connection();
  const { id } = await params;
  const run = await getRun(id).catch(() => null);
  if (!run) notFound();
  const events = await listRunEvents(run.id);
  const live = run.status === "running" || run.status === "queued";
  const owner = await mayActOnRun(run);
  return (
    <RunView
      key={`${run.id}-${run.status}`}
      snapshot={toRunSnapshot(run, events)}
      live={live}
      actions={owner ? live ? <CancelButton runId={run.id} /> : <ShareButton runId={run.id} /> : null}
    />
  );
}
