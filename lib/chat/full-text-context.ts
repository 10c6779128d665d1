import type { Evidence } from "@/lib/domain/evidence";
import type { FullText } from "@/lib/domain/fulltext";
import { neutraliseForPrompt } from "@/lib/evidence/prompt-context/blocks";
import { passageExcerpt } from "@/lib/evidence/prompt-context/passage-excerpts";

/** Records of one chat answer whose full-text sentences are shown, and characters of each. Our choice (prompt room). */
const CHAT_FULL_TEXTS = 3;
const CHAT_PASSAGE_CHARS = 600;

/**
 * The full-text blocks of a chat answer's prompt: for the first CHAT_FULL_TEXTS shown records the run read in full, the
 * body sentences that bear on the follow-up (passageExcerpt against it and the run's question), each with where it
 * stands, as `<evidence n="3" part="full text">` blocks after the records' own blocks; "" when none was read in full.
 */
export function fullTextBlocks(
  shown: Array<{ n: number; evidence: Evidence }>,
  fullTexts: ReadonlyMap<string, FullText> | undefined,
  focus: string,
): string {
  if (!fullTexts) return "";
  return shown
    .filter((s) => fullTexts.has(s.evidence.id))
    .slice(0, CHAT_FULL_TEXTS)
    .flatMap(({ n, evidence }) => {
      const sentences = passageExcerpt(
        evidence.citation.abstract,
        fullTexts.get(evidence.id)!,
        focus,
        CHAT_PASSAGE_CHARS,
      );
      if (sentences.length === 0) return [];
      const lines = sentences.map((s) => neutraliseForPrompt(s.label ? `${s.label}: ${s.text}` : s.text));
      return [[`<evidence n="${n}" part="full text">`, ...lines, "</evidence>"].join("\n")];
    })
    .join("\n\n");
}
