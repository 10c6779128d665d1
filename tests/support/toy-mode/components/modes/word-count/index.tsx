import { modeEventRenderer, type ModePresentation, type ModeTimeline } from "@/components/modes/presentation";
import { wordCountDescription, wordsCounted } from "@/tests/support/toy-mode/lib/word-count/description";
import { WordCountForm } from "./form";
import { WordCountResults } from "./results";

/** How a word count looks: "Count words" on the home page, and its results panel. */
export const wordCountPresentation: ModePresentation = {
  mode: wordCountDescription,
  choice: { key: "words", label: "Count words" },
  Form: WordCountForm,
  Results: WordCountResults,
  badge: wordCountDescription.label,
};

/** Its timeline entry: its one event. */
export const wordCountTimeline: ModeTimeline = {
  events: {},
  modeEvents: [
    modeEventRenderer(wordsCounted, (d) => <li data-testid="words-counted-event">Counted {d.words} words</li>),
  ],
};
