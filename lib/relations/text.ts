/**
 * Sentence and token spans for the relation model, self-contained so that training and inference split text
 * identically. Offsets are UTF-16 indices into `title + " " + abstract`.
 */

/** A span of the document text: `text.slice(start, end)`. */
export interface Span {
  start: number;
  end: number;
}

/** A word or punctuation token with its offsets and lower-cased form. */
export interface Token extends Span {
  lower: string;
}

/**
 * Abbreviations that end in a full stop without ending a sentence in PubMed abstracts (lower-cased).
 * Source: our reading of BC5CDR abstracts (doses "i.v.", "p.o.", citations "et al.", "vs.").
 */
const NO_BREAK_AFTER = new RegExp(
  String.raw`(?:\b(?:vs|e\.g|i\.e|et al|approx|fig|figs|cf|ca|no|nos|ref|dr|resp|viz|i\.p|i\.v|s\.c|p\.o|i\.m|` +
    String.raw`sp|spp|st|mg|kg|min|b\.i\.d|t\.i\.d|q\.d))\.$`,
  "i",
);

/**
 * Splits `title + " " + abstract` into sentences: the title is always one sentence, the abstract breaks after
 * ". ", "? " or "! " followed by an upper-case letter, digit or bracket, unless the stop ends an abbreviation.
 * @returns spans in text order; they cover every non-blank character.
 */
export function sentenceSpans(title: string, abstract: string): Span[] {
  const spans: Span[] = [];
  if (title.trim()) spans.push({ start: 0, end: title.length });
  const offset = title.length + 1;
  const boundary = /[.!?]["')\]]?\s+(?=[A-Z0-9(\[])/g;
  let start = 0;
  let match: RegExpExecArray | null;
  while ((match = boundary.exec(abstract))) {
    const end = match.index + match[0].trimEnd().length;
    if (NO_BREAK_AFTER.test(abstract.slice(Math.max(start, end - 12), end))) continue;
    pushTrimmed(spans, abstract, start, end, offset);
    start = match.index + match[0].length;
  }
  pushTrimmed(spans, abstract, start, abstract.length, offset);
  return spans;
}

function pushTrimmed(spans: Span[], text: string, start: number, end: number, offset: number): void {
  while (start < end && /\s/.test(text[start])) start++;
  while (end > start && /\s/.test(text[end - 1])) end--;
  if (end > start) spans.push({ start: start + offset, end: end + offset });
}

/** Word tokens (letter/digit runs) and single punctuation marks, with offsets relative to `base`. */
export function tokenize(text: string, base = 0): Token[] {
  const tokens: Token[] = [];
  const pattern = /[A-Za-z0-9]+|[^\sA-Za-z0-9]/g;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(text))) {
    tokens.push({
      start: base + match.index,
      end: base + match.index + match[0].length,
      lower: match[0].toLowerCase(),
    });
  }
  return tokens;
}

/** Index of the span containing `offset` (binary search over sorted, disjoint spans), or -1. */
export function spanIndexAt(spans: Span[], offset: number): number {
  let lo = 0;
  let hi = spans.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (offset < spans[mid].start) hi = mid - 1;
    else if (offset >= spans[mid].end) lo = mid + 1;
    else return mid;
  }
  return -1;
}
