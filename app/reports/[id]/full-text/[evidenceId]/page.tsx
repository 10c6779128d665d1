import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { FullTextView } from "@/components/run/full-text-view";
import { readableRun } from "@/lib/auth/access";
import { readFullTexts } from "@/lib/db/full-texts";
import { getRunEvidence, listRunEvents } from "@/lib/db/runs";
import { getCaller } from "@/app/_server/caller";

export const metadata: Metadata = { title: "Full text" };

/**
 * The full text of one of a run's records, as the run read it, with an anchor per passage: a citation card's "Open the
 * full text at this passage" lands here. Readable by whoever may read the run (its owner and admins, as the run page);
 * the full text is one anyone's runs may read or the run owner's own uploaded paper, never another user's. 404 for an
 * unknown run, a record the run did not collect, or a record the run has no full text of.
 */
export default async function FullTextPage({ params }: PageProps<"/reports/[id]/full-text/[evidenceId]">) {
  await connection();
  const { id, evidenceId: raw } = await params;
  const evidenceId = decodeURIComponent(raw);
  const run = await readableRun(await getCaller(), id);
  if (!run) notFound();
  const record = (await getRunEvidence(run.id)).find((e) => e.id === evidenceId);
  if (!record) notFound();
  const text = (await readFullTexts([evidenceId], run.ownerId)).get(evidenceId);
  if (!text) notFound();
  const report = (await listRunEvents(run.id)).findLast((e) => e.type === "report")?.data.report;
  const cited = (report?.passages ?? []).filter((p) => p.evidenceId === evidenceId);
  return (
    <article className="mx-auto max-w-3xl space-y-3">
      <Link href={`/reports/${run.id}`} className="text-sm text-accent underline underline-offset-2">
        ← Back to the report
      </Link>
      <h1 className="text-2xl font-semibold tracking-tight" data-testid="full-text-title">
        {record.citation.title}
      </h1>
      <FullTextView text={text} cited={cited} />
    </article>
  );
}
