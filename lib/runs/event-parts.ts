import type { UIMessageChunk } from "ai";
import type { RunDataParts, RunEvent, RunEventType, RunUIMessage } from "@/lib/domain/events";

type DataChunk = Extract<UIMessageChunk<never, RunDataParts>, { type: `data-${string}` }>;

/** The UI stream chunk of a saved event: `{ type: "data-<event type>", id: "ev-<seq>", data: payload + seq }`. */
export function eventToDataPart(event: RunEvent): DataChunk {
  return { type: `data-${event.type}`, id: `ev-${event.seq}`, data: { ...event.data, seq: event.seq } } as DataChunk;
}

/**
 * The saved events carried by a streamed message's data parts (the inverse of eventToDataPart), in seq order.
 * Parts that are not run events are ignored.
 */
export function eventsFromMessage(message: RunUIMessage): RunEvent[] {
  const events: RunEvent[] = [];
  for (const part of message.parts) {
    if (!part.type.startsWith("data-")) continue;
    const { seq, ...data } = (part as { data: { seq: number } }).data;
    events.push({ seq, type: part.type.slice(5) as RunEventType, data, createdAt: "" } as RunEvent);
  }
  return events.sort((a, b) => a.seq - b.seq);
}
