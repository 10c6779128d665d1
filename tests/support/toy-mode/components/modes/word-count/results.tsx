import type { ModeResultsProps } from "@/components/modes/presentation";
import { wordsCounted } from "@/tests/support/toy-mode/lib/word-count/description";

/** The word count's results panel: how many words, and the longest. */
export function WordCountResults({ events }: ModeResultsProps) {
  const counted = wordsCounted.all(events).at(-1)?.data;
  if (!counted) return null;
  return (
    <section data-testid="word-count-results">
      <h2>Word count</h2>
      <p>
        {counted.words} words; the longest is “{counted.longest}”.
      </p>
    </section>
  );
}
