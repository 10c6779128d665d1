import { createUIMessageStream, createUIMessageStreamResponse } from "ai";
import { connection } from "next/server";
import type { RunUIMessage } from "@/lib/domain/events";
import { runIdSchema } from "@/lib/domain/run";
import { eventToDataPart, partialToDataPart } from "@/lib/runs/event-parts";
import { latestRunPartial } from "@/lib/runs/partials";
import { followRunEvents } from "@/lib/runs/event-feed";
import { lastEventSeq } from "@/lib/db/runs";
import { readableRun } from "@/lib/auth/access";
import { getCaller } from "@/app/_server/caller";
import { apiError } from "@/app/api/_contract/respond";

/**
 * A stream ends after this long (ms) even while the run goes on, so no reader holds a server connection forever; the
 * client reconnects from the last event it has (`?after=<seq>`).
 */
const STREAM_TIMEOUT_MS = 10 * 60_000;

/** How often the latest partial answer of a streaming agent is looked for, in milliseconds. */
const PARTIAL_POLL_MS = 200;

/**
 * The seq a reader already has: `?after=<seq>` or the `Last-Event-ID` header (an event's seq, or its part id
 * `ev-<seq>`); 0 = from the start.
 */
function resumeAfter(request: Request): number {
  const raw = new URL(request.url).searchParams.get("after") ?? request.headers.get("last-event-id") ?? "0";
  const seq = Number(raw.replace(/^ev-/, ""));
  return Number.isInteger(seq) && seq > 0 ? seq : 0;
}

/**
 * GET /api/runs/<id>/stream[?after=<seq>]: the run's saved events as an AI SDK UI message stream of
 * `data-<event type>` parts, from the event after `after` (or the `Last-Event-ID` header; default: the first),
 * then followed as they are saved, until the run-finished event or a terminal status (completed, failed,
 * cancelled), or after {@link STREAM_TIMEOUT_MS}. The events come from the database, so any instance serves any
 * run, and a reload or another instance resumes from the last event seen without repeating one. Used by useChat's
 * `resume`. The latest partial answer of a streaming agent (LLM hypotheses and report drafts) is sent as a transient
 * `data-partial` part, at most once per {@link PARTIAL_POLL_MS}. 204 when the run has already ended and the reader
 * has every event (an ended run's missed events are sent, then the stream ends), 404 for an unknown run or one the
 * caller may not
 * read (lib/auth/rules.ts canReadRun).
 */
export async function GET(request: Request, ctx: RouteContext<"/api/runs/[id]/stream">) {
  await connection();
  const parsed = runIdSchema.safeParse((await ctx.params).id);
  const run = parsed.success ? await readableRun(await getCaller(), parsed.data) : null;
  if (!run) return apiError(404, "Unknown run.");
  const { id } = run;
  // An ended run: 204 when the reader has every event. A page rendered while the run ran whose stream connects after
  // it ended (a run of a second or two) still gets the events it missed, the run's end among them.
  if (run.status !== "running" && run.status !== "queued") {
    if ((await lastEventSeq(id)) <= resumeAfter(request)) return new Response(null, { status: 204 });
  }

  const stream = createUIMessageStream<RunUIMessage>({
    execute: ({ writer }) =>
      new Promise<void>((resolve) => {
        writer.write({ type: "start", messageId: `run-${id}` });
        let done = false;
        let stop = () => {};
        const timer = setTimeout(() => end(), STREAM_TIMEOUT_MS);
        // The agent's answer as it streams: the latest one, once per version (kept in this process's memory only).
        let partialVersion = 0;
        const partials = setInterval(() => {
          const partial = latestRunPartial(id);
          if (done || !partial || partial.version === partialVersion) return;
          writer.write(partialToDataPart(partial.partial));
          partialVersion = partial.version;
        }, PARTIAL_POLL_MS);
        const end = () => {
          if (done) return;
          done = true;
          stop();
          clearTimeout(timer);
          clearInterval(partials);
          request.signal.removeEventListener("abort", end);
          writer.write({ type: "finish" });
          resolve();
        };
        // One shared reader per run and process (lib/runs/event-feed.ts), whatever the number of viewers.
        request.signal.addEventListener("abort", end, { once: true });
        stop = followRunEvents(id, resumeAfter(request), (events, ended) => {
          for (const event of events) writer.write(eventToDataPart(event));
          if (ended) end();
        });
        if (done) stop();
      }),
  });
  return createUIMessageStreamResponse({ stream });
}
