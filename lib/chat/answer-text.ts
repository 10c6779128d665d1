import type { PassageCitation } from "@/lib/domain/fulltext";
import { passageLocation, type PassageSentence } from "@/lib/evidence/passages";

/**
 * An extractive answer: its markdown with [n] markers, whether the evidence answered it, the records searched, and the
 * full-text passages it quotes (absent when it quotes abstracts only).
 */
export interface ExtractiveAnswer {
  text: string;
  answered: boolean;
  considered: number;
  passages?: PassageCitation[];
}

/**
 * A passage as a quoted bullet with its citation (quoted in the source's words, so the quote check can verify it),
 * a full-text sentence with where it stands ("full text, 1. Case").
 */
export function bullet(p: { n: number; text: string; body?: PassageSentence }): string {
  const quoted = /["“”]/.test(p.text) ? p.text : `“${p.text}”`;
  return `- ${quoted} [${p.n}]${p.body ? ` (full text, ${passageLocation(p.body.passage)})` : ""}`;
}

/** "a", "b" and "c" → "a, b or c". */
export function orList(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} or ${words.at(-1)}`;
}
