import { MARKER_PATTERN } from "@/lib/report/markers";
import { splitSentences } from "@/lib/text/sentences";

/** One part of a citation marker: a single reference ("4") or a range ("2–4"), with the numbers it stands for. */
export interface MarkerToken {
  label: string;
  numbers: number[];
}

/** A citation marker found in a text: its character span [start, end) and its parts in order. */
export interface MarkerMatch {
  start: number;
  end: number;
  tokens: MarkerToken[];
}

/** Longest range a marker part such as "2–40" is expanded to (the same cap as citation validation). */
const MAX_RANGE = 200;

const MARKER = MARKER_PATTERN;

function parseToken(part: string): MarkerToken | null {
  const range = /^\s*(\d+)\s*[-–—]\s*(\d+)\s*$/.exec(part);
  if (range) {
    const [a, b] = [Number(range[1]), Number(range[2])];
    if (b < a || b - a > MAX_RANGE) return null;
    return { label: `${a}–${b}`, numbers: Array.from({ length: b - a + 1 }, (_, i) => a + i) };
  }
  const n = Number(part.trim());
  return Number.isInteger(n) ? { label: String(n), numbers: [n] } : null;
}

/**
 * The inline citation markers of a text, in order: "[1]", "[1, 4]", "[1; 4]" and ranges "[2–4]" / "[2-4]" (the
 * forms citation validation writes and rewrites). A bracketed number that is not a valid reference number
 * (0, above `referenceCount`, a reversed or over-long range, e.g. a year "[2019]") is not a marker.
 */
export function findMarkers(text: string, referenceCount: number): MarkerMatch[] {
  const out: MarkerMatch[] = [];
  for (const m of text.matchAll(MARKER)) {
    const tokens = m[1].split(/[,;]/).map(parseToken);
    if (tokens.some((t) => t === null || t.numbers.some((n) => n < 1 || n > referenceCount))) continue;
    out.push({ start: m.index, end: m.index + m[0].length, tokens: tokens as MarkerToken[] });
  }
  return out;
}

/**
 * The sentence of `text` that contains the character at `offset` (sentences as split by {@link splitSentences},
 * so a marker after the full stop, "… polyuria. [2]", belongs to the sentence before it). Falls back to the whole
 * text, trimmed, when the sentences cannot be located.
 */
export function sentenceAround(text: string, offset: number): string {
  let cursor = 0;
  let previous: string | null = null;
  for (const sentence of splitSentences(text)) {
    const start = text.indexOf(sentence, cursor);
    if (start < 0) return text.trim();
    if (offset < start) return previous ?? sentence;
    const end = start + sentence.length;
    // A marker that opens a sentence ("… polyuria. [2] Next …") cites the sentence before it.
    if (offset < end) return offset === start && previous ? previous : sentence;
    previous = sentence;
    cursor = end;
  }
  return previous ?? text.trim();
}
