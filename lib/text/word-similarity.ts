import { distance } from "fastest-levenshtein";

/** The words of a text as compared across formats: NFKC, lower case, apostrophes dropped, letters and digits. */
export function comparableWords(text: string): string[] {
  return (
    text
      .normalize("NFKC")
      .toLowerCase()
      .replace(/['’]/g, "")
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/**
 * How alike two texts are, word by word: 1 − the Levenshtein distance between their word sequences divided by the
 * longer one's length (each distinct word is coded as one UTF-16 code unit and fastest-levenshtein's Myers
 * algorithm measures the edits), so a word missing, added or changed costs one and a paragraph read out of order
 * costs its length. Also the bag-of-words precision (share of `candidate`'s words found in `reference`, counted with
 * multiplicity), recall (the reverse) and F1. Two empty texts are identical (1).
 */
export function wordSimilarity(
  reference: string,
  candidate: string,
): { sequence: number; precision: number; recall: number; f1: number } {
  const a = comparableWords(reference);
  const b = comparableWords(candidate);
  if (a.length === 0 && b.length === 0) return { sequence: 1, precision: 1, recall: 1, f1: 1 };
  const codes = new Map<string, string>();
  // One UTF-16 code unit per distinct word (surrogates skipped): up to about 63,000 distinct words per comparison.
  const code = (w: string) => {
    let c = codes.get(w);
    if (c === undefined) {
      const n = 0x100 + codes.size;
      codes.set(w, (c = String.fromCharCode(n < 0xd800 ? n : n + 0x800)));
    }
    return c;
  };
  const sequence = 1 - distance(a.map(code).join(""), b.map(code).join("")) / Math.max(a.length, b.length);
  const counts = new Map<string, number>();
  for (const w of a) counts.set(w, (counts.get(w) ?? 0) + 1);
  let common = 0;
  for (const w of b) {
    const n = counts.get(w) ?? 0;
    if (n > 0) {
      common++;
      counts.set(w, n - 1);
    }
  }
  const precision = b.length ? common / b.length : 0;
  const recall = a.length ? common / a.length : 0;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { sequence, precision, recall, f1 };
}
