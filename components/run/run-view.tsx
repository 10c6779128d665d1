"use client";

import { useChat } from "@ai-sdk/react";
import { DefaultChatTransport } from "ai";
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { AboutThisRun } from "./about-this-run";
import { Card } from "@/components/ui/card";
import { presentations } from "@/components/modes";
import type { ReportVersionInfo } from "./report-panel";
import { RunStatusBadge } from "./run-status-badge";
import { SourceBadge } from "./source-badge";
import { Timeline } from "./timeline";
import type { ReportRecord } from "@/lib/report/appraise/records";
import { eventsFromMessage, isPartialCurrent } from "@/lib/runs/event-parts";
import { HypothesesPartial } from "./partial-answer";
import type { RunPartial } from "@/lib/domain/partial";
import type { RunEvent, RunUIMessage } from "@/lib/domain/events";
import type { RunSnapshot } from "@/lib/domain/snapshot";
import { formatUsageLine, summarizeUsage } from "@/lib/ai/usage";

function mergeBySeq(saved: RunEvent[], streamed: RunEvent[]): RunEvent[] {
  const bySeq = new Map<number, RunEvent>();
  for (const e of [...saved, ...streamed]) if (!bySeq.has(e.seq)) bySeq.set(e.seq, e);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

function formatDuration(ms: number): string {
  return ms < 60_000
    ? `${(ms / 1000).toFixed(1)} s`
    : `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/**
 * A run as a chat: the question, then its mode's results (ModePresentation.Results: a research run's report, a
 * claim check's verdicts), then the timeline of saved events (searches, evidence, hypothesis cards, judge scores,
 * each mode's steps) under its mode's progress line. When `live`, it resumes the run's event stream (useChat with
 * `resume`), so a reload mid-run shows everything so far and keeps streaming; when the run ends it refreshes the
 * server-rendered page. With a language model, the hypothesis cards and the report fill in as the model writes them
 * (transient partial parts of the stream), until their saved events replace them.
 * Once there is a report, it comes first (one version of it, see ReportPanel), drawn with that version's `records`
 * and events; its timeline is then shown in short inside the report ("How this report was made").
 */
export function RunView({
  snapshot,
  live,
  actions,
  records = [],
  usageEvents,
  version,
}: {
  snapshot: RunSnapshot;
  live: boolean;
  actions?: ReactNode;
  records?: ReportRecord[];
  /**
   * Events whose `usage` the model-usage line sums besides the view's (the run page: every event of the run, so
   * follow-ups' model calls count).
   */
  usageEvents?: RunEvent[];
  /** Which version of the report is shown (the page's `?v=`), for its version bar. */
  version?: ReportVersionInfo;
}) {
  const router = useRouter();
  // The stream resumes after the last event this page has (server-rendered on a reload), so none is sent twice.
  const [transport] = useState(() => {
    const after = snapshot.events.at(-1)?.seq ?? 0;
    return new DefaultChatTransport<RunUIMessage>({
      api: "/api/runs",
      prepareReconnectToStreamRequest: ({ id }) => ({ api: `/api/runs/${id}/stream?after=${after}` }),
    });
  });
  // The agent's answer as it streams (transient data-partial parts): shown until its saved event arrives.
  const [partial, setPartial] = useState<RunPartial | null>(null);
  const { messages, error } = useChat<RunUIMessage>({
    id: snapshot.run.id,
    resume: live,
    transport,
    onData: (part) => {
      if (part.type === "data-partial") setPartial(part.data as RunPartial);
    },
  });
  const events = useMemo(
    () => mergeBySeq(snapshot.events, messages.flatMap(eventsFromMessage)),
    [snapshot.events, messages],
  );
  const shownPartial = partial && isPartialCurrent(partial, events) ? partial : null;

  const finished = events.find((e) => e.type === "run-finished");
  const report = events.findLast((e) => e.type === "report");
  // The backend's own note ("no language model configured") is said in plain words in "About this run".
  const notices = events
    .filter((e) => e.type === "notice")
    .filter((n) => !n.data.message.startsWith("extractive mode"));
  // A full text that could not be fetched is not a failed search: the source's records are there.
  const failedSources = new Set(
    events.flatMap((e) => (e.type === "shortfall" && e.data.scope !== "full-text" ? [e.data.source] : [])),
  );
  const status = finished?.data.status ?? snapshot.run.status;
  const running = !finished && (status === "running" || status === "queued");
  const presentation = presentations.of(snapshot.run.mode);
  const usage = useMemo(
    () => summarizeUsage(usageEvents ? mergeBySeq(usageEvents, events) : events),
    [usageEvents, events],
  );

  useEffect(() => {
    if (live && finished) router.refresh();
  }, [live, finished, router]);

  return (
    <div className="space-y-4">
      <Card testId="run-header" className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h1 data-testid="run-question" className="max-w-3xl text-xl font-semibold leading-snug">
            {snapshot.run.question}
          </h1>
          <div className="no-print flex flex-wrap items-center gap-2">{actions}</div>
        </div>
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <RunStatusBadge status={status} />
          {snapshot.run.sources.map((s) => (
            <SourceBadge key={s} source={s} failed={failedSources.has(s)} />
          ))}
          <time dateTime={snapshot.run.createdAt}>
            {new Date(snapshot.run.createdAt).toLocaleString("en-GB", { timeZone: "UTC" })} UTC
          </time>
        </div>
        <AboutThisRun run={snapshot.run} />
        {usage.calls > 0 && (
          <p data-testid="run-cost" className="text-sm text-muted-foreground">
            Model usage: {formatUsageLine(usage)}
          </p>
        )}
        {notices.map((n) => (
          <p
            key={n.seq}
            data-testid="notice"
            className={
              `rounded-md px-3 py-2 text-sm ` +
              `${n.data.level === "warning" ? "bg-warning-soft text-warning" : "bg-muted text-muted-foreground"}`
            }
          >
            {n.data.message}
          </p>
        ))}
      </Card>

      {presentation && (
        <presentation.Results
          events={events}
          running={running}
          records={records}
          question={snapshot.run.question}
          maxIterations={snapshot.run.maxIterations}
          version={version}
          partial={shownPartial}
        />
      )}

      {/* A finished report carries its timeline in short under "How this report was made". */}
      {(!report || running) && (
        <Card label="Research timeline" className="no-print">
          <div aria-live="polite" className="mb-2 text-sm text-muted-foreground" data-testid="run-progress">
            {presentation?.mode.progress(events, running, snapshot.run.maxIterations) ?? status}
          </div>
          <Timeline events={events} />
          {shownPartial?.kind === "hypotheses" && <HypothesesPartial partial={shownPartial} />}
          {error && live && (
            <p role="alert" className="mt-2 text-sm text-danger">
              Lost the live connection ({error.message}); reload the page to catch up. The run continues on the server.
            </p>
          )}
        </Card>
      )}

      {finished && (
        <p
          data-testid="run-finished"
          role="status"
          className={
            "text-sm " +
            (finished.data.status === "completed"
              ? "text-muted-foreground"
              : "rounded-md bg-danger-soft px-3 py-2 text-danger")
          }
        >
          {finished.data.status === "completed"
            ? `Completed in ${formatDuration(finished.data.durationMs)}.`
            : `Run ${finished.data.status}: ${finished.data.message ?? "no details"}`}
        </p>
      )}
    </div>
  );
}
