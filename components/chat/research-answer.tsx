"use client";

import { useRouter } from "next/navigation";
import { useEffect, useMemo, useRef } from "react";
import { ReportChangesSummary } from "./report-changes";
import { CancelButton } from "@/components/run/cancel-button";
import { CompactTimeline } from "@/components/run/compact-timeline";
import { Timeline } from "@/components/run/timeline";
import { iterationEvents, reportChanges, reportVersions } from "@/lib/chat/report-versions";
import type { ChatUIMessage, ResearchIterationData } from "@/lib/domain/chat";
import type { RunEvent } from "@/lib/domain/events";
import { eventsFromMessage } from "@/lib/runs/event-parts";

/** How often a thread reloaded mid-iteration re-reads the run from the server (ms). */
const REFRESH_MS = 2_000;

/** The run events a research answer streamed (its `data-<event type>` parts). */
function streamedEvents(message: ChatUIMessage): RunEvent[] {
  const runParts = message.parts.filter(
    (p) =>
      p.type.startsWith("data-") &&
      !["data-follow-up-kind", "data-chat-answer", "data-research-iteration", "data-report-version"].includes(p.type),
  );
  return eventsFromMessage({ ...message, parts: runParts } as never);
}

/**
 * A research follow-up's answer: the new iteration's steps (live while it runs, then in short), then,
 * once it has written the next report version, "Report vN" with what changed and a link to it: the report itself is
 * shown at the top of the page, one version at a time, and the page scrolls to it when the iteration ends while the
 * reader watches. While the iteration runs the owner can cancel it; a thread reloaded mid-iteration re-reads the run
 * every 2 s. `reportHref` + a version number is that version's address.
 */
export function ResearchAnswer({
  data,
  message,
  runEvents,
  streaming,
  canCancel,
  runId,
  maxIterations,
  reportHref,
}: {
  data: ResearchIterationData;
  message: ChatUIMessage;
  runEvents: RunEvent[];
  streaming: boolean;
  canCancel: boolean;
  runId: string;
  maxIterations: number;
  reportHref: string;
}) {
  const router = useRouter();
  const all = useMemo(() => {
    const bySeq = new Map<number, RunEvent>();
    for (const e of [...runEvents, ...streamedEvents(message)]) if (!bySeq.has(e.seq)) bySeq.set(e.seq, e);
    return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
  }, [runEvents, message]);
  const { events, finished } = iterationEvents(all, data.fromSeq);
  const end = events.findLast((e) => e.type === "run-finished");
  const upToEnd = useMemo(() => all.filter((e) => e.seq <= (end?.seq ?? Infinity)), [all, end]);
  const versions = reportVersions(upToEnd);
  const latest = versions.at(-1);
  const version = latest && latest.seq > data.fromSeq ? latest : null;
  const previous = version ? versions.at(-2) : undefined;
  const changes = version && previous ? reportChanges(previous, version, upToEnd) : null;
  // Scroll to the new version when it arrives while the reader watches (not when a finished thread is opened).
  const watched = useRef(!finished);
  const versionNumber = version?.version ?? null;

  useEffect(() => {
    if (finished || streaming) return;
    const timer = setInterval(() => router.refresh(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [finished, streaming, router]);

  useEffect(() => {
    if (!watched.current || versionNumber === null) return;
    watched.current = false;
    // The page refreshes to show the new version at its top; scroll there once it has.
    const timer = setTimeout(
      () => document.getElementById("report")?.scrollIntoView({ behavior: "smooth", block: "start" }),
      600,
    );
    return () => clearTimeout(timer);
  }, [versionNumber]);

  return (
    <div className="space-y-3" data-testid="research-answer">
      <p className="text-sm" data-testid="research-iteration">
        Iteration {data.iteration} of this run (a follow-up): searching{" "}
        {data.queries.map((q) => `“${q}”`).join(" and ")}, then hypotheses, the judge and a revised report.
      </p>
      <div className="no-print rounded-md border border-border p-3">
        {finished ? <CompactTimeline events={events} maxIterations={maxIterations} /> : <Timeline events={events} />}
      </div>
      {!finished && (
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground" aria-live="polite">
          <span data-testid="research-progress">Researching… iteration {data.iteration} (a follow-up)</span>
          {canCancel && <CancelButton runId={runId} />}
        </div>
      )}
      {end && end.data.status !== "completed" && (
        <p
          role="status"
          className="rounded-md bg-danger-soft px-3 py-2 text-sm text-danger"
          data-testid="research-outcome"
        >
          Iteration {end.data.status}: {end.data.message ?? "no details"}
        </p>
      )}
      {version && (
        <div className="space-y-2" data-testid="report-version">
          <h2 className="text-lg font-semibold">Report v{version.version}</h2>
          {changes && <ReportChangesSummary changes={changes} />}
          <a
            href={`${reportHref}${version.version}#report`}
            className="inline-block text-sm font-medium text-accent underline underline-offset-2"
            data-testid="report-version-open"
          >
            Read report v{version.version}
          </a>
        </div>
      )}
    </div>
  );
}
