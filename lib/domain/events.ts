import type { UIMessage } from "ai";
import { z } from "zod";
import { agentNameSchema } from "./agent";
import {
  claimCheckResultSchema,
  counterCitationSchema,
  counterStatementSchema,
  droppedPassageSchema,
  scoredDocumentSummarySchema,
  searchStrategySchema,
} from "./claim-check";
import { deterministicCheckSchema, entailmentVerdictSchema, reportRepairSchema } from "./critic";
import { sourceIdSchema } from "./evidence";
import { hypothesisSetSchema } from "./hypothesis";
import { judgeAssessmentSchema } from "./judge";
import type { RunPartial } from "./partial";
import { referenceSchema, researchReportSchema } from "./report";
import { questionConceptSummarySchema } from "./reading";
import { backendKindSchema, runStatusSchema, searchPhaseSchema } from "./run";

// The run's event contract, once: a zod schema per event type, the TypeScript types inferred from them. Each event
// is saved as a RunEvent row (with a per-run sequence number) before it is shown; the page and the stream render the
// saved rows, parsed with these schemas when they are read (parseStoredEvent).

/** A compact view of an evidence record, enough for the timeline (the full record is in the Evidence table). */
export const evidenceSummarySchema = referenceSchema
  .pick({ source: true, title: true, journal: true, year: true, pmid: true, doi: true, nctId: true, url: true })
  .extend({
    id: z.string(),
    publicationTypes: z.array(z.string()),
    preprint: z.boolean(),
    trialPhase: z.string().nullable(),
    trialStatus: z.string().nullable(),
  });
export type EvidenceSummary = z.infer<typeof evidenceSummarySchema>;

/**
 * A critic verdict on one report draft: `attempt` 1 is the first draft, 2 and 3 the revisions (at most
 * `maxAttempts`); the deterministic `checks` always run, the LLM `entailment` check only when they pass on an LLM
 * backend (else null); `repairs` are what had to be removed from the model's draft; `outcome` says what follows:
 * "verified" (published), "revise" (the report agent gets the feedback), "unverified" (published with the flag),
 * "replaced" (the model's last draft failed: the extractive report of the same evidence is published, the draft kept).
 */
export const criticEventSchema = z.object({
  attempt: z.number().int().min(1),
  maxAttempts: z.number().int().min(1),
  verdict: z.enum(["PASS", "FAIL"]),
  checks: z.array(deterministicCheckSchema),
  entailment: entailmentVerdictSchema.nullable(),
  repairs: z.array(reportRepairSchema),
  outcome: z.enum(["verified", "revise", "unverified", "replaced"]),
});

/**
 * How long one source call took, and whether its answer came from the source cache (lib/sources/cache.ts; absent
 * otherwise).
 */
const sourceCallFields = {
  source: sourceIdSchema,
  query: z.string(),
  hits: z.number().int(),
  durationMs: z.number(),
  fromCache: z.boolean().optional(),
};

/** The payload schema of every event a run emits, keyed by event type. */
export const runEventPayloadSchemas = {
  "run-started": z.object({
    question: z.string(),
    backend: backendKindSchema,
    model: z.string().nullable(),
    sources: z.array(sourceIdSchema),
    maxIterations: z.number().int(),
  }),
  /**
   * What the question asks (lib/reading/question.ts): about a named drug, open ("which drugs cause X"), repurposing
   * ("which existing drugs could treat X") or other (not about a drug: read for its findings); the drugs and
   * conditions it names; `reading`, the proposition in one line ("valproic acid — causes — diseases of the liver";
   * absent in runs saved before it); emitted after run-started.
   */
  "question-classified": z.object({
    kind: z.enum(["named-drug", "open", "repurposing", "other"]),
    drugs: z.array(z.string()),
    conditions: z.array(z.string()),
    reading: z.string().optional(),
    // The concepts the question was read as (MeSH, Disease Ontology) and the vocabulary's version; absent on runs
    // saved before concepts were read.
    concepts: z.array(questionConceptSummarySchema).optional(),
    vocabulary: z.string().nullable().optional(),
  }),
  notice: z.object({ level: z.enum(["info", "warning"]), message: z.string() }),
  "iteration-started": z.object({ iteration: z.number().int() }),
  search: z.object({ iteration: z.number().int(), phase: searchPhaseSchema, ...sourceCallFields }),
  /**
   * A source that could not deliver: its search failed (`scope` "search", or absent as in runs saved before full
   * texts) and its records are missing, or a record's full text could not be fetched ("full-text"): the record is read
   * from its abstract.
   */
  shortfall: z.object({
    iteration: z.number().int(),
    source: sourceIdSchema,
    message: z.string(),
    scope: z.enum(["search", "full-text"]).optional(),
  }),
  evidence: z.object({
    iteration: z.number().int(),
    added: z.array(evidenceSummarySchema),
    duplicates: z.number().int(),
    total: z.number().int(),
  }),
  /**
   * The relevance pass before an agent reads the evidence (LLM backends only): the agent, how many records it is
   * shown, how many the pass scored now (0 when the run had scored them all before), and the evidence ids of those it
   * left out as not bearing on the question. `iteration`: the research iteration (for the report, the last one).
   */
  relevance: z.object({
    iteration: z.number().int(),
    agent: z.enum(["hypothesis", "judge", "report"]),
    shown: z.number().int(),
    scored: z.number().int(),
    dropped: z.array(z.string()),
  }),
  /** `droppedEvidenceIds`: references the agent gave that named no evidence it was offered (dropped; LLM only). */
  hypotheses: z.object({
    iteration: z.number().int(),
    assessment: hypothesisSetSchema,
    droppedEvidenceIds: z.array(z.string()).optional(),
  }),
  assessment: z.object({ iteration: z.number().int(), assessment: judgeAssessmentSchema, forced: z.boolean() }),
  report: z.object({ report: researchReportSchema, markdown: z.string() }),
  /** One critic verdict on a report draft (see lib/research/critic-loop.ts). */
  critic: criticEventSchema,
  /**
   * Token usage of one model call; `costUsd` is the estimate from the configured prices (null when a price or a
   * token count is unknown). Token counts are null when the provider reported none.
   */
  usage: z.object({
    agent: agentNameSchema,
    attempt: z.number().int(),
    model: z.string().nullable(),
    inputTokens: z.number().nullable(),
    outputTokens: z.number().nullable(),
    totalTokens: z.number().nullable(),
    costUsd: z.number().nullable(),
  }),
  "run-finished": z.object({
    status: runStatusSchema.exclude(["queued", "running"]),
    message: z.string().nullable(),
    durationMs: z.number(),
  }),
  // Claim check (Run.mode "claim-check"); `claim` is the 1-based number of the claim.
  /** The checkable claims found in the pasted text (at most 3), by the model or by finding cues. */
  "claims-extracted": z.object({ method: backendKindSchema, sentences: z.number().int(), claims: z.array(z.string()) }),
  "counter-statement": counterStatementSchema
    .omit({ claim: true })
    .extend({ claim: z.number().int(), text: z.string() }),
  /** One source call of one search strategy. */
  "claim-search": z.object({ claim: z.number().int(), strategy: searchStrategySchema, ...sourceCallFields }),
  /** Every found document scored 0–5 for support of the counter-statement; `documents` best first. */
  "claim-scored": z.object({
    claim: z.number().int(),
    found: z.number().int(),
    scored: z.number().int(),
    threshold: z.number(),
    aboveThreshold: z.number().int(),
    byStrategy: z.object({ keyword: z.number(), semantic: z.number(), hyde: z.number() }),
    modelCalls: z.number().int(),
    documents: z.array(scoredDocumentSummarySchema),
  }),
  "counter-report": z.object({
    claim: z.number().int(),
    report: z.string(),
    citations: z.array(counterCitationSchema),
    dropped: z.array(droppedPassageSchema),
  }),
  "claim-verdict": z.object({ claim: z.number().int(), result: claimCheckResultSchema }),
  /**
   * An event of a mode's own, kept in the mode's folder rather than in this contract (lib/runs/mode-event.ts):
   * `kind` names it within its mode, and `data` is checked by the mode's schema when it is written and when it is read.
   */
  "mode-event": z.object({ kind: z.string().min(1).max(80), data: z.unknown() }),
};

/** The typed payload of every event a run emits, keyed by event type (inferred from runEventPayloadSchemas). */
export type RunEventPayloads = {
  [K in keyof typeof runEventPayloadSchemas]: z.infer<(typeof runEventPayloadSchemas)[K]>;
};

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

function isEventType(type: string): type is RunEventType {
  return Object.hasOwn(runEventPayloadSchemas, type);
}

/**
 * The payload of an event of type `type`, validated against its schema.
 * @throws Error naming the event type and the first problem, when the type is unknown or the payload does not
 *   match (zod's issue path and message).
 */
export function parseRunEventPayload<K extends RunEventType>(type: K, payload: unknown): RunEventPayloads[K] {
  if (!isEventType(type)) throw new Error(`unknown run event type "${type}"`);
  const parsed = runEventPayloadSchemas[type].safeParse(payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`invalid "${type}" event: ${issue.path.join(".") || "(payload)"}: ${issue.message}`);
  }
  return parsed.data as RunEventPayloads[K];
}

/**
 * A saved event read back (a database row, or an event frozen in a share link), parsed against its type's schema.
 * One that does not parse (an unknown type, or a payload an older or newer version wrote) is not cast: it is reported
 * to `onInvalid` and read as a warning notice in its place, which says which event could not be read and why, so the
 * run's page shows it and its sequence stays whole.
 */
export function parseStoredEvent(
  row: { seq: number; type: string; data: unknown; createdAt: string },
  onInvalid: (problem: string) => void,
): RunEvent {
  try {
    return {
      seq: row.seq,
      type: row.type,
      data: parseRunEventPayload(row.type as RunEventType, row.data),
      createdAt: row.createdAt,
    } as RunEvent;
  } catch (error) {
    const problem = error instanceof Error ? error.message : String(error);
    onInvalid(problem);
    return {
      seq: row.seq,
      type: "notice",
      data: { level: "warning", message: `Event ${row.seq} of this run could not be read (${problem}).` },
      createdAt: row.createdAt,
    };
  }
}
