import type { Evidence } from "@/lib/domain/evidence";
import { splitSentences } from "@/lib/text/sentences";
import type { PassageProposal } from "@/lib/claims/backend";
import type { ClaimAnalysis } from "@/lib/claims/analysis";
import { mayStateFinding } from "@/lib/text/findings";
import { readSentence } from "@/lib/claims/stance";

/**
 * Longest passage, in characters; longer sentences are cut at a word boundary. Source: the report's quote limit
 * (MAX_QUOTED_CHARS).
 */
export const MAX_PASSAGE_CHARS = 400;

/**
 * A sentence as a passage: its structured-abstract label removed ("RESULTS: …"), cut to {@link MAX_PASSAGE_CHARS}.
 */
export function asPassage(sentence: string): string {
  const text = sentence.replace(/^(?:[A-Z][A-Z &/-]{2,}:\s*)+/, "").trim();
  if (text.length <= MAX_PASSAGE_CHARS) return text;
  return text.slice(0, text.lastIndexOf(" ", MAX_PASSAGE_CHARS)).replace(/[\s,;:]+$/, "");
}

/**
 * The passage of each document that best supports the counter-statement, without a model: among the abstract's
 * sentences that may state a finding (not aims or methods) and whose stance is "counter" ({@link readSentence}), the
 * one with a result cue first, then the one
 * covering most of the claim's concepts, then the earliest. Documents without such a sentence (their support was
 * in the title only) get no passage. Passages are the abstract's own words, so they verify exactly. With `stance`
 * "claim", the same for the sentences in line with the claim (the documents on the claim's side).
 */
export function extractPassagesExtractive(
  documents: Evidence[],
  claim: ClaimAnalysis,
  stance: "counter" | "claim" = "counter",
): PassageProposal[] {
  return documents.flatMap((e) => {
    const best = splitSentences(e.citation.abstract)
      .filter(mayStateFinding)
      .map((sentence, i) => ({ sentence, i, reading: readSentence(sentence, claim) }))
      .filter((x) => x.reading.stance === stance)
      .sort(
        (a, b) =>
          Number(b.reading.result) - Number(a.reading.result) || b.reading.coverage - a.reading.coverage || a.i - b.i,
      )[0];
    return best ? [{ evidenceId: e.id, passage: asPassage(best.sentence) }] : [];
  });
}
