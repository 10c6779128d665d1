import type * as modes from "@/components/modes";
import type * as events from "@/components/modes/events";
import { presentationRegistry } from "@/components/modes/presentation";
import { wordCountPresentation, wordCountTimeline } from "@/tests/support/toy-mode/components/modes/word-count";

/** components/modes/index.ts with the word count's one line added (the test mocks it with this). */
export function withWordCount(real: typeof modes): typeof modes {
  return { ...real, presentations: presentationRegistry([...real.presentations.list, wordCountPresentation]) };
}

/** components/modes/events.ts with the word count's one line added. */
export function withWordCountTimeline(real: typeof events): typeof events {
  return { ...real, timelines: [...real.timelines, wordCountTimeline] };
}
