import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { Badge } from "@/components/ui/badge";
import { ExportMenu } from "@/components/run/report-export-menu";
import { RunView } from "@/components/run/run-view";
import { getSharedSnapshot } from "@/lib/db/share-links";
import { toReportRecords } from "@/lib/report/records";
import type { RunSnapshot } from "@/lib/domain/snapshot";

export const metadata: Metadata = { title: "Shared report", robots: { index: false, follow: false }, referrer: "no-referrer" };

/**
 * A shared report: the frozen snapshot behind the token, read-only, with its exports; unknown or revoked tokens
 * answer 404. Everything shown comes from the snapshot (never from live rows), and the page does not carry the
 * run's id, so holding a share link gives no way to the live run page after the link is revoked. No referrer is
 * sent, so the token does not leak to PubMed or DOI sites through links.
 */
export default async function SharedReportPage({ params }: PageProps<"/share/[token]">) {
  await connection();
  const { token } = await params;
  const snapshot = await getSharedSnapshot(token).catch(() => null);
  if (!snapshot) notFound();
  const { evidence = [], ...rest } = snapshot;
  const view: RunSnapshot = { ...rest, run: { ...rest.run, id: "shared-copy" } };
  const report = snapshot.events.findLast((e) => e.type === "report")?.data.report ?? null;
  return (
    <RunView
      snapshot={view}
      live={false}
      records={toReportRecords(evidence, report?.references ?? [], snapshot.run.question)}
      actions={
        <>
          <Badge>read-only shared copy</Badge>
          <ExportMenu baseHref={`/share/${token}/export`} hasReport={report !== null || snapshot.events.some((e) => e.type === "claim-verdict")} claimCheck={snapshot.run.mode === "claim-check"} />
        </>
      }
    />
  );
}
