import type { UIMessage } from "ai";
import type { SourceId } from "@/lib/models/evidence";
import type { HypothesisAssessment } from "@/lib/models/hypothesis";
import type { JudgeAssessment } from "@/lib/models/judge";
import type { ResearchReport } from "@/lib/models/report";

/** Which reasoning backend a run uses: a language model, or the deterministic extractive methods. */
export type BackendKind = "extractive" | "llm";

/** Lifecycle of a run as stored in the Run table. */
export type RunStatus = "queued" | "running" | "completed" | "failed" | "cancelled";

/** Why a search ran: the question itself, a hypothesis' suggestion, or the judge's next queries. */
export type SearchPhase = "question" | "hypothesis" | "judge";

/** A compact view of an evidence record, enough for the timeline (the full record is in the Evidence table). */
export interface EvidenceSummary {
  id: string;
  source: SourceId;
  title: string;
  journal: string | null;
  year: number | null;
  pmid: string | null;
  doi: string | null;
  nctId: string | null;
  url: string;
  publicationTypes: string[];
  preprint: boolean;
  trialPhase: string | null;
  trialStatus: string | null;
}

/**
 * The typed payload of every event a run emits, keyed by event type. Each event is saved as a RunEvent row
 * (with a per-run sequence number) before it is shown; the page and the stream render the saved rows.
 */
export interface RunEventPayloads {
  "run-started": {
    question: string;
    backend: BackendKind;
    model: string | null;
    sources: SourceId[];
    maxIterations: number;
  };
  notice: { level: "info" | "warning"; message: string };
  "iteration-started": { iteration: number };
  search: {
    iteration: number;
    phase: SearchPhase;
    source: SourceId;
    query: string;
    hits: number;
    durationMs: number;
  };
  shortfall: { iteration: number; source: SourceId; message: string };
  evidence: { iteration: number; added: EvidenceSummary[]; duplicates: number; total: number };
  hypotheses: { iteration: number; assessment: HypothesisAssessment };
  assessment: { iteration: number; assessment: JudgeAssessment; forced: boolean };
  report: { report: ResearchReport; markdown: string };
  "run-finished": {
    status: Exclude<RunStatus, "queued" | "running">;
    message: string | null;
    durationMs: number;
  };
}

export type RunEventType = keyof RunEventPayloads;

/** One saved event: its type, payload and 1-based sequence number within the run. */
export type RunEvent = {
  [K in RunEventType]: { seq: number; type: K; data: RunEventPayloads[K]; createdAt: string };
}[RunEventType];

/** Data parts of the UI message stream: `data-<event type>` carrying the payload plus its seq. */
export type RunDataParts = { [K in RunEventType]: RunEventPayloads[K] & { seq: number } };

/** The AI SDK UI message type streamed to the chat page (see app/api/runs/[id]/stream). */
export type RunUIMessage = UIMessage<never, RunDataParts>;

/** Emits one event; resolves once it is saved. */
export type EmitEvent = <K extends RunEventType>(type: K, data: RunEventPayloads[K]) => Promise<void>;
