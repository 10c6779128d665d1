import { distance } from "fastest-levenshtein";

/**
 * Least similarity for a quotation to count as the source's text: 0.95, bmlibrarian's `min_similarity` for
 * citation passages (hherb/bmlibrarian, doc/attic/CITATION_VALIDATION_FIX.md: exact substring first, then a
 * sliding window, "rejects paraphrases").
 */
export const QUOTE_SIMILARITY_THRESHOLD = 0.95;

/** Window lengths tried by the fuzzy match: the quote's word count ±20% (bmlibrarian's window sizes). */
export const QUOTE_WINDOW_SLACK = 0.2;

/** How a quotation matched a source text; `sourceText` is the source's own wording of it (null when none). */
export interface QuoteMatch {
  kind: "exact" | "fuzzy" | "none";
  /** Normalised Levenshtein similarity of the best window, 0–1 (1 for an exact match). */
  similarity: number;
  sourceText: string | null;
}

const EQUIVALENT: Record<string, string> = {
  "\u2018": "'",
  "\u2019": "'",
  "\u201b": "'",
  "\u00b4": "'",
  "`": "'",
  "\u201c": '"',
  "\u201d": '"',
  "\u201e": '"',
  "\u00ab": '"',
  "\u00bb": '"',
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2013": "-",
  "\u2014": "-",
  "\u2212": "-",
  "\u00b5": "\u03bc",
  "\u00a0": " ",
  "\u2009": " ",
  "\u202f": " ",
};

/**
 * A text normalised for comparison, with the index in `text` of every kept character: lower-cased, typographic
 * quotes, dashes and the micro sign unified, runs of whitespace collapsed to one space, trimmed.
 */
export function normaliseWithMap(text: string): { norm: string; map: number[] } {
  let norm = "";
  const map: number[] = [];
  let space = false;
  for (let i = 0; i < text.length; i++) {
    let c = EQUIVALENT[text[i]] ?? text[i];
    if (/\s/.test(c)) {
      space = norm.length > 0;
      continue;
    }
    if (space) {
      norm += " ";
      map.push(i);
      space = false;
    }
    const lower = c.toLowerCase();
    c = lower.length === 1 ? lower : c;
    norm += c;
    map.push(i);
  }
  return { norm, map };
}

/** {@link normaliseWithMap} without the index map. */
export function normaliseForMatch(text: string): string {
  return normaliseWithMap(text).norm;
}

/** Normalised Levenshtein similarity 1 − d(a, b) / max(|a|, |b|), in [0, 1]; 1 for two empty strings. */
export function levenshteinSimilarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 1 : 1 - distance(a, b) / longest;
}

/**
 * Finds a quotation in a source text (an abstract or a title), after bmlibrarian's passage validation:
 * 1. exact: the normalised quote is a substring of the normalised source (case, whitespace, typographic quotes
 *    and dashes ignored);
 * 2. else fuzzy: a sliding window over the source's words, of every length within ±{@link QUOTE_WINDOW_SLACK} of
 *    the quote's word count, scored by normalised Levenshtein similarity ({@link levenshteinSimilarity}, via
 *    `fastest-levenshtein`); the best window matches when its similarity is ≥ `threshold` (default
 *    {@link QUOTE_SIMILARITY_THRESHOLD}, i.e. at most 5 character edits per 100 characters).
 * `sourceText` is the matched span of the original source text (its own case and punctuation), so the caller can
 * put the source's wording in place of the model's.
 */
export function matchQuote(quote: string, source: string, threshold = QUOTE_SIMILARITY_THRESHOLD): QuoteMatch {
  const q = normaliseForMatch(quote);
  const { norm, map } = normaliseWithMap(source);
  if (!q || !norm) return { kind: "none", similarity: 0, sourceText: null };
  const span = (from: number, to: number) => source.slice(map[from], map[to - 1] + 1);
  const at = norm.indexOf(q);
  if (at >= 0) return { kind: "exact", similarity: 1, sourceText: span(at, at + q.length) };

  const starts: number[] = [];
  const ends: number[] = [];
  for (const m of norm.matchAll(/\S+/g)) {
    starts.push(m.index);
    ends.push(m.index + m[0].length);
  }
  const words = q.split(" ").length;
  const shortest = Math.max(1, Math.floor(words * (1 - QUOTE_WINDOW_SLACK)));
  const longest = Math.ceil(words * (1 + QUOTE_WINDOW_SLACK));
  let best = { similarity: 0, from: 0, to: 0 };
  for (let i = 0; i < starts.length; i++) {
    for (let len = shortest; len <= longest && i + len <= starts.length; len++) {
      const from = starts[i];
      const to = ends[i + len - 1];
      // Skip a window whose length difference alone rules out beating the best so far (d ≥ the length difference).
      if (1 - Math.abs(to - from - q.length) / Math.max(to - from, q.length) <= best.similarity) continue;
      const similarity = levenshteinSimilarity(q, norm.slice(from, to));
      if (similarity > best.similarity) best = { similarity, from, to };
    }
  }
  return best.similarity >= threshold
    ? { kind: "fuzzy", similarity: best.similarity, sourceText: span(best.from, best.to) }
    : { kind: "none", similarity: best.similarity, sourceText: null };
}
