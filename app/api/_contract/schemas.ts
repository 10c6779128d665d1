import { z } from "zod";
import { followUpRequestSchema as followUpBodySchema } from "@/lib/domain/chat";
import { claimCheckResultSchema } from "@/lib/domain/claim-check";
import { evidenceSchema, sourceIdSchema } from "@/lib/domain/evidence";
import { hypothesisSetSchema } from "@/lib/domain/hypothesis";
import { judgeAssessmentSchema } from "@/lib/domain/judge";
import { questionReadingSchema, recordReadingSchema } from "@/lib/domain/reading";
import { researchReportSchema } from "@/lib/domain/report";
import { claimCheckInputSchema, researchInputSchema } from "@/lib/domain/run-input";
import { registry } from "@/lib/modes";
import {
  backendKindSchema,
  runIdSchema,
  runStatusSchema as domainRunStatusSchema,
  shortfallSchema,
} from "@/lib/domain/run";

// The HTTP API's contract as zod schemas: requests are validated with them, and /api/openapi.json is generated
// from them (zod-openapi reads each `.meta({ id })` as a named component). The run requests are the domain's run
// input schemas (lib/domain/run-input.ts), the same the forms and the command line validate with.

/** Run statuses as stored (see RunStatus). */
export const runStatusSchema = domainRunStatusSchema.meta({ id: "RunStatus" });

/** POST /api/runs: a research run. Unset fields take the same defaults as the chat page and `npm run research`. */
export const startResearchRequestSchema = researchInputSchema.meta({ id: "StartResearchRequest" });

/** POST /api/checks: a claim check of a pasted claim or abstract. */
export const startCheckRequestSchema = claimCheckInputSchema.meta({ id: "StartCheckRequest" });

/** 202 answer of the two start operations. */
export const startedRunSchema = z.object({ runId: runIdSchema }).meta({ id: "StartedRun" });

/** GET /api/runs query: the history filters of the history page, and keyset pagination (see searchHistory). */
export const listRunsQuerySchema = z
  .object({
    cursor: z.string().max(80).optional().meta({ description: "`nextCursor` of the previous page." }),
    limit: z.coerce.number().int().min(1).max(100).default(20),
    q: z.string().max(200).optional().meta({ description: "Words that must all occur in the question." }),
    status: runStatusSchema.optional(),
    mode: z.enum(registry.names).optional(),
    from: z.iso.date().optional().meta({ description: "First UTC day (inclusive) of the run's start." }),
    to: z.iso.date().optional().meta({ description: "Last UTC day (inclusive) of the run's start." }),
    user: z
      .string()
      .max(100)
      .optional()
      .meta({ description: "Admins only: a user id, or `unclaimed` for runs no account owns; ignored for others." }),
  })
  .meta({ id: "ListRunsQuery" });

/** One run in the history list. */
export const runListItemSchema = z
  .object({
    id: runIdSchema,
    mode: z.string(),
    question: z.string(),
    status: runStatusSchema,
    backend: backendKindSchema,
    model: z.string().nullable(),
    sources: z.array(sourceIdSchema),
    maxIterations: z.number().int(),
    iterations: z.number().int(),
    confidence: z.number().nullable(),
    evidenceCount: z.number().int(),
    error: z.string().nullable(),
    createdAt: z.iso.datetime(),
    finishedAt: z.iso.datetime().nullable(),
    liveShareLinks: z.number().int(),
  })
  .meta({ id: "RunListItem" });

export const runListSchema = z
  .object({
    runs: z.array(runListItemSchema),
    nextCursor: z.string().nullable().meta({ description: "null on the last page." }),
  })
  .meta({ id: "RunList" });

/** The `--json` contract of `npm run research` (see runToJson), which GET /api/runs/<id> returns for a research run. */
export const researchRunJsonSchema = z
  .object({
    runId: runIdSchema,
    status: runStatusSchema,
    question: z.string(),
    answer: z
      .object({
        kind: z.enum(["yes-no", "candidates", "open"]),
        verdict: z.enum(["yes", "probably yes", "unclear", "probably no", "no"]).nullable(),
        candidates: z.array(z.string()),
        sentence: z.string(),
        meter: z.object({
          yes: z.number().int(),
          possibly: z.number().int(),
          no: z.number().int(),
          related: z.number().int(),
          unreported: z.number().int(),
          irrelevant: z.number().int(),
        }),
      })
      .nullable()
      .meta({
        description:
          "The bottom line above the report (null without a report); see lib/report/appraise/bottom-line.ts.",
      }),
    certainty: z
      .object({
        level: z.enum(["high", "moderate", "low", "very low"]),
        start: z.enum(["high", "low"]),
        startReason: z.string(),
        judgements: z.array(
          z.object({ domain: z.string(), down: z.boolean(), reason: z.string(), evidenceIds: z.array(z.string()) }),
        ),
        records: z.number().int(),
      })
      .nullable()
      .meta({
        description: "GRADE certainty of the bottom line (null without a report); see lib/report/appraise/grade.ts.",
      }),
    reading: questionReadingSchema.meta({
      description:
        "How the question was read: its proposition, concepts (MeSH, Disease Ontology) and related concepts, and " +
        "the vocabulary's version; see lib/reading/question-reading.ts.",
    }),
    readings: z.array(recordReadingSchema).meta({
      description:
        "Each record's reading of the question, in the order of evidence: stance, reason, passage, bearing, method " +
        "and the concepts matched (exact, narrower, broader, related); see lib/reading/read.ts.",
    }),
    backend: backendKindSchema,
    model: z.string().nullable(),
    sources: z.array(sourceIdSchema),
    iterations: z.number().int(),
    error: z.string().nullable(),
    evidence: z.array(evidenceSchema),
    hypotheses: z.array(z.object({ iteration: z.number().int(), assessment: hypothesisSetSchema })),
    assessments: z.array(z.object({ iteration: z.number().int(), assessment: judgeAssessmentSchema })),
    report: researchReportSchema.nullable(),
    markdown: z.string().nullable(),
    removedReferences: z.number().int(),
    removedMarkers: z.number().int(),
    removedQuotes: z.number().int(),
    replacedQuotes: z.number().int(),
    droppedIdentifiers: z.number().int(),
    droppedEvidenceIds: z.number().int(),
    verification: z
      .object({ status: z.string(), failedChecks: z.array(z.unknown()), attempts: z.number().int() })
      .loose()
      .nullable(),
    critic: z.array(z.object({}).loose()),
    usage: z
      .object({
        calls: z.number().int(),
        inputTokens: z.number(),
        outputTokens: z.number(),
        costUsd: z.number().nullable(),
      })
      .loose(),
    shortfalls: z.array(shortfallSchema),
  })
  .meta({ id: "ResearchRunJson" });

/**
 * The `--json` contract of `npm run check` (see claimCheckToJson), which GET /api/runs/<id> returns for a claim check.
 */
export const claimCheckJsonSchema = z
  .object({
    runId: runIdSchema,
    status: runStatusSchema,
    text: z.string(),
    backend: backendKindSchema,
    model: z.string().nullable(),
    sources: z.array(sourceIdSchema),
    error: z.string().nullable(),
    // Each claim is the domain's ClaimCheckResult (the claim-verdict event's schema), with `reading` and `sides`
    // null rather than absent for checks saved before claims were read for their polarity; see claimCheckToJson.
    claims: z.array(
      claimCheckResultSchema
        .extend({
          reading: claimCheckResultSchema.shape.reading.unwrap(),
          sides: claimCheckResultSchema.shape.sides.unwrap().nullable(),
        })
        .meta({ id: "ClaimCheckResult" }),
    ),
    shortfalls: z.array(shortfallSchema),
  })
  .meta({ id: "ClaimCheckJson" });

/** Any failed request: a user-facing message, and for invalid input the zod issues. */
export const apiErrorSchema = z
  .object({
    error: z.string(),
    issues: z.array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() })).optional(),
  })
  .meta({ id: "ApiError" });

export const cancelResultSchema = z.object({ ok: z.literal(true), message: z.string() }).meta({ id: "CancelResult" });
export const shareResultSchema = z.object({ url: z.url(), token: z.string() }).meta({ id: "ShareLink" });

export const healthSchema = z
  .object({
    ok: z.boolean(),
    database: z.object({ ok: z.boolean(), kind: z.enum(["sqlite", "postgresql"]), error: z.string().optional() }),
    // The Workflow SDK world: local files, Postgres tables, or none with the inline engine.
    world: z.object({ ok: z.boolean(), kind: z.enum(["local", "postgres", "none"]), error: z.string().optional() }),
  })
  .loose()
  .meta({ id: "Health" });

/**
 * POST /api/runs/<id>/messages: a follow-up (1–2,000 characters), or `regenerate` with the id of an answer to write
 * again.
 */
export const followUpRequestSchema = followUpBodySchema.meta({ id: "FollowUpRequest" });

/**
 * GET /api/runs/<id>/messages: the conversation's messages (AI SDK UIMessage: id, role, parts, metadata { createdAt,
 * status }).
 */
export const messageListSchema = z
  .object({
    messages: z.array(
      z.object({
        id: z.string(),
        role: z.enum(["user", "assistant"]),
        parts: z.array(z.looseObject({ type: z.string() })),
        metadata: z.object({ createdAt: z.string(), status: z.enum(["streaming", "complete", "stopped", "failed"]) }),
      }),
    ),
  })
  .meta({ id: "MessageList" });
