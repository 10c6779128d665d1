import { splitSentences } from "./sentences";

/** Quotations in prose: straight double quotes, curly double quotes or guillemets, within one line. */
export const QUOTATION_PATTERN = /"([^"\n]+)"|\u201c([^\u201d\n]+)\u201d|\u00ab([^\u00bb\n]+)\u00bb/g;

/** A sentence of a text by its offsets: `text.slice(start, end)` is the sentence. */
export interface SentenceSpan {
  start: number;
  end: number;
}

/**
 * The sentences of a text as offsets, with lines as hard boundaries and quotations kept whole (a full stop
 * inside quotation marks does not end the sentence). Splitting is {@link splitSentences} (ICU sentence rules
 * plus the abbreviation fixes) on a copy whose quotation contents are masked.
 */
export function sentenceSpans(text: string): SentenceSpan[] {
  const masked = text.replace(QUOTATION_PATTERN, (m) => `${m[0]}${"x".repeat(m.length - 2)}${m[m.length - 1]}`);
  const spans: SentenceSpan[] = [];
  let lineStart = 0;
  for (const line of masked.split("\n")) {
    let cursor = 0;
    for (const sentence of splitSentences(line)) {
      const at = line.indexOf(sentence, cursor);
      if (at < 0) continue;
      spans.push({ start: lineStart + at, end: lineStart + at + sentence.length });
      cursor = at + sentence.length;
    }
    lineStart += line.length + 1;
  }
  return spans;
}
