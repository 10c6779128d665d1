import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { Suspense } from "react";
import { CancelButton } from "@/components/run/cancel-button";
import { ExportMenu } from "@/components/run/report-export-menu";
import { exportChoices } from "@/lib/export/report";
import { registry } from "@/lib/modes";
import { RerunButton } from "@/components/run/report-rerun-button";
import { RunView } from "@/components/run/run-view";
import { ReportAddress } from "@/components/run/report-address";
import { PrintedAddress } from "@/components/run/printed-address";
import { ShareButton } from "@/components/run/share-button";
import { AskPaperProvider } from "@/components/chat/ask-paper";
import { Conversation } from "@/components/chat/conversation";
import { ConversationSidebar } from "@/components/chat/conversation-sidebar";
import { conversationReferences } from "@/lib/chat/references";
import { firstTurnEvents } from "@/lib/chat/report-versions";
import { versionPage } from "@/lib/chat/version-page";
import { listConversations, listMessages } from "@/lib/db/messages";
import { getRunEvidence, listRunEvents } from "@/lib/db/runs";
import { listShareTokens } from "@/lib/db/share-links";
import { toReportRecords } from "@/lib/report/appraise/records";
import { toRunSnapshot } from "@/lib/runs/snapshot";
import { readableRun } from "@/lib/auth/access";
import { canWriteRun, historyScope, type Caller } from "@/lib/auth/rules";
import type { RunEvent } from "@/lib/domain/events";
import type { ReportRecord } from "@/lib/report/appraise/records";
import type { RunSummary } from "@/lib/db/runs";
import { getCaller } from "@/app/_server/caller";
import { conversationAccess } from "@/app/_server/conversation-access";
import { WatchSlot } from "@/components/watch/watch-slot";

export async function generateMetadata({ params }: PageProps<"/reports/[id]">): Promise<Metadata> {
  await connection();
  const run = await readableRun(await getCaller(), (await params).id);
  return { title: run ? run.question.slice(0, 80) : "Report" };
}

/** The conversation sidebar, streamed in after the thread (the caller's conversations: one query, 30 rows). */
async function SidebarSlot({ caller, currentId }: { caller: Caller; currentId: string }) {
  const scope = historyScope(caller);
  const conversations = "owner" in scope ? await listConversations(scope.owner, scope.withUnowned) : [];
  return <ConversationSidebar conversations={conversations} currentId={currentId} />;
}

/** The follow-up thread under the run, streamed in after it (its messages and whether the caller may post). */
async function ConversationSlot({
  run,
  events,
  records,
  canCancel,
  live,
}: {
  run: RunSummary;
  events: RunEvent[];
  records: ReportRecord[];
  canCancel: boolean;
  live: boolean;
}) {
  const [messages, postDenied] = await Promise.all([listMessages(run.id), conversationAccess(run, "post")]);
  return (
    <Conversation
      run={{ id: run.id, events, canCancel, maxIterations: run.maxIterations, reportHref: `/reports/${run.id}?v=` }}
      initialMessages={messages}
      records={records}
      readOnly={postDenied !== null}
      disabledReason={live ? "The research is still running: follow-ups open when it has finished." : null}
    />
  );
}

/**
 * A run's page, as a conversation: the sidebar of the caller's conversations; the question as the user's
 * message; the assistant's first message, the live timeline and the report with hover cards, evidence table,
 * hypothesis chains and scores (RunView, unchanged); then the follow-ups and their answers, and the message box
 * "Ask a follow-up" once the run has ended. Readable by its owner and admins (lib/auth/rules.ts canReadRun; anyone
 * else gets 404); the actions shown are the writes the caller may perform (canWriteRun).
 * The run (its row and saved events) renders first; the sidebar and the follow-up thread stream in behind Suspense
 * boundaries, so a run just started shows its question and "running" state after two queries (the goal is the run
 * page within 300 ms of the click, measured by bench/run-page.ts).
 */
export default async function ReportPage({ params, searchParams }: PageProps<"/reports/[id]">) {
  await connection();
  const { id } = await params;
  const asked = Number((await searchParams).v);
  const caller = await getCaller();
  const run = await readableRun(caller, id);
  if (!run) notFound();
  const live = run.status === "running" || run.status === "queued";
  const events = await listRunEvents(run.id);
  // The first turn is the run up to its first run-finished; a research follow-up's iteration runs after it.
  const firstTurn = firstTurnEvents(events);
  const firstFinished = firstTurn.findLast((e) => e.type === "run-finished");
  const firstLive = live && !firstFinished;
  const may = (write: "cancel" | "share" | "rerun") => canWriteRun(caller, run, write);
  const [evidence, shareTokens] = await Promise.all([
    firstLive ? [] : getRunEvidence(run.id),
    may("share") && !live ? listShareTokens(run.id) : [],
  ]);
  // One report version per page (?v=N, the latest by default), every part drawn from it; the thread's citations
  // resolve against all the run's records.
  const page = firstLive
    ? null
    : versionPage(events, evidence, run.question, Number.isInteger(asked) && asked > 0 ? asked : undefined);
  const lastReport = events.findLast((e) => e.type === "report")?.data.report;
  const records = toReportRecords(evidence, lastReport?.references ?? [], run.question, lastReport?.readInFull);
  // The numbers a follow-up names records by, as the chat numbers them (the latest report's references first).
  const askNumbers = Object.fromEntries(
    conversationReferences(evidence, lastReport?.references ?? []).references.map((r) => [r.evidenceId, r.n]),
  );
  const shownEvents = page ? page.view.events : firstTurn;
  const shownFinished = shownEvents.findLast((e) => e.type === "run-finished");
  return (
    <div className="print-single-column grid gap-6 md:grid-cols-[14rem_minmax(0,1fr)]">
      <Suspense fallback={<div />}>
        <SidebarSlot caller={caller} currentId={run.id} />
      </Suspense>
      <AskPaperProvider numbers={askNumbers}>
        <div className="min-w-0 space-y-4">
          {shareTokens.length > 0 ? (
            <PrintedAddress label="Shared copy" path={`/share/${shareTokens[0]}`} />
          ) : (
            <PrintedAddress label="Report" path={`/reports/${run.id}`} />
          )}
          <div className="flex justify-end" data-testid="thread-question">
            <p className="max-w-[85%] whitespace-pre-wrap rounded-lg bg-accent-soft px-4 py-2">{run.question}</p>
          </div>
          <ReportAddress href={`/reports/${run.id}`}>
            <RunView
              key={`${run.id}-${firstLive ? "live" : `v${page?.view.version.version ?? 0}`}`}
              snapshot={toRunSnapshot({ ...run, status: shownFinished?.data.status ?? run.status }, shownEvents)}
              live={firstLive}
              records={page?.records ?? records}
              usageEvents={events}
              version={
                page
                  ? {
                      current: page.view.version.version,
                      versions: page.versions,
                      diff: page.diff,
                      hrefBase: `/reports/${run.id}?v=`,
                    }
                  : undefined
              }
              actions={
                <>
                  {!live && (
                    <ExportMenu
                      baseHref={`/reports/${run.id}/export`}
                      {...exportChoices(run.mode, firstTurn, registry)}
                    />
                  )}
                  {may("cancel") && firstLive && <CancelButton runId={run.id} />}
                  {may("rerun") && !live && <RerunButton runId={run.id} />}
                  {may("share") && !live && <ShareButton runId={run.id} initialTokens={shareTokens} />}
                </>
              }
            />
          </ReportAddress>
          <Suspense fallback={null}>
            <WatchSlot caller={caller} run={run} />
          </Suspense>
          <Suspense fallback={null}>
            <ConversationSlot run={run} events={events} records={records} canCancel={may("cancel")} live={live} />
          </Suspense>
        </div>
      </AskPaperProvider>
    </div>
  );
}
