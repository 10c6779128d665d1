import { mentionIds } from "./pubtator";
import { sentenceSpans, spanIndexAt, tokenize, type Span, type Token } from "./text";
import type { RelationDocument } from "./types";

/** A mention resolved to one concept ID, its sentence and its token range within that sentence. */
export interface PlacedMention {
  id: string;
  type: "chemical" | "disease";
  text: string;
  start: number;
  end: number;
  /** Index into DocAnalysis.sentences (0 is the title when there is one). */
  sentence: number;
  /** First and last+1 token index within the sentence's tokens. */
  tokStart: number;
  tokEnd: number;
}

/** A document prepared once for feature extraction: sentences, tokens and mentions grouped by concept. */
export interface DocAnalysis {
  text: string;
  titleLength: number;
  sentences: Span[];
  tokens: Token[][];
  chemicals: Map<string, PlacedMention[]>;
  diseases: Map<string, PlacedMention[]>;
  /** Mentions per sentence (all types), sorted by start. */
  bySentence: PlacedMention[][];
}

/**
 * Splits the document into sentences and tokens and places every mention. Mentions whose ID is "-1" are
 * dropped and composite IDs "D1|D2" become one placed mention per part (standard CDR evaluation practice).
 */
export function analyzeDocument(doc: RelationDocument): DocAnalysis {
  const text = `${doc.title} ${doc.abstract}`;
  const sentences = sentenceSpans(doc.title, doc.abstract);
  const tokens = sentences.map((s) => tokenize(text.slice(s.start, s.end), s.start));
  const chemicals = new Map<string, PlacedMention[]>();
  const diseases = new Map<string, PlacedMention[]>();
  const bySentence: PlacedMention[][] = sentences.map(() => []);
  for (const m of doc.mentions) {
    let sentence = spanIndexAt(sentences, m.start);
    if (sentence < 0) sentence = Math.max(0, sentences.findIndex((s) => s.start > m.start) - 1);
    if (sentences.length === 0) continue;
    const toks = tokens[sentence];
    let tokStart = toks.findIndex((t) => t.end > m.start);
    if (tokStart < 0) tokStart = toks.length;
    let tokEnd = tokStart;
    while (tokEnd < toks.length && toks[tokEnd].start < m.end) tokEnd++;
    for (const id of mentionIds(m.id)) {
      const placed: PlacedMention = {
        id,
        type: m.type,
        text: m.text,
        start: m.start,
        end: m.end,
        sentence,
        tokStart,
        tokEnd,
      };
      const group = m.type === "chemical" ? chemicals : diseases;
      const list = group.get(id) ?? [];
      list.push(placed);
      group.set(id, list);
      bySentence[sentence].push(placed);
    }
  }
  for (const list of bySentence) list.sort((a, b) => a.start - b.start);
  return { text, titleLength: doc.title.length, sentences, tokens, chemicals, diseases, bySentence };
}

/** The most frequent surface form of a concept's mentions (first seen wins ties). */
export function commonName(mentions: PlacedMention[]): string {
  const counts = new Map<string, number>();
  for (const m of mentions) counts.set(m.text, (counts.get(m.text) ?? 0) + 1);
  let best = mentions[0]?.text ?? "";
  for (const [name, n] of counts) if (n > (counts.get(best) ?? 0)) best = name;
  return best;
}
