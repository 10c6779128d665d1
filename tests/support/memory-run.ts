import type { Evidence } from "@/lib/domain/evidence";
import type { RunEventPayloads, RunEventType } from "@/lib/domain/events";
import type { RunPartial } from "@/lib/domain/partial";
import type { RunRecorder } from "@/lib/runs/recorder";
import type { LiteratureSource } from "@/lib/sources/types";
import { rankBm25 } from "@/lib/text/bm25";

// A run's surroundings in memory, for tests that call a mode's run function directly (no database, no server).

/** One event as the recorder got it. */
export interface RecordedEvent {
  type: RunEventType;
  data: unknown;
}

/**
 * A recorder that keeps a run's events (in order) and its saved records in memory, as the database saves them. With
 * `streams`, it also takes the partial answers shown to live viewers (the run then streams them) and keeps them in
 * `partials`; without, it takes none, as a recorder with no live viewer.
 */
export function memoryRecorder(
  options: { streams?: boolean } = {},
): RunRecorder & { events: RecordedEvent[]; saved: Evidence[]; partials: RunPartial[] } {
  const events: RecordedEvent[] = [];
  const saved: Evidence[] = [];
  const partials: RunPartial[] = [];
  return {
    events,
    saved,
    partials,
    emit: async <K extends RunEventType>(type: K, data: RunEventPayloads[K]) => void events.push({ type, data }),
    saveEvidence: async (evidence) => void saved.push(...evidence),
    ...(options.streams ? { partial: (partial: RunPartial) => void partials.push(partial) } : {}),
  };
}

/** The payloads of the recorded events of one type, in order. */
export function eventsOf<K extends RunEventType>(
  recorder: { events: RecordedEvent[] },
  type: K,
): RunEventPayloads[K][] {
  return recorder.events.filter((e) => e.type === type).map((e) => e.data as RunEventPayloads[K]);
}

/**
 * `records` as the local library: a search returns the `limit` best by BM25 over title and abstract (deterministic),
 * with relevance falling linearly from 1 by rank.
 */
export function bm25Library(records: Evidence[]): LiteratureSource {
  return {
    id: "local",
    search: async (query, { limit }) => {
      const ranked = rankBm25(
        query,
        records.map((e) => `${e.citation.title} ${e.citation.abstract}`),
      ).slice(0, limit);
      return ranked.map((r, i) => ({ ...records[r.index], relevance: (ranked.length - i) / ranked.length }));
    },
  };
}
