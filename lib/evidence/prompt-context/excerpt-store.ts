import type { Evidence } from "@/lib/domain/evidence";
import type { FullText } from "@/lib/domain/fulltext";
import { EXCERPT_CHARS, excerptSentences, type ExcerptSentence } from "./excerpts";
import { passageExcerpt } from "./passage-excerpts";

/**
 * The excerpts of one run's records. The first agent that shows a record fixes its excerpt (chosen against the
 * question and the hypotheses current at that moment); every later agent of the run — judge, report and critic —
 * gets the same text, so what the critic checks is what the report was written from. A record whose full text arrives
 * later (fetched while the first agents read abstracts) gets its excerpt again, with its full-text sentences, once.
 */
export interface ExcerptStore {
  /**
   * The excerpt's sentences of `e` for `question` (computed with `focus` the first time, remembered afterwards):
   * its abstract's, then, given its `fullText`, the full-text sentences that bear on the focus (passageExcerpt).
   */
  excerpt(e: Evidence, question: string, focus: string, fullText?: FullText): ExcerptSentence[];
}

/**
 * A new, empty {@link ExcerptStore}: excerpts by question and evidence id, ≤ {@link EXCERPT_CHARS} characters of
 * abstract.
 */
export function createExcerptStore(budget = EXCERPT_CHARS): ExcerptStore {
  const memo = new Map<string, { sentences: ExcerptSentence[]; fullText: boolean }>();
  return {
    excerpt(e, question, focus, fullText) {
      const key = `${question}\u0000${e.id}`;
      let held = memo.get(key);
      if (held === undefined || (fullText && !held.fullText)) {
        const abstract = e.citation.abstract.trim()
          ? excerptSentences(e.citation.abstract, `${question} ${focus}`, budget)
          : [];
        const body = fullText ? passageExcerpt(e.citation.abstract, fullText, `${question} ${focus}`) : [];
        held = { sentences: [...abstract, ...body], fullText: Boolean(fullText) };
        memo.set(key, held);
      }
      return held.sentences;
    },
  };
}
