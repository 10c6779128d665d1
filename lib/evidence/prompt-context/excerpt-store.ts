import type { Evidence } from "@/lib/domain/evidence";
import { EXCERPT_CHARS, excerptSentences, type ExcerptSentence } from "./excerpts";

/**
 * The excerpts of one run's records. The first agent that shows a record fixes its excerpt (chosen against the
 * question and the hypotheses current at that moment); every later agent of the run — judge, report and critic —
 * gets the same text, so what the critic checks is what the report was written from.
 */
export interface ExcerptStore {
  /** The excerpt's sentences of `e` for `question` (computed with `focus` the first time, remembered afterwards). */
  excerpt(e: Evidence, question: string, focus: string): ExcerptSentence[];
}

/** A new, empty {@link ExcerptStore}: excerpts by question and evidence id, ≤ {@link EXCERPT_CHARS} characters. */
export function createExcerptStore(budget = EXCERPT_CHARS): ExcerptStore {
  const memo = new Map<string, ExcerptSentence[]>();
  return {
    excerpt(e, question, focus) {
      const key = `${question}\u0000${e.id}`;
      let text = memo.get(key);
      if (text === undefined) {
        text = e.citation.abstract.trim() ? excerptSentences(e.citation.abstract, `${question} ${focus}`, budget) : [];
        memo.set(key, text);
      }
      return text;
    },
  };
}
