/**
 * Sentence splitting and sentence-aware truncation for abstracts.
 * Splitting uses the ICU sentence rules behind `Intl.Segmenter` (Unicode UAX #29 sentence boundaries),
 * then re-joins the few splits ICU makes after scientific abbreviations ("vs.", "et al.", "approx.", …).
 */

const segmenter = new Intl.Segmenter("en", { granularity: "sentence" });

/**
 * Abbreviations after which ICU may wrongly end a sentence in biomedical abstracts (lower-cased, with the dot).
 * Source: our reading of PubMed abstracts (BC5CDR corpus), not an external list.
 */
const ABBREVIATIONS = [
  "vs.",
  "et al.",
  "e.g.",
  "i.e.",
  "approx.",
  "fig.",
  "figs.",
  "cf.",
  "ca.",
  "no.",
  "nos.",
  "ref.",
  "refs.",
  "dr.",
  "prof.",
  "resp.",
  "incl.",
  "viz.",
  "i.p.",
  "i.v.",
  "s.c.",
  "p.o.",
  "i.m.",
  "sp.",
  "spp.",
  "st.",
];

/**
 * A piece that holds only citation markers and the closing punctuation, e.g. "[4]." after "(10-30 mg/kg p.o.)":
 * it belongs to the sentence before it.
 */
const MARKERS_ONLY = /^(?:\[\s*\d+(?:\s*[-–—,;]\s*\d+)*\s*\]\s*)+[.!?…]*$/;

function endsWithAbbreviation(segment: string): boolean {
  // "… (10-30 mg/kg p.o.)": an abbreviation inside closing brackets or quotes does not end the sentence either.
  const tail = segment
    .trimEnd()
    .toLowerCase()
    .replace(/[)\]"'\u201d]+$/, "");
  return ABBREVIATIONS.some((abbr) => tail === abbr || tail.endsWith(` ${abbr}`) || tail.endsWith(`(${abbr}`));
}

/**
 * Splits text into sentences (trimmed, non-empty, in order). A split is undone when the previous piece ends
 * with a known abbreviation (also inside closing brackets: "p.o.)"), when the next piece starts with a lower-case
 * letter or a digit, or when the next piece is only citation markers ("[4].").
 * @param text any plain text; empty or blank text gives [].
 * @returns the sentences; joining them with single spaces reproduces the text up to whitespace.
 */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  for (const { segment } of segmenter.segment(text)) {
    const piece = segment.trim();
    if (!piece) continue;
    const previous = out[out.length - 1];
    if (
      previous !== undefined &&
      (endsWithAbbreviation(previous) || /^[a-z0-9]/.test(piece) || MARKERS_ONLY.test(piece))
    ) {
      out[out.length - 1] = `${previous} ${piece}`;
    } else {
      out.push(piece);
    }
  }
  return out;
}

/**
 * Shortens text to at most `maxChars` characters, cutting after the last whole sentence that fits
 * (after DeepCritical's `truncate_at_sentence`). When not even the first sentence fits, cuts at the last
 * word boundary and appends "…" (the result is then at most `maxChars + 1` characters).
 * @param maxChars maximum length in UTF-16 code units; must be ≥ 1.
 * @throws RangeError when maxChars < 1.
 */
export function truncateAtSentence(text: string, maxChars: number): string {
  if (maxChars < 1) throw new RangeError("maxChars must be at least 1");
  const trimmed = text.trim();
  if (trimmed.length <= maxChars) return trimmed;
  let kept = "";
  for (const sentence of splitSentences(trimmed)) {
    const next = kept ? `${kept} ${sentence}` : sentence;
    if (next.length > maxChars) break;
    kept = next;
  }
  if (kept) return kept;
  const head = trimmed.slice(0, maxChars);
  if (/\s/.test(trimmed[maxChars])) return `${head.replace(/[\s,;:]+$/, "")}…`;
  const lastSpace = head.lastIndexOf(" ");
  return `${(lastSpace > 0 ? head.slice(0, lastSpace) : head).replace(/[\s,;:]+$/, "")}…`;
}
