import { splitSentences } from "@/lib/text/sentences";

/**
 * The one parser of inline citation markers in report prose: "[1]", "[1, 3]", "[1;3]", ranges "[2–4]" / "[2-4]".
 * The same grammar serves the rewriting of markers (rewriteMarkers, used by validateReportCitations), the critic's
 * checks, and the rendered report's citation links (lib/report/render/rehype-citations.ts).
 */
export const MARKER_PATTERN = /\[(\s*\d+(?:\s*[-–—]\s*\d+)?(?:\s*[,;]\s*\d+(?:\s*[-–—]\s*\d+)?)*\s*)\]/g;

/** Longest range expanded to its numbers ("[2–40]"); a longer one counts only its two ends. */
const MAX_RANGE = 200;

/** One part of a marker body: a single number ("4": from = to) or a range ("2–4"). Null for anything else. */
function parsePart(part: string): { from: number; to: number; range: boolean } | null {
  const range = /^\s*(\d+)\s*[-–—]\s*(\d+)\s*$/.exec(part);
  if (range) return { from: Number(range[1]), to: Number(range[2]), range: true };
  return /^\s*\d+\s*$/.test(part) ? { from: Number(part), to: Number(part), range: false } : null;
}

/** Whether a range part can be expanded: ascending and at most {@link MAX_RANGE} long. */
function expandable(p: { from: number; to: number }): boolean {
  return p.to >= p.from && p.to - p.from <= MAX_RANGE;
}

/** The numbers from `from` to `to`, inclusive. */
function numbersOf(p: { from: number; to: number }): number[] {
  return Array.from({ length: p.to - p.from + 1 }, (_, i) => p.from + i);
}

/** The numbers of one marker body ("1, 3–5" → [1, 3, 4, 5]). */
export function expandMarkerBody(body: string): number[] {
  const out: number[] = [];
  for (const part of body.split(/[,;]/)) {
    const p = parsePart(part);
    if (!p) continue;
    if (!p.range) out.push(p.from);
    else if (expandable(p)) out.push(...numbersOf(p));
    else out.push(p.from, p.to);
  }
  return out;
}

/** Every marker number cited in `text`, in order of appearance, with repeats. */
export function citedNumbers(text: string): number[] {
  return [...text.matchAll(MARKER_PATTERN)].flatMap((m) => expandMarkerBody(m[1]));
}

/** `text` without its citation markers (and the space before each), e.g. to compare a sentence with a source. */
export function stripMarkers(text: string): string {
  return text.replace(new RegExp(`\\s?${MARKER_PATTERN.source}`, "g"), "").trim();
}

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

function parseToken(part: string): MarkerToken | null {
  const p = parsePart(part);
  if (!p) return null;
  if (!p.range) return { label: String(p.from), numbers: [p.from] };
  return expandable(p) ? { label: `${p.from}–${p.to}`, numbers: numbersOf(p) } : null;
}

/**
 * The inline citation markers of a text, in order: "[1]", "[1, 4]", "[1; 4]" and ranges "[2–4]" / "[2-4]" (the
 * forms citation validation writes and rewrites). A bracketed number that is not a valid reference number
 * (0, above `referenceCount`, a reversed or over-long range, e.g. a year "[2019]") is not a marker.
 */
export function findMarkers(text: string, referenceCount: number): MarkerMatch[] {
  const out: MarkerMatch[] = [];
  for (const m of text.matchAll(MARKER_PATTERN)) {
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

/** "[1, 2, 3, 5]" → "[1–3, 5]": runs of three or more consecutive numbers become ranges. */
export function formatMarker(numbers: number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j += 1;
    if (j - i >= 2) parts.push(`${sorted[i]}–${sorted[j]}`);
    else for (let k = i; k <= j; k += 1) parts.push(String(sorted[k]));
    i = j + 1;
  }
  return `[${parts.join(", ")}]`;
}

const MARKER = new RegExp(`(\\s?)${MARKER_PATTERN.source}`, "g");

/**
 * Rewrites the [n] markers of a text with `renumber` (old number → new number, or undefined when the reference
 * is gone). Handles "[1]", "[1, 3]", "[1;3]" and ranges "[2–4]" / "[2-4]". A marker left empty is deleted with
 * the space before it.
 * @returns the new text and the count of deleted marker numbers.
 */
export function rewriteMarkers(
  text: string,
  renumber: (n: number) => number | undefined,
): { text: string; removed: number } {
  let removed = 0;
  const out = text.replace(MARKER, (_match, space: string, body: string) => {
    const kept: number[] = [];
    for (const n of expandMarkerBody(body)) {
      const next = renumber(n);
      if (next === undefined) removed += 1;
      else kept.push(next);
    }
    return kept.length > 0 ? `${space}${formatMarker(kept)}` : "";
  });
  return { text: out, removed };
}
