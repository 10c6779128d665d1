import { createUIMessageStream, createUIMessageStreamResponse } from "ai";
import { connection } from "next/server";
import { getRun, listRunEvents } from "@/lib/db/runs";
import type { RunUIMessage } from "@/lib/domain/events";
import { eventToDataPart } from "@/lib/runs/event-parts";
import { readableRun } from "@/lib/auth/access";
import { getCaller } from "@/app/_server/caller";

/** How often the stream looks for newly saved events, in milliseconds. */
const POLL_MS = 200;
/** A stream ends after this long without new events if the run is no longer marked running (milliseconds). */
const STALE_MS = 5_000;

/**
 * GET /api/runs/<id>/stream: the run's saved events as an AI SDK UI message stream of `data-<event type>` parts,
 * replayed from the first event and then followed as they are saved, until the run-finished event. Used by
 * useChat's `resume`, so reloading the page mid-run shows everything so far and keeps streaming.
 * 204 when the run has already ended (the page has everything), 404 for an unknown run or one the caller may not
 * read (lib/auth/rules.ts canReadRun).
 */
export async function GET(request: Request, ctx: RouteContext<"/api/runs/[id]/stream">) {
  await connection();
  const { id } = await ctx.params;
  const run = await readableRun(await getCaller(), id);
  if (!run) return new Response("Unknown run", { status: 404 });
  if (run.status !== "running" && run.status !== "queued") return new Response(null, { status: 204 });

  const stream = createUIMessageStream<RunUIMessage>({
    execute: async ({ writer }) => {
      writer.write({ type: "start", messageId: `run-${id}` });
      let after = 0;
      let lastNews = Date.now();
      while (!request.signal.aborted) {
        const events = await listRunEvents(id, after);
        for (const event of events) {
          writer.write(eventToDataPart(event));
          after = event.seq;
        }
        if (events.some((e) => e.type === "run-finished")) break;
        if (events.length) lastNews = Date.now();
        else if (Date.now() - lastNews > STALE_MS) {
          const current = await getRun(id);
          if (!current || (current.status !== "running" && current.status !== "queued")) break;
          lastNews = Date.now();
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      writer.write({ type: "finish" });
    },
  });
  return createUIMessageStreamResponse({ stream });
}
