import { matchQuote, QUOTE_SIMILARITY_THRESHOLD } from "@/lib/text/quote-match";

/**
 * Least similarity of a near-exact passage: 0.95, the one threshold of {@link matchQuote} (bmlibrarian's
 * `min_similarity`; the claim-check issue: "an exact match, else at least 0.95 similarity").
 */
export const PASSAGE_SIMILARITY_THRESHOLD = QUOTE_SIMILARITY_THRESHOLD;

/**
 * Outcome of {@link verifyPassage}:
 * - `ok`: the passage is in the text (exactly, or with similarity ≥ the threshold);
 * - `exact`: it matched exactly after normalisation (then `similarity` is 1);
 * - `matched`: the span of the ORIGINAL text that matched, in the source's own wording (null when not ok);
 * - `similarity`: 0–1, the best normalised Levenshtein similarity over the sliding windows tried.
 */
export interface PassageCheck {
  ok: boolean;
  exact: boolean;
  matched: string | null;
  similarity: number;
}

/** A passage as a model writes it, without surrounding quote marks or leading/trailing ellipses. */
export function stripPassageDecoration(passage: string): string {
  return passage
    .trim()
    .replace(/^["'“”‘’«»]+|["'“”‘’«»]+$/g, "")
    .replace(/^(?:\.\.\.|…)\s*/, "")
    .replace(/\s*(?:\.\.\.|…)$/, "")
    .trim();
}

/**
 * Verifies that `passage` is in `source` (e.g. a record's abstract) with the one quote matcher of the project,
 * {@link matchQuote} (lib/text/quote-match.ts): exact after normalisation (case, whitespace, typographic quotes and
 * dashes), else the best word-aligned sliding window with similarity ≥ `threshold`. Surrounding quote marks and
 * ellipses of the passage are ignored; passages under 2 characters never pass.
 * @param threshold least similarity, 0–1; default {@link PASSAGE_SIMILARITY_THRESHOLD} (0.95).
 */
export function verifyPassage(passage: string, source: string, threshold = PASSAGE_SIMILARITY_THRESHOLD): PassageCheck {
  const text = stripPassageDecoration(passage);
  if (text.length < 2) return { ok: false, exact: false, matched: null, similarity: 0 };
  const match = matchQuote(text, source, threshold);
  return {
    ok: match.kind !== "none",
    exact: match.kind === "exact",
    matched: match.sourceText,
    similarity: Math.round(match.similarity * 1000) / 1000,
  };
}
