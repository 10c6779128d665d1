import type { z } from "zod";
import type { EmitEvent, RunEvent } from "@/lib/domain/events";

/**
 * An event type a mode keeps in its own folder instead of the shared contract (lib/domain/events.ts): saved as a
 * "mode-event" with its `kind`, its payload checked by `schema` when it is emitted and again when it is read, so a
 * reader never sees a payload that does not match. (The research and claim-check events are in the shared contract,
 * where a saved event's type narrows its payload; a mode that wants to stay within its folder uses this.)
 */
export interface ModeEvent<T> {
  kind: string;
  /** Saves one event of this kind; @throws ZodError when `data` does not match the schema (nothing is saved). */
  emit(emit: EmitEvent, data: T): Promise<void>;
  /** The payload of `event` when it is an event of this kind that matches the schema, else null. */
  of(event: RunEvent): T | null;
  /** Every event of this kind among `events`, in order, with its seq (those that do not match are left out). */
  all(events: RunEvent[]): Array<{ seq: number; data: T }>;
}

/** A mode's own event type named `kind` (unique within the mode), its payload described by `schema`. */
export function defineModeEvent<S extends z.ZodType>(kind: string, schema: S): ModeEvent<z.output<S>> {
  const of = (event: RunEvent): z.output<S> | null => {
    if (event.type !== "mode-event" || event.data.kind !== kind) return null;
    const parsed = schema.safeParse(event.data.data);
    return parsed.success ? parsed.data : null;
  };
  return {
    kind,
    emit: (emit, data) => emit("mode-event", { kind, data: schema.parse(data) }),
    of,
    all: (events) =>
      events.flatMap((event) => {
        const data = of(event);
        return data === null ? [] : [{ seq: event.seq, data }];
      }),
  };
}
