import type { Shortfall } from "@/lib/domain/run";
import type {
  ClaimCheckResult,
  ClaimReading,
  ClaimSearchStats,
  ClaimSides,
  CounterCitation,
  CounterStatement,
  DocumentScore,
  DroppedPassage,
} from "@/lib/domain/claim-check";
import type { Evidence, SourceId } from "@/lib/domain/evidence";
import type { LiteratureSource } from "@/lib/sources/types";
import type { TextEmbedder } from "@/lib/text/similarity";
import type { ModelPrices } from "@/lib/ai/pricing";
import type { RunRecorder } from "@/lib/runs/recorder";
import type { RunFailure } from "@/lib/runs/durable-step";
import type { RunOutcome } from "@/lib/runs/mode";
import type { ClaimCheckBackend } from "./backend";
import type { FoundDocument } from "./merge-found";

/** Everything a claim check needs; `timeoutMs` bounds each source call (milliseconds), `signal` cancels the check. */
export interface ClaimCheckInput {
  text: string;
  sourceIds: SourceId[];
  sources: LiteratureSource[];
  backend: ClaimCheckBackend;
  embedder: TextEmbedder;
  timeoutMs: number;
  recorder: RunRecorder;
  signal?: AbortSignal;
  /**
   * Whether each model call's usage is recorded as a `usage` event (with its estimated cost from `prices`);
   * default false (a caller that passes its own usage hook to the backend hears the calls there).
   */
  recordUsage?: boolean;
  /** Model prices for the estimated cost of each `usage` event (null: not estimated). */
  prices?: ModelPrices | null;
  /** The backend's per-call time limit in ms, named in timeout messages. */
  modelTimeoutMs?: number;
}

/** What a claim check produced, whatever its final status (a failed check keeps the claims it finished). */
export interface ClaimCheckOutcome extends RunOutcome {
  claims: ClaimCheckResult[];
  shortfalls: Shortfall[];
}

/**
 * One claim between the stages of its check, plain data (a durable engine passes it from step to step by value):
 * its number `n` (1-based), when its check began (`startedAt`, ms since the epoch, for its duration), what each
 * stage produced so far, and `error`, the message of the stage that failed it (the other claims go on).
 */
export interface ClaimProgress {
  n: number;
  claim: string;
  startedAt: number;
  error: string | null;
  counter: CounterStatement | null;
  /** Whether the HyDE search ran (it needs a language model). */
  hydeRan: boolean;
  /** The supportable documents found (retracted ones are saved and shown, never scored: their findings are void). */
  documents: FoundDocument[];
  scores: DocumentScore[];
  findings: {
    citations: CounterCitation[];
    dropped: DroppedPassage[];
    stats: ClaimSearchStats;
    sides: ClaimSides;
    reading: ClaimReading | null;
  } | null;
  counterReport: string | null;
  result: ClaimCheckResult | null;
}

/**
 * The state of a claim check between its stages: its claims, the run's merged evidence (for deduplication) and its
 * shortfalls.
 */
export interface ClaimCheckState {
  claims: ClaimProgress[];
  evidence: Evidence[];
  shortfalls: Shortfall[];
}

/** The state of a check that has not started. */
export function initialClaimCheckState(): ClaimCheckState {
  return { claims: [], evidence: [], shortfalls: [] };
}

/**
 * The outcome of a check from its final state: the claims it finished (in claim order) and, when it did not
 * fail or get cancelled as a whole (`failure`), "failed" with the first failed claim's message if any claim failed.
 */
export function claimCheckOutcome(state: ClaimCheckState, failure: RunFailure | null): ClaimCheckOutcome {
  const failedClaim = state.claims.find((c) => c.error !== null);
  const end = failure ?? (failedClaim ? { status: "failed" as const, message: failedClaim.error! } : null);
  return {
    status: end?.status ?? "completed",
    error: end?.message ?? null,
    claims: state.claims.flatMap((c) => (c.result ? [c.result] : [])),
    shortfalls: state.shortfalls,
  };
}
