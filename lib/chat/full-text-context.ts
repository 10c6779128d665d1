import type { Evidence } from "@/lib/domain/evidence";
import type { FullText } from "@/lib/domain/fulltext";
import { passageExcerpt, type FullTextSentence } from "@/lib/evidence/prompt-context/passage-excerpts";

/** Records of one chat answer whose full-text sentences are shown, and characters of each. Our choice (prompt room). */
const CHAT_FULL_TEXTS = 3;
const CHAT_PASSAGE_CHARS = 600;

/**
 * The full-text sentences a chat answer's prompt shows, by conversation number: for the first CHAT_FULL_TEXTS shown
 * records the run read in full, the body sentences that bear on the follow-up (passageExcerpt against it and the run's
 * question), numbered after the abstract's sentences so that a sentence id ("E3.14") names one of them and the
 * statement check reads what it names; empty when none was read in full.
 */
export function fullTextExcerpts(
  shown: Array<{ n: number; evidence: Evidence }>,
  fullTexts: ReadonlyMap<string, FullText> | undefined,
  focus: string,
): Map<number, FullTextSentence[]> {
  if (!fullTexts) return new Map();
  return new Map(
    shown
      .filter((s) => fullTexts.has(s.evidence.id))
      .slice(0, CHAT_FULL_TEXTS)
      .map(({ n, evidence }) => [
        n,
        passageExcerpt(evidence.citation.abstract, fullTexts.get(evidence.id)!, focus, CHAT_PASSAGE_CHARS),
      ]),
  );
}
