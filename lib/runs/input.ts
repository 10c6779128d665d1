import { z } from "zod";
import { ITERATION_BOUNDS } from "@/lib/config";
import { sourceIdSchema } from "@/lib/domain/evidence";

/*
 * The input of a run, as one zod schema per mode, shared by the server actions, the CLI and the executors
 * (startResearchRun, startClaimCheck): the same rules and the same messages everywhere.
 */

/** Longest question accepted, in characters. */
export const MAX_QUESTION_LENGTH = 2000;

/**
 * Longest claim text accepted, in characters: a pasted abstract (at most about 4,000) or a longer passage such as a
 * results section. Source: issue 11 (input limits), 20,000.
 */
export const MAX_CLAIM_TEXT_LENGTH = 20000;

const ITERATIONS_MESSAGE = `The number of iterations must be a whole number from ${ITERATION_BOUNDS.min} to ${ITERATION_BOUNDS.max}.`;

/** Whitespace collapsed to single spaces, trimmed. */
const collapsed = z.string().transform((s) => s.trim().replace(/\s+/g, " "));

/** What a research run needs from its caller; unset fields take the defaults (see startResearchRun). */
export const researchInputSchema = z.object({
  question: collapsed.pipe(
    z.string().min(1, "Please enter a question.").max(MAX_QUESTION_LENGTH, `The question is longer than ${MAX_QUESTION_LENGTH.toLocaleString("en")} characters.`),
  ),
  sources: z.array(sourceIdSchema).optional(),
  maxIterations: z
    .number({ message: ITERATIONS_MESSAGE })
    .int(ITERATIONS_MESSAGE)
    .min(ITERATION_BOUNDS.min, ITERATIONS_MESSAGE)
    .max(ITERATION_BOUNDS.max, ITERATIONS_MESSAGE)
    .optional(),
  onProviderError: z.enum(["fail", "extractive"]).optional(),
  /** "bypass": ask the live sources even when the source cache holds their answer (default "use"). */
  sourceCache: z.enum(["use", "bypass"]).optional(),
});

/** What a claim check needs from its caller: a pasted claim or a whole abstract, and optionally its sources. */
export const claimCheckInputSchema = z.object({
  text: collapsed.pipe(
    z.string().min(1, "Please paste a claim or an abstract.").max(MAX_CLAIM_TEXT_LENGTH, `The text is longer than ${MAX_CLAIM_TEXT_LENGTH.toLocaleString("en")} characters.`),
  ),
  sources: z.array(sourceIdSchema).optional(),
});

/** The first issue's message of a failed parse (the one a user must fix first). */
export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? "Invalid input.";
}
