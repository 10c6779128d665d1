import { z } from "zod";
import { evidenceSchema, sourceIdSchema, type Evidence, type SourceId } from "./evidence";
import type { RunEvent } from "./events";
import type { BackendKind, RunStatus } from "./run";
import type { ChatUIMessage } from "./chat";

/**
 * What a run page renders: the run's header fields and its saved events (dates as ISO strings). Share links freeze
 * one with `evidence` (the run's full evidence records) and `run.iterations`/`run.confidence`, so a shared copy and
 * its exports never read live rows; snapshots frozen before these fields existed lack them.
 */
export interface RunSnapshot {
  run: {
    id: string;
    mode: string;
    question: string;
    status: RunStatus;
    backend: BackendKind;
    model: string | null;
    sources: SourceId[];
    maxIterations: number;
    error: string | null;
    createdAt: string;
    finishedAt: string | null;
    iterations?: number;
    confidence?: number | null;
  };
  events: RunEvent[];
  evidence?: Evidence[];
  /** The run's conversation after its first turn (issue 14), frozen with a share link; absent on older snapshots. */
  messages?: ChatUIMessage[];
}

/**
 * The stored form of a {@link RunSnapshot} (a share link's JSON column), checked when it is read: the header's
 * fields, each event's envelope (its payload an object, per the RunEventPayloads contract it was written with)
 * and, when frozen with it, the evidence records.
 */
export const runSnapshotSchema = z.object({
  run: z.object({
    id: z.string(),
    mode: z.string(),
    question: z.string(),
    status: z.enum(["queued", "running", "completed", "failed", "cancelled"]),
    backend: z.enum(["extractive", "llm"]),
    model: z.string().nullable(),
    sources: z.array(sourceIdSchema),
    maxIterations: z.number().int(),
    error: z.string().nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
    iterations: z.number().int().optional(),
    confidence: z.number().nullable().optional(),
  }),
  events: z.array(z.object({ seq: z.number().int(), type: z.string(), data: z.record(z.string(), z.unknown()), createdAt: z.string() })),
  evidence: z.array(evidenceSchema).optional(),
  messages: z
    .array(
      z.object({
        id: z.string(),
        role: z.enum(["user", "assistant", "system"]),
        parts: z.array(z.looseObject({ type: z.string() })),
        metadata: z.object({ createdAt: z.string(), status: z.enum(["streaming", "complete", "stopped", "failed"]) }).optional(),
      }),
    )
    .optional(),
});
