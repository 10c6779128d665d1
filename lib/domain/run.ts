import type { SourceId } from "./evidence";

/** Which reasoning backend a run uses: a language model, or the deterministic extractive methods. */
export type BackendKind = "extractive" | "llm";

/** Lifecycle of a run as stored in the Run table. */
export type RunStatus = "queued" | "running" | "completed" | "failed" | "cancelled";

/** Why a search ran: the question itself, a hypothesis' suggestion, or the judge's next queries. */
export type SearchPhase = "question" | "hypothesis" | "judge";

/** A source that could not deliver, as recorded in the run (e.g. "PubMed: timed out after 15 s, 0 records"). */
export interface Shortfall {
  source: SourceId;
  message: string;
}
