import { z } from "zod";
import { evidenceSchema, sourceIdSchema } from "./evidence";
import { parseStoredEvent, type RunEvent } from "./events";
import { backendKindSchema, runStatusSchema } from "./run";
import { messagePartsSchema, type ChatUIMessage } from "./chat";

/**
 * The version of the snapshots written now: 1 since snapshots carry one (those frozen before have none). A later
 * change of the snapshot's shape raises it, and readers convert the older ones.
 */
export const SNAPSHOT_VERSION = 1;

/**
 * What a run page renders, as stored (a share link's JSON column) and checked when it is read: the run's header
 * fields, each saved event's envelope (its payload is parsed by its event type's schema: readSnapshot) and, when frozen
 * with them, the run's full evidence records, `run.iterations` / `run.confidence` and its conversation after its first
 * turn, so a shared copy and its exports never read live rows; snapshots frozen before these fields existed lack them.
 */
export const runSnapshotSchema = z.object({
  version: z.literal(SNAPSHOT_VERSION).optional(),
  run: z.object({
    id: z.string(),
    mode: z.string(),
    question: z.string(),
    status: runStatusSchema,
    backend: backendKindSchema,
    model: z.string().nullable(),
    sources: z.array(sourceIdSchema),
    maxIterations: z.number().int(),
    error: z.string().nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
    iterations: z.number().int().optional(),
    confidence: z.number().nullable().optional(),
  }),
  events: z.array(z.object({ seq: z.number().int(), type: z.string(), data: z.unknown(), createdAt: z.string() })),
  evidence: z.array(evidenceSchema).optional(),
  messages: z
    .array(
      z.object({
        id: z.string(),
        role: z.enum(["user", "assistant", "system"]),
        parts: messagePartsSchema,
        metadata: z
          .object({ createdAt: z.string(), status: z.enum(["streaming", "complete", "stopped", "failed"]) })
          .optional(),
      }),
    )
    .optional(),
});

/** A run's snapshot: the header and frozen records of runSnapshotSchema, its events typed by the event contract. */
export type RunSnapshot = Omit<z.infer<typeof runSnapshotSchema>, "events" | "messages"> & {
  events: RunEvent[];
  messages?: ChatUIMessage[];
};

/**
 * A stored snapshot, checked: the header and records by runSnapshotSchema, each event by its type's schema (one
 * that does not parse is reported to `onInvalid` and read as a warning notice: parseStoredEvent).
 * @throws ZodError when the header or the records do not match.
 */
export function readSnapshot(stored: unknown, onInvalid: (seq: number, problem: string) => void): RunSnapshot {
  const { events, messages, ...rest } = runSnapshotSchema.parse(stored);
  return {
    ...rest,
    events: events.map((e) => parseStoredEvent(e, (problem) => onInvalid(e.seq, problem))),
    // Message parts are AI SDK UI parts, checked to be objects with a type, as lib/db/messages.ts reads them.
    ...(messages ? { messages: messages as ChatUIMessage[] } : {}),
  };
}
