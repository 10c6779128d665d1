import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { Badge } from "@/components/ui/badge";
import { ExportMenu } from "@/components/run/report-export-menu";
import { PrintedAddress } from "@/components/run/printed-address";
import { exportChoices } from "@/lib/export/report";
import { registry } from "@/lib/modes";
import { RunView } from "@/components/run/run-view";
import { ReportAddress } from "@/components/run/report-address";
import { Conversation } from "@/components/chat/conversation";
import { firstTurnEvents } from "@/lib/chat/report-versions";
import { versionPage } from "@/lib/chat/version-page";
import { getSharedSnapshot } from "@/lib/db/share-links";
import { toReportRecords } from "@/lib/report/appraise/records";
import type { RunSnapshot } from "@/lib/domain/snapshot";

export const metadata: Metadata = {
  title: "Shared report",
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

/**
 * A shared report: the frozen snapshot behind the token, read-only, with its exports; unknown or revoked tokens
 * answer 404. It shows the conversation as it was frozen: the question, the first turn, then the follow-ups and their
 * answers (research follow-ups with their iteration and report version), without the message box. Everything shown
 * comes from the snapshot (never from live rows), and the page does not carry the
 * run's id, so holding a share link gives no way to the live run page after the link is revoked. No referrer is
 * sent, so the token does not leak to PubMed or DOI sites through links.
 */
export default async function SharedReportPage({ params, searchParams }: PageProps<"/share/[token]">) {
  await connection();
  const { token } = await params;
  const asked = Number((await searchParams).v);
  const snapshot = await getSharedSnapshot(token).catch(() => null);
  if (!snapshot) notFound();
  const { evidence = [], messages = [], ...rest } = snapshot;
  // The thread as it was frozen when shared: the first turn up to its first run-finished, then the follow-ups,
  // read-only.
  const firstTurn = firstTurnEvents(snapshot.events);
  const firstFinished = firstTurn.findLast((e) => e.type === "run-finished");
  // One report version per page, as on the run page (?v=N, the latest by default).
  const page = versionPage(
    snapshot.events,
    evidence,
    snapshot.run.question,
    Number.isInteger(asked) && asked > 0 ? asked : undefined,
  );
  const shownEvents = page ? page.view.events : firstTurn;
  const shownFinished = shownEvents.findLast((e) => e.type === "run-finished") ?? firstFinished;
  const view: RunSnapshot = {
    ...rest,
    run: { ...rest.run, id: "shared-copy", status: shownFinished?.data.status ?? rest.run.status },
    events: shownEvents,
  };
  const report = snapshot.events.findLast((e) => e.type === "report")?.data.report ?? null;
  const records = toReportRecords(evidence, report?.references ?? [], snapshot.run.question, report?.readInFull);
  const hrefBase = `/share/${token}?v=`;
  return (
    <div className="space-y-4">
      <PrintedAddress label="Shared copy" path={`/share/${token}`} />
      <div className="flex justify-end" data-testid="thread-question">
        <p className="max-w-[85%] whitespace-pre-wrap rounded-lg bg-accent-soft px-4 py-2">{snapshot.run.question}</p>
      </div>
      <ReportAddress href={`/share/${token}`}>
        <RunView
          snapshot={view}
          live={false}
          records={page?.records ?? records}
          usageEvents={snapshot.events}
          version={
            page
              ? { current: page.view.version.version, versions: page.versions, diff: page.diff, hrefBase }
              : undefined
          }
          actions={
            <>
              <Badge>read-only shared copy</Badge>
              <ExportMenu
                baseHref={`/share/${token}/export`}
                {...exportChoices(snapshot.run.mode, snapshot.events, registry)}
              />
            </>
          }
        />
      </ReportAddress>
      {messages.length > 0 && (
        <Conversation
          run={{
            id: "shared-copy",
            events: snapshot.events,
            canCancel: false,
            maxIterations: snapshot.run.maxIterations,
            reportHref: hrefBase,
          }}
          initialMessages={messages}
          records={records}
          readOnly
        />
      )}
    </div>
  );
}
