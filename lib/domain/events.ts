import type { UIMessage } from "ai";
import type { BackendKind, RunStatus, SearchPhase } from "@/lib/domain/run";
import type { ClaimCheckResult, CounterCitation, DroppedPassage, ScoredDocumentSummary, SearchStrategy } from "@/lib/domain/claim-check";
import type { SourceId } from "@/lib/domain/evidence";
import type { HypothesisSet } from "@/lib/domain/hypothesis";
import type { JudgeAssessment } from "@/lib/domain/judge";
import type { ResearchReport } from "@/lib/domain/report";
import type { AgentName } from "@/lib/domain/agent";
import type { EntailmentVerdict } from "@/lib/domain/critic";
import type { DeterministicCheck, ReportRepair } from "@/lib/domain/critic";
import type { RunPartial } from "@/lib/domain/partial";

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
 * A critic verdict on one report draft: `attempt` 1 is the first draft, 2 and 3 the revisions (at most
 * `maxAttempts`); the deterministic `checks` always run, the LLM `entailment` check only when they pass on an LLM
 * backend (else null); `repairs` are what had to be removed from the model's draft; `outcome` says what follows:
 * "verified" (published), "revise" (the report agent gets the feedback), "unverified" (published with the flag).
 */
export interface CriticEventPayload {
  attempt: number;
  maxAttempts: number;
  verdict: "PASS" | "FAIL";
  checks: DeterministicCheck[];
  entailment: EntailmentVerdict | null;
  repairs: ReportRepair[];
  outcome: "verified" | "revise" | "unverified";
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
  /**
   * What the question asks (lib/reading/question.ts): about a named drug, open ("which drugs cause X"), repurposing
   * ("which existing drugs could treat X") or other (not about a drug: read for its findings); the drugs and
   * conditions it names; `reading`, the proposition in one line ("valproic acid — causes — diseases of the liver";
   * absent in runs saved before it); emitted after run-started.
   */
  "question-classified": { kind: "named-drug" | "open" | "repurposing" | "other"; drugs: string[]; conditions: string[]; reading?: string };
  notice: { level: "info" | "warning"; message: string };
  "iteration-started": { iteration: number };
  search: {
    iteration: number;
    phase: SearchPhase;
    source: SourceId;
    query: string;
    hits: number;
    durationMs: number;
    /** True when the answer came from the source cache (lib/sources/cache.ts), not the network; absent otherwise. */
    fromCache?: boolean;
  };
  shortfall: { iteration: number; source: SourceId; message: string };
  evidence: { iteration: number; added: EvidenceSummary[]; duplicates: number; total: number };
  /** `droppedEvidenceIds`: references the agent gave that named no evidence it was offered (dropped; LLM only). */
  hypotheses: { iteration: number; assessment: HypothesisSet; droppedEvidenceIds?: string[] };
  assessment: { iteration: number; assessment: JudgeAssessment; forced: boolean };
  report: { report: ResearchReport; markdown: string };
  /** One critic verdict on a report draft (see lib/research/critic-loop.ts and {@link CriticEventPayload}). */
  critic: CriticEventPayload;
  /**
   * Token usage of one model call; `costUsd` is the estimate from the configured prices (null when a price or a
   * token count is unknown). Token counts are null when the provider reported none.
   */
  usage: {
    agent: AgentName;
    attempt: number;
    model: string | null;
    inputTokens: number | null;
    outputTokens: number | null;
    totalTokens: number | null;
    costUsd: number | null;
  };
  "run-finished": {
    status: Exclude<RunStatus, "queued" | "running">;
    message: string | null;
    durationMs: number;
  };
  // Claim check (Run.mode "claim-check"); `claim` is the 1-based number of the claim.
  /** The checkable claims found in the pasted text (at most 3), by the model or by finding cues. */
  "claims-extracted": { method: BackendKind; sentences: number; claims: string[] };
  "counter-statement": {
    claim: number;
    text: string;
    counterStatement: string;
    keywords: string[];
    keywordQuery: string;
    hydeAbstracts: string[];
  };
  /** One source call of one search strategy. */
  "claim-search": {
    claim: number;
    strategy: SearchStrategy;
    source: SourceId;
    query: string;
    hits: number;
    durationMs: number;
    /** True when the answer came from the source cache (lib/sources/cache.ts), not the network; absent otherwise. */
    fromCache?: boolean;
  };
  /** Every found document scored 0–5 for support of the counter-statement; `documents` best first. */
  "claim-scored": {
    claim: number;
    found: number;
    scored: number;
    threshold: number;
    aboveThreshold: number;
    byStrategy: Record<SearchStrategy, number>;
    modelCalls: number;
    documents: ScoredDocumentSummary[];
  };
  "counter-report": { claim: number; report: string; citations: CounterCitation[]; dropped: DroppedPassage[] };
  "claim-verdict": { claim: number; result: ClaimCheckResult };
}

export type RunEventType = keyof RunEventPayloads;

/** One saved event: its type, payload and 1-based sequence number within the run. */
export type RunEvent = {
  [K in RunEventType]: { seq: number; type: K; data: RunEventPayloads[K]; createdAt: string };
}[RunEventType];

/**
 * Data parts of the UI message stream: `data-<event type>` carrying the payload plus its seq, and the transient
 * `data-partial` carrying an agent's answer as it streams (never saved, see lib/domain/partial).
 */
export type RunDataParts = { [K in RunEventType]: RunEventPayloads[K] & { seq: number } } & { partial: RunPartial };

/** The AI SDK UI message type streamed to the chat page (see app/api/runs/[id]/stream). */
export type RunUIMessage = UIMessage<never, RunDataParts>;

/** Emits one event; resolves once it is saved. */
export type EmitEvent = <K extends RunEventType>(type: K, data: RunEventPayloads[K]) => Promise<void>;
