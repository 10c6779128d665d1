import { z } from "zod";
import { sourceIdSchema } from "./evidence";

/** A run's id, in a path, a form or on the command line (the Run row's key). */
export const runIdSchema = z.uuid();

/** Which reasoning backend a run uses: a language model, or the deterministic extractive methods. */
export const backendKindSchema = z.enum(["extractive", "llm"]);
export type BackendKind = z.infer<typeof backendKindSchema>;

/**
 * Lifecycle of a run as stored in the Run table. "interrupted": nobody will execute the run any more (its server
 * stopped, or its engine state was lost or stuck: lib/runs/reconcile.ts); everything it found is kept.
 */
export const runStatusSchema = z.enum(["queued", "running", "completed", "failed", "cancelled", "interrupted"]);
export type RunStatus = z.infer<typeof runStatusSchema>;

/** Why a search ran: the question itself, a hypothesis' suggestion, or the judge's next queries. */
export const searchPhaseSchema = z.enum(["question", "hypothesis", "judge"]);
export type SearchPhase = z.infer<typeof searchPhaseSchema>;

/** A source that could not deliver, as recorded in the run (e.g. "PubMed: timed out after 15 s, 0 records"). */
export const shortfallSchema = z.object({ source: sourceIdSchema, message: z.string() });
export type Shortfall = z.infer<typeof shortfallSchema>;
