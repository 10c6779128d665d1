import { z } from "zod";
import { claimVerdictSchema } from "./claim-check";
import { evidenceSchema, sourceIdSchema } from "./evidence";
import { recordStanceSchema } from "./reading";

/** How often a watch re-checks its question. */
export const cadenceSchema = z.enum(["daily", "weekly", "monthly"]);
export type Cadence = z.infer<typeof cadenceSchema>;

/** A watch is "active" (checked on schedule) or "paused" (not checked until resumed); a deleted watch is gone. */
export const watchStatusSchema = z.enum(["active", "paused"]);
export type WatchStatus = z.infer<typeof watchStatusSchema>;

/**
 * What a watch knows of one watched source: the moment (ISO, watch clock) from which its next check asks for new and
 * updated records (the start of its last successful check; the run's creation before the first), how many checks in
 * a row it has failed, and its last failure's message (null once it answers again).
 */
export const sourceStateSchema = z.object({
  source: sourceIdSchema,
  since: z.iso.datetime(),
  failures: z.number().int().min(0),
  lastError: z.string().nullable(),
});
export type SourceState = z.infer<typeof sourceStateSchema>;

/** How a check ended: "running" until it does, "quiet" (nothing new), "changed" (a new report version), "failed". */
export const checkStatusSchema = z.enum(["running", "quiet", "changed", "failed"]);
export type CheckStatus = z.infer<typeof checkStatusSchema>;

/** A record's stance on the run's question, as the bottom line reads it (lib/reading/read.ts). */
const stanceSchema = recordStanceSchema;

/** A record named in a change summary: its key, title, identifiers, study type label and source. */
const namedRecordSchema = z.object({
  evidenceId: z.string(),
  title: z.string(),
  pmid: z.string().nullable(),
  nctId: z.string().nullable(),
  source: sourceIdSchema,
  studyType: z.string(),
});

/** The bottom line of one report version: its verdict (null for an open question), sentence and GRADE certainty. */
const bottomLineSchema = z.object({
  verdict: z.enum(["yes", "probably yes", "unclear", "probably no", "no"]).nullable(),
  sentence: z.string(),
  certainty: z.enum(["high", "moderate", "low", "very low"]),
});
export type VersionBottomLine = z.infer<typeof bottomLineSchema>;

/**
 * What changed in the evidence between two report versions of a watched run, shown first in the new version:
 * - `headline`: one line, e.g. "Probably yes → Yes: 2 new randomized trials";
 * - `newRecords`: records the check found that the run did not have, each with its stance on the question and
 *   whether the new report cites it;
 * - `updatedRecords`: records the run had whose standing changed (retracted, expression of concern, erratum,
 *   superseded by an updated version), and whether that removed them from the report's references;
 * - `trials`: ClinicalTrials.gov records whose overall status or results changed (before → after);
 * - `bottomLine`: the verdict and certainty before and after (null without a report) and whether either moved;
 * - `references`: references added to and removed from the report (a claim check's: the records its verdicts cite);
 * - `claims` (claim checks): each claim's verdict before and after, and `runId`, the claim check run of the new
 * version.
 */
export const changeSummarySchema = z.object({
  fromVersion: z.number().int(),
  toVersion: z.number().int(),
  headline: z.string(),
  newRecords: z.array(namedRecordSchema.extend({ stance: stanceSchema, cited: z.boolean() })),
  updatedRecords: z.array(
    namedRecordSchema.extend({
      change: z.enum(["retracted", "expression-of-concern", "erratum", "superseded"]),
      detail: z.string(),
      removedFromReport: z.boolean(),
    }),
  ),
  trials: z.array(
    namedRecordSchema.extend({
      before: z.object({ status: z.string().nullable(), hasResults: z.boolean() }),
      after: z.object({ status: z.string().nullable(), hasResults: z.boolean() }),
      detail: z.string(),
    }),
  ),
  bottomLine: z.object({ before: bottomLineSchema.nullable(), after: bottomLineSchema.nullable(), moved: z.boolean() }),
  references: z.object({
    added: z.array(z.object({ evidenceId: z.string(), title: z.string() })),
    removed: z.array(z.object({ evidenceId: z.string(), title: z.string() })),
  }),
  claims: z
    .array(z.object({ claim: z.string(), before: claimVerdictSchema.nullable(), after: claimVerdictSchema.nullable() }))
    .optional(),
  runId: z.string().optional(),
});
export type ChangeSummary = z.infer<typeof changeSummarySchema>;

/**
 * What a check's date-restricted searches found (saved before anything is applied, so a re-run step sees the same):
 * each source's answer per query (replayed by the re-run's search step instead of asking again), how each source
 * fared, the records the run did not have, the records it had whose standing changed (as stored before, and as the
 * source now gives them), and the run before the check: its report version, record count, bottom line, references.
 */
export const probeSchema = z.object({
  answers: z.array(z.object({ source: sourceIdSchema, query: z.string(), records: z.array(evidenceSchema) })),
  sources: z.array(
    z.object({ source: sourceIdSchema, ok: z.boolean(), error: z.string().nullable(), hits: z.number().int() }),
  ),
  newRecords: z.array(evidenceSchema),
  updated: z.array(z.object({ before: evidenceSchema, after: evidenceSchema })),
  before: z.object({
    version: z.number().int(),
    /** How many records the run had: its later records are the ones the check added. */
    evidence: z.number().int(),
    bottomLine: bottomLineSchema.nullable(),
    references: z.array(z.object({ evidenceId: z.string(), title: z.string() })),
    /** A claim check's claims with their verdicts, and the run of that version (the watched run or a re-run). */
    claims: z.array(z.object({ claim: z.string(), verdict: claimVerdictSchema })).optional(),
    runId: z.string().optional(),
  }),
});
export type Probe = z.infer<typeof probeSchema>;
