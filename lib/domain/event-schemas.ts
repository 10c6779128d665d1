import { z } from "zod";
import { searchStrategySchema, claimVerdictSchema, verdictConfidenceSchema } from "./claim-check";
import { sourceIdSchema } from "./evidence";
import type { RunEventPayloads, RunEventType } from "./events";
import { hypothesisSetSchema } from "./hypothesis";
import { judgeAssessmentSchema } from "./judge";
import { researchReportSchema } from "./report";

// Zod schemas of the run's event payloads, one per event type (the RunEventPayloads contract of ./events.ts).
// `satisfies` below makes the compiler check each schema against its TypeScript type.

const backendSchema = z.enum(["extractive", "llm"]);
const strategyCounts = z.object({ keyword: z.number(), semantic: z.number(), hyde: z.number() });

const evidenceSummarySchema = z.object({
  id: z.string(),
  source: sourceIdSchema,
  title: z.string(),
  journal: z.string().nullable(),
  year: z.number().int().nullable(),
  pmid: z.string().nullable(),
  doi: z.string().nullable(),
  nctId: z.string().nullable(),
  url: z.string(),
  publicationTypes: z.array(z.string()),
  preprint: z.boolean(),
  trialPhase: z.string().nullable(),
  trialStatus: z.string().nullable(),
});

const criticSchema = z.object({
  attempt: z.number().int().min(1),
  maxAttempts: z.number().int().min(1),
  verdict: z.enum(["PASS", "FAIL"]),
  checks: z.array(
    z.object({
      id: z.enum(["required-sections", "paragraph-citations", "dosage-citations", "references-in-evidence"]),
      label: z.string(),
      passed: z.boolean(),
      issues: z.array(z.string()),
    }),
  ),
  entailment: z
    .object({
      verdict: z.enum(["PASS", "FAIL"]),
      issues: z.array(z.object({ section: z.string(), sentence: z.string(), issue: z.string() })),
      claimsChecked: z.number().int().min(0),
    })
    .nullable(),
  repairs: z.array(z.object({ kind: z.enum(["reference", "marker", "quote", "identifier"]), detail: z.string() })),
  outcome: z.enum(["verified", "revise", "unverified"]),
});

const documentRelationSchema = z.object({
  chemicalId: z.string(),
  diseaseId: z.string(),
  chemical: z.string(),
  disease: z.string(),
  relation: z.enum(["causes", "treats", "none"]),
  negated: z.boolean(),
  probability: z.number(),
});

const recordFields = {
  evidenceId: z.string(),
  pmid: z.string().nullable(),
  title: z.string(),
  year: z.number().int().nullable(),
  url: z.string(),
  source: sourceIdSchema,
  foundBy: z.array(searchStrategySchema),
  score: z.number(),
};

const counterCitationSchema = z.object({
  ...recordFields,
  n: z.number().int(),
  doi: z.string().nullable(),
  nctId: z.string().nullable(),
  journal: z.string().nullable(),
  passage: z.string(),
  similarity: z.number(),
});

const strategyStatsSchema = z.object({ ran: z.boolean(), found: z.number(), scored: z.number(), cited: z.number() });

const claimSideSchema = z.object({
  count: z.number().int(),
  documents: z.array(
    z.object({ ...recordFields, rationale: z.string(), relation: documentRelationSchema.nullable(), passage: z.string(), similarity: z.number(), citation: z.number().int().nullable() }),
  ),
});

/** Everything a claim check concluded about one claim (ClaimCheckResult): the claim-verdict event's `result`, and each claim of the check's `--json` contract. */
export const claimCheckResultSchema = z.object({
  claim: z.string(),
  counterStatement: z.string(),
  keywords: z.array(z.string()),
  verdict: claimVerdictSchema,
  confidence: verdictConfidenceSchema,
  rationale: z.string(),
  counterReport: z.string(),
  citations: z.array(counterCitationSchema),
  searchStats: z.object({
    documentsFound: z.number(),
    documentsScored: z.number(),
    documentsAboveThreshold: z.number(),
    documentsCited: z.number(),
    passagesExtracted: z.number(),
    passagesDropped: z.number(),
    threshold: z.number(),
    strategies: z.object({ keyword: strategyStatsSchema, semantic: strategyStatsSchema, hyde: strategyStatsSchema }),
  }),
  claimSupportingDocuments: z.number().nullable(),
  reading: z
    .object({
      chemical: z.string(),
      target: z.string(),
      organ: z.string().nullable(),
      relation: z.enum(["causes", "treats"]),
      negated: z.boolean(),
      form: z.string(),
      chemicalIds: z.array(z.string()),
      diseaseIds: z.array(z.string()),
      diseases: z.array(z.string()),
    })
    .nullable()
    .optional(),
  sides: z.object({ contradicts: claimSideSchema, supports: claimSideSchema.nullable() }).optional(),
  metadata: z.object({ backend: backendSchema, model: z.string().nullable(), temperature: z.number().nullable(), durationMs: z.number(), generatedAt: z.string() }),
});

/**
 * The payload schema of every run event type: what a recorder may save under that type (lib/domain/events.ts
 * RunEventPayloads, checked at compile time), e.g. to validate a payload before trusting it.
 */
export const runEventPayloadSchemas = {
  "run-started": z.object({ question: z.string(), backend: backendSchema, model: z.string().nullable(), sources: z.array(sourceIdSchema), maxIterations: z.number().int() }),
  "question-classified": z.object({ kind: z.enum(["named-drug", "open", "repurposing", "other"]), drugs: z.array(z.string()), conditions: z.array(z.string()), reading: z.string().optional() }),
  notice: z.object({ level: z.enum(["info", "warning"]), message: z.string() }),
  "iteration-started": z.object({ iteration: z.number().int() }),
  search: z.object({
    iteration: z.number().int(),
    phase: z.enum(["question", "hypothesis", "judge"]),
    source: sourceIdSchema,
    query: z.string(),
    hits: z.number().int(),
    durationMs: z.number(),
  }),
  shortfall: z.object({ iteration: z.number().int(), source: sourceIdSchema, message: z.string() }),
  evidence: z.object({ iteration: z.number().int(), added: z.array(evidenceSummarySchema), duplicates: z.number().int(), total: z.number().int() }),
  hypotheses: z.object({ iteration: z.number().int(), assessment: hypothesisSetSchema, droppedEvidenceIds: z.array(z.string()).optional() }),
  assessment: z.object({ iteration: z.number().int(), assessment: judgeAssessmentSchema, forced: z.boolean() }),
  report: z.object({ report: researchReportSchema, markdown: z.string() }),
  critic: criticSchema,
  usage: z.object({
    agent: z.enum(["hypothesis", "judge", "report", "critic", "embedding", "claim-extraction", "counter-statement", "claim-scoring", "claim-passages", "counter-report", "claim-verdict", "chat-classify", "chat-answer"]),
    attempt: z.number().int(),
    model: z.string().nullable(),
    inputTokens: z.number().nullable(),
    outputTokens: z.number().nullable(),
    totalTokens: z.number().nullable(),
    costUsd: z.number().nullable(),
  }),
  "run-finished": z.object({ status: z.enum(["completed", "failed", "cancelled"]), message: z.string().nullable(), durationMs: z.number() }),
  "claims-extracted": z.object({ method: backendSchema, sentences: z.number().int(), claims: z.array(z.string()) }),
  "counter-statement": z.object({
    claim: z.number().int(),
    text: z.string(),
    counterStatement: z.string(),
    keywords: z.array(z.string()),
    keywordQuery: z.string(),
    hydeAbstracts: z.array(z.string()),
  }),
  "claim-search": z.object({ claim: z.number().int(), strategy: searchStrategySchema, source: sourceIdSchema, query: z.string(), hits: z.number().int(), durationMs: z.number(), fromCache: z.boolean().optional() }),
  "claim-scored": z.object({
    claim: z.number().int(),
    found: z.number().int(),
    scored: z.number().int(),
    threshold: z.number(),
    aboveThreshold: z.number().int(),
    byStrategy: strategyCounts,
    modelCalls: z.number().int(),
    documents: z.array(z.object({ ...recordFields, stance: z.enum(["counter", "claim", "neutral"]), rationale: z.string() })),
  }),
  "counter-report": z.object({
    claim: z.number().int(),
    report: z.string(),
    citations: z.array(counterCitationSchema),
    dropped: z.array(z.object({ evidenceId: z.string(), passage: z.string(), similarity: z.number() })),
  }),
  "claim-verdict": z.object({ claim: z.number().int(), result: claimCheckResultSchema }),
} satisfies { [K in RunEventType]: z.ZodType<RunEventPayloads[K]> };

/**
 * The payload of an event of type `type`, validated against its schema.
 * @throws Error naming the event type and the first problem, when the type is unknown or the payload does not
 *   match (zod's issue path and message).
 */
export function parseRunEventPayload<K extends RunEventType>(type: K, payload: unknown): RunEventPayloads[K] {
  const schema = (runEventPayloadSchemas as Record<string, z.ZodType | undefined>)[type];
  if (!schema) throw new Error(`unknown run event type "${type}"`);
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`invalid "${type}" event: ${issue.path.join(".") || "(payload)"}: ${issue.message}`);
  }
  return parsed.data as RunEventPayloads[K];
}
