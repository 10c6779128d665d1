import { z } from "zod";
import { sourceIdSchema } from "./evidence";

/*
 * What a caller asks of a run, as one zod schema per mode: the forms (app/_server), the HTTP API (POST /api/runs,
 * POST /api/checks and its OpenAPI document) and the command line validate with these, with the same rules and the
 * same messages everywhere, then start the run with the parsed value (lib/runs/start.ts trusts it). Unknown keys are
 * refused.
 */

/** Longest question accepted, in characters. */
export const MAX_QUESTION_LENGTH = 2000;

/**
 * Longest claim text accepted, in characters: a pasted abstract (at most about 4,000) or a longer passage such as a
 * results section. Source: our choice, 20,000, five abstracts' worth: a bound on what one request can ask the model to
 * read.
 */
export const MAX_CLAIM_TEXT_LENGTH = 20000;

/** Bounds of a run's iteration cap, for every run's input and for CRITICA_MAX_ITERATIONS (lib/config.ts). */
export const ITERATION_BOUNDS = { min: 1, max: 10 } as const;

const ITERATIONS_MESSAGE =
  "The number of iterations must be a whole number " + `from ${ITERATION_BOUNDS.min} to ${ITERATION_BOUNDS.max}.`;

/**
 * A required text of at most `max` characters, its whitespace collapsed to single spaces and trimmed before its checks
 * (still a string in the API's JSON Schema): `empty` is the message for an empty one, `noun` names it in the message
 * for a long one ("The question is longer than 2,000 characters.").
 */
const boundedText = (empty: string, noun: string, max: number) =>
  z
    .string()
    .overwrite((s) => s.trim().replace(/\s+/g, " "))
    .min(1, empty)
    .max(max, `The ${noun} is longer than ${max.toLocaleString("en")} characters.`);

const sourcesField = z.array(sourceIdSchema).min(1, "Choose at least one source.").optional().meta({
  description:
    "Sources to search; default: CRITICA_SOURCES, else the live sources plus `local` when the library has records.",
});

/** A research run: the question and, unset, the defaults (lib/research/mode.ts). */
export const researchInputSchema = z.strictObject({
  question: boundedText("Please enter a question.", "question", MAX_QUESTION_LENGTH),
  sources: sourcesField,
  maxIterations: z
    .number({ message: ITERATIONS_MESSAGE })
    .int(ITERATIONS_MESSAGE)
    .min(ITERATION_BOUNDS.min, ITERATIONS_MESSAGE)
    .max(ITERATION_BOUNDS.max, ITERATIONS_MESSAGE)
    .optional()
    .meta({
      description:
        `Iteration cap ${ITERATION_BOUNDS.min}–${ITERATION_BOUNDS.max}; ` + "default CRITICA_MAX_ITERATIONS (3).",
    }),
  onProviderError: z
    .enum(["fail", "extractive"])
    .optional()
    .meta({ description: "What an LLM run does when the model provider fails; default fail." }),
  sourceCache: z
    .enum(["use", "bypass"])
    .optional()
    .meta({
      description:
        "bypass: ask the live sources even when the source cache (CRITICA_SOURCE_CACHE_TTL_HOURS) holds their " +
        "answer; default use.",
    }),
});

/** A claim check: a pasted claim or a whole abstract and, unset, the default sources. */
export const claimCheckInputSchema = z.strictObject({
  text: boundedText("Please paste a claim or an abstract.", "text", MAX_CLAIM_TEXT_LENGTH),
  sources: sourcesField,
});

/** The first issue's message of a failed parse (the one a user must fix first). */
export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? "Invalid input.";
}
