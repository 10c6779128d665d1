import { z } from "zod";
import { listRunEvents } from "@/lib/db/runs";
import { sourceIdSchema } from "@/lib/domain/evidence";
import type { RunMode, RunOutcome, StageInput } from "@/lib/runs/mode";
import { wordCountDescription, wordsCounted } from "./description";

// A toy mode, the smallest a mode can be (tests/unit/modes/toy-mode.test.ts): two stages, one event of its own, one
// results panel. It lives in this folder and in components/modes/word-count beside it, and is registered by one line
// in each registry (tests/support/toy-mode/modes.ts, presentations.ts, timelines.ts).

const requestSchema = z.strictObject({
  text: z.string().trim().min(1, "Please enter a text.").max(500, "The text is longer than 500 characters."),
  sources: z.array(sourceIdSchema).min(1).optional(),
});
type WordCountRequest = z.output<typeof requestSchema>;

interface WordCountInput extends StageInput {
  text: string;
}

interface WordCountState {
  words: string[];
}

interface WordCountOutcome extends RunOutcome {
  words: number;
}

/** The words of a text, and the longest of them (the first of the longest). */
function longestOf(words: string[]): string | null {
  return words.reduce<string | null>((best, w) => (best === null || w.length > best.length ? w : best), null);
}

/** Counts the words of a text: "read" splits it, "count" saves how many there are and the longest. */
export const wordCountMode: RunMode<WordCountRequest, WordCountInput, WordCountState, WordCountOutcome> = {
  ...wordCountDescription,
  request: requestSchema,
  formRequest: (fields) => ({ text: fields.text?.[0] ?? "" }),
  remotePath: "/api/modes/word-count",
  settings: (request, sources) => ({ mode: "word-count", question: request.text, sources, maxIterations: 1 }),
  requestOf: (settings) => ({ text: settings.question, sources: settings.sources }),
  backend: () => ({ kind: "extractive", model: null }),
  input: async (settings, { recorder, signal }) => ({ text: settings.question, recorder, signal }),
  initialState: () => ({ words: [] }),
  checkpoint: () => ({ evidence: 0, report: true }),
  plan: { first: ["read", "count"], each: [], last: [] },
  stages: {
    read: async (input, state) => {
      state.words = input.text.split(/\s+/).filter(Boolean);
    },
    count: (input, state) =>
      wordsCounted.emit(input.recorder.emit, { words: state.words.length, longest: longestOf(state.words) }),
  },
  outcome: (state, failure) => ({
    status: failure?.status ?? "completed",
    error: failure?.message ?? null,
    words: state.words.length,
  }),
  outcomeOf: (detail) => ({
    status: detail.run.status,
    error: detail.run.error,
    words: wordsCounted.all(detail.events).at(-1)?.data.words ?? 0,
  }),
  failed: (error) => ({ status: "failed", error, words: 0 }),
  verdict: async (run) => {
    const counted = wordsCounted.all(await listRunEvents(run.id)).at(-1)?.data;
    return counted ? `${counted.words} words` : null;
  },
  export: {
    formats: ["json"],
    title: (detail) => `word count ${detail.run.question}`,
    ready: (events) => wordsCounted.all(events).length > 0,
    file: () => null,
    json: (detail) => ({
      runId: detail.run.id,
      status: detail.run.status,
      text: detail.run.question,
      ...(wordsCounted.all(detail.events).at(-1)?.data ?? { words: null, longest: null }),
    }),
    followUps: false,
  },
  interrupted: "fail",
  followUps: "evidence",
  agents: [],
};
