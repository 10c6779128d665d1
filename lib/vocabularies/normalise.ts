/**
 * Text normalisation shared by the lexicon builder and the runtime matchers: Greek letters spelled out,
 * tokens with offsets, and the two comparison keys of a phrase (case-kept "compact" and lower-case "folded").
 * Pure functions, no I/O.
 */

/**
 * Greek letters (lower and upper case) and the Latin spellings NCBI Gene and GO use for them
 * ("TNF-alpha", "NF-kappaB", "IL-1beta"). Source: the Unicode Greek block; the spellings are NCBI's.
 */
const GREEK: Readonly<Record<string, string>> = {
  α: "alpha",
  β: "beta",
  γ: "gamma",
  δ: "delta",
  ε: "epsilon",
  ζ: "zeta",
  η: "eta",
  θ: "theta",
  ι: "iota",
  κ: "kappa",
  λ: "lambda",
  μ: "mu",
  ν: "nu",
  ξ: "xi",
  ο: "omicron",
  π: "pi",
  ρ: "rho",
  σ: "sigma",
  ς: "sigma",
  τ: "tau",
  υ: "upsilon",
  φ: "phi",
  χ: "chi",
  ψ: "psi",
  ω: "omega",
  Α: "alpha",
  Β: "beta",
  Γ: "gamma",
  Δ: "delta",
  Ε: "epsilon",
  Κ: "kappa",
  Μ: "mu",
  Ω: "omega",
};

const GREEK_CHARS = new RegExp(`[${Object.keys(GREEK).join("")}]`, "gu");

/** Spells out Greek letters: "TNF-α" → "TNF-alpha", "NF-κB" → "NF-kappaB". Other characters are kept. */
export function spellGreek(text: string): string {
  return text.replace(GREEK_CHARS, (ch) => GREEK[ch] ?? ch);
}

/** One token of a text: `start`/`end` are UTF-16 offsets into the original text (end exclusive). */
export interface Token {
  start: number;
  end: number;
  /** The token text with Greek letters spelled out, case kept ("κB" → "kappaB"). */
  compact: string;
}

/**
 * Tokens of a text: maximal runs of Unicode letters and digits, plus each "+" as its own token (so that
 * "Na+/K+-ATPase" and "Ca2+" keep their charge signs). Everything else separates tokens.
 */
export function tokenise(text: string): Token[] {
  const out: Token[] = [];
  const ascii = ASCII.test(text);
  const pattern = ascii ? /[A-Za-z0-9]+|\+/g : /[\p{L}\p{N}]+|\+/gu;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    out.push({ start: m.index, end: m.index + m[0].length, compact: ascii ? m[0] : spellGreek(m[0]) });
  }
  return out;
}

const ASCII = /^[\x00-\x7f]*$/;

/**
 * The case-kept comparison key of a phrase: Greek spelled out, every character that is not a letter, a digit
 * or "+" removed ("Bcl-2" → "Bcl2", "5-HT1A" → "5HT1A", "Na+/K+-ATPase" → "Na+K+ATPase").
 */
export function compactKey(phrase: string): string {
  return tokenise(phrase)
    .map((t) => t.compact)
    .join("");
}

/** The case-insensitive comparison key of a phrase: `compactKey` in lower case ("Bcl-2" → "bcl2"). */
export function foldedKey(phrase: string): string {
  return compactKey(phrase).toLowerCase();
}

/** Number of letters in a string that are upper-case / lower-case (Unicode-aware). */
export function caseCounts(text: string): { upper: number; lower: number } {
  let upper = 0;
  let lower = 0;
  for (const ch of text) {
    if (ch !== ch.toLowerCase()) upper += 1;
    else if (ch !== ch.toUpperCase()) lower += 1;
  }
  return { upper, lower };
}

/**
 * The word-boundary key of a phrase for multi-word forms: lower-case tokens joined by spaces, with a space
 * also at each letter↔digit change and before a trailing spelled Greek letter, so that "aquaporin-2",
 * "aquaporin 2" and "Aquaporin2" agree, and "TNFalpha" agrees with "TNF-alpha", but the one word "proteins"
 * never equals the two words "protein S".
 * @param compacts the `compact` texts of a phrase's tokens.
 */
export function spacedKey(compacts: readonly string[]): string {
  const words: string[] = [];
  for (const compact of compacts) {
    const lower = compact.toLowerCase();
    let word = "";
    for (let k = 0; k < lower.length; k += 1) {
      const digit = isDigit(lower[k]);
      if (k > 0 && digit !== isDigit(lower[k - 1])) {
        words.push(word);
        word = "";
      }
      word += lower[k];
    }
    const greek = TRAILING_GREEK.exec(word);
    if (greek && greek.index > 0) words.push(word.slice(0, greek.index), greek[0]);
    else words.push(word);
  }
  return words.join(" ");
}

const TRAILING_GREEK = /(?:alpha|beta|gamma|delta|kappa)$/;

function isDigit(ch: string): boolean {
  return ch >= "0" && ch <= "9";
}
