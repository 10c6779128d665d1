import { getRun, listRunEvents } from "@/lib/db/runs";
import type { RunEvent } from "@/lib/domain/events";

/**
 * How often a run's feed reads new events when nothing in this process announced one (ms): events saved by
 * another instance or a CLI process reach this instance's viewers within this time.
 */
export const FEED_POLL_MS = 500;
/** How often the feed reads the run's status, to end on a terminal status without a closing event (ms). */
const STATUS_MS = 2_000;

interface Feed {
  /** Every event read so far, in seq order. */
  events: RunEvent[];
  ended: boolean;
  listeners: Set<() => void>;
  wake: () => void;
}

const holder = globalThis as unknown as { __criticaEventFeeds?: Map<string, Feed> };
/** One feed per run with viewers in this process (globalThis: dev reloads share them). */
const feeds: Map<string, Feed> = (holder.__criticaEventFeeds ??= new Map());

/**
 * Announces that an event of `runId` was saved by this process, so its viewers here get it at once rather than at
 * the next poll. The database recorder calls it after each event.
 */
export function notifyRunEvent(runId: string): void {
  feeds.get(runId)?.wake();
}

async function follow(runId: string, feed: Feed): Promise<void> {
  let statusReadAt = Date.now();
  // Set once the run's status is terminal: the closing event (saved just after the status) has until then to arrive.
  let endBy = Number.POSITIVE_INFINITY;
  try {
    while (feed.listeners.size > 0 && !feed.ended) {
      const fresh = await listRunEvents(runId, feed.events.at(-1)?.seq ?? 0);
      feed.events.push(...fresh);
      if (fresh.some((e) => e.type === "run-finished") || Date.now() > endBy) feed.ended = true;
      else if (endBy === Number.POSITIVE_INFINITY && Date.now() - statusReadAt > STATUS_MS) {
        statusReadAt = Date.now();
        const run = await getRun(runId);
        if (!run || (run.status !== "running" && run.status !== "queued")) endBy = Date.now() + STATUS_MS;
      }
      for (const listener of feed.listeners) listener();
      if (feed.ended) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, FEED_POLL_MS);
        feed.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      feed.wake = () => undefined;
    }
  } catch (error) {
    console.error(`critica: the event feed of run ${runId} failed:`, error instanceof Error ? error.message : error);
    feed.ended = true;
    for (const listener of feed.listeners) listener();
  } finally {
    feeds.delete(runId);
  }
}

/**
 * Follows the saved events of `runId` with seq > `after`: `onEvents` gets them in order, each once, as they are
 * saved (at once when this process saved them, else within FEED_POLL_MS), and `ended: true` once the run has
 * ended (its run-finished event, or a terminal status). All viewers of a run in this process share one reader of
 * the database, so the load does not grow with the number of viewers.
 * @returns the function that stops following.
 */
export function followRunEvents(
  runId: string,
  after: number,
  onEvents: (events: RunEvent[], ended: boolean) => void,
): () => void {
  let feed = feeds.get(runId);
  const created = !feed;
  feed ??= { events: [], ended: false, listeners: new Set(), wake: () => undefined };
  let last = after;
  const current = feed;
  const listener = () => {
    const fresh = current.events.filter((e) => e.seq > last);
    if (fresh.length) last = fresh.at(-1)!.seq;
    if (fresh.length || current.ended) onEvents(fresh, current.ended);
  };
  feed.listeners.add(listener);
  if (created) {
    feeds.set(runId, feed);
    void follow(runId, feed);
  } else listener();
  return () => void current.listeners.delete(listener);
}
