import { z } from "zod";
import type { ModeDescription } from "@/lib/runs/mode";
import { defineModeEvent } from "@/lib/runs/mode-event";

/** The word count's one event: how many words the text has, and its longest. */
export const wordsCounted = defineModeEvent(
  "words-counted",
  z.object({ words: z.number().int().min(0), longest: z.string().nullable() }),
);

/** The word count as code that serves every mode, in the browser too, knows it. */
export const wordCountDescription: ModeDescription = {
  name: "word-count",
  label: "word count",
  progress: (events, running) => {
    const counted = wordsCounted.all(events).at(-1)?.data;
    if (counted) return `${counted.words} ${counted.words === 1 ? "word" : "words"} counted`;
    return running ? "Counting…" : "Nothing counted";
  },
};
