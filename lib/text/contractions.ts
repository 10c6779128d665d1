/**
 * Negative contractions spelled out, so that a claim's patterns need match only "does not", "is not", "cannot".
 * Source: the English negative contractions of do, be and can that claims are written with.
 */

/** The negative contractions of do, be and can, lower case, each with its spelled-out form ("doesn't" → "does not"). */
export const NEGATIVE_CONTRACTIONS: Readonly<Record<string, string>> = {
  "doesn't": "does not",
  "don't": "do not",
  "didn't": "did not",
  "isn't": "is not",
  "aren't": "are not",
  "wasn't": "was not",
  "weren't": "were not",
  "can't": "cannot",
};

/**
 * The text with each word ending in "n't" that `table` lists (matched case-insensitively) replaced by its spelled-out
 * form ("It doesn't work" → "It does not work"); other "n't" words ("won't" with the default table) stay as written.
 * @param table lower-case contraction → replacement; {@link NEGATIVE_CONTRACTIONS} by default.
 */
export function expandContractions(
  text: string,
  table: Readonly<Record<string, string>> = NEGATIVE_CONTRACTIONS,
): string {
  return text.replace(/\b\w+n't\b/gi, (w) => table[w.toLowerCase()] ?? w);
}
