import type { UIMessageChunk } from "ai";
import type { RunDataParts, RunEvent, RunEventType, RunUIMessage } from "@/lib/domain/events";
import type { RunPartial } from "@/lib/domain/partial";

type DataChunk = Extract<UIMessageChunk<never, RunDataParts>, { type: `data-${string}` }>;

/** The UI stream chunk of a saved event: `{ type: "data-<event type>", id: "ev-<seq>", data: payload + seq }`. */
export function eventToDataPart(event: RunEvent): DataChunk {
  return { type: `data-${event.type}`, id: `ev-${event.seq}`, data: { ...event.data, seq: event.seq } } as DataChunk;
}

/**
 * The UI stream chunk of a run's partial answer: `{ type: "data-partial", id: "partial", data, transient: true }`.
 * Transient: the client gets it in useChat's `onData` and never keeps it in the message, so a reloaded page or a
 * long report does not pile partials up; the final answer arrives as its saved event.
 */
export function partialToDataPart(
  partial: RunPartial,
): Extract<UIMessageChunk<never, RunDataParts>, { type: "data-partial" }> {
  return { type: "data-partial", id: "partial", data: partial, transient: true };
}

/**
 * The saved events carried by a streamed message's data parts (the inverse of eventToDataPart), in seq order.
 * Parts that are not run events are ignored.
 */
export function eventsFromMessage(message: RunUIMessage): RunEvent[] {
  const events: RunEvent[] = [];
  for (const part of message.parts) {
    if (!part.type.startsWith("data-") || part.type === "data-partial") continue;
    const { seq, ...data } = (part as { data: { seq: number } }).data;
    events.push({ seq, type: part.type.slice(5) as RunEventType, data, createdAt: "" } as RunEvent);
  }
  return events.sort((a, b) => a.seq - b.seq);
}

/**
 * Whether a partial answer is still news given the saved events: hypothesis cards until the hypotheses event of
 * their iteration (or a later one) is saved; a report draft until its critic verdict (attempt) or the report is
 * saved; neither once the run has finished.
 */
export function isPartialCurrent(partial: RunPartial, events: RunEvent[]): boolean {
  if (events.some((e) => e.type === "run-finished")) return false;
  if (partial.kind === "hypotheses")
    return !events.some((e) => e.type === "hypotheses" && e.data.iteration >= partial.iteration);
  return !events.some((e) => e.type === "report" || (e.type === "critic" && e.data.attempt >= partial.attempt));
}
