import { bm25Scores } from "@/lib/text/bm25";
import { DEFAULT_MMR_LAMBDA, selectMmr } from "@/lib/text/mmr";
import { truncateAtSentence } from "@/lib/text/sentences";
import { cosineSimilarity, tfidfVectors } from "@/lib/text/tfidf";
import type { ConceptIndex } from "./concepts";

/** A sentence of the evidence: its record index, its position in the record (0 = title) and its display text. */
export interface PickedSentence {
  record: number;
  position: number;
  text: string;
}

/** Longest sentence quoted in a report, in characters (longer ones are cut at a word boundary). */
export const MAX_QUOTED_CHARS = 400;

/** Shortest sentence worth quoting, in characters (drops fragments such as "Methods:"). */
const MIN_QUOTED_CHARS = 40;

/**
 * The display text of an abstract sentence: structured-abstract labels ("RESULTS:", "CONCLUSIONS:") and
 * PubMed's "(ABSTRACT TRUNCATED AT 250 WORDS)" removed, cut to {@link MAX_QUOTED_CHARS}.
 */
function cleanSentence(sentence: string): string {
  const text = sentence
    .replace(/\(ABSTRACT TRUNCATED[^)]*\)/gi, "")
    .replace(/^(?:[A-Z][A-Z &/-]{2,}:\s*)+/, "")
    .trim();
  return truncateAtSentence(text, MAX_QUOTED_CHARS);
}

/** The display text of a sentence worth quoting ({@link cleanSentence}), or null for a fragment ("Methods:"). */
export function quotableText(sentence: string): string | null {
  const text = cleanSentence(sentence);
  return text.length >= MIN_QUOTED_CHARS ? text : null;
}

/** Picks diverse, relevant sentences; remembers what it picked so sections do not repeat a sentence. */
export interface SentencePicker {
  /**
   * Ranks the allowed sentences by BM25 against `query` and picks `k` of them by MMR (λ 0.7, TF-IDF cosine
   * as similarity), at most `maxPerRecord` (default 2) from one record. Sentences already picked, and those
   * scoring 0, are never returned.
   */
  pick(query: string, allowed: (s: PickedSentence) => boolean, k: number, maxPerRecord?: number): PickedSentence[];
}

/**
 * Builds a sentence picker over every quotable sentence (title and abstract sentences of at least 40
 * characters) of the indexed evidence. BM25: Robertson & Zaragoza 2009 (k1 1.2, b 0.75, over all sentences);
 * MMR: Carbonell & Goldstein 1998, λ = 0.7 as in DeepCritical. Deterministic: ties go to the earlier sentence.
 */
export function createSentencePicker(index: ConceptIndex): SentencePicker {
  const sentences: PickedSentence[] = [];
  for (const record of index.records) {
    record.sentences.forEach((raw, position) => {
      const text = quotableText(raw);
      if (text !== null) sentences.push({ record: record.index, position, text });
    });
  }
  const texts = sentences.map((s) => s.text);
  const vectors = tfidfVectors(texts);
  const used = new Set<number>();
  const scoreCache = new Map<string, number[]>();
  return {
    pick(query, allowed, k, maxPerRecord = 2) {
      let scores = scoreCache.get(query);
      if (!scores) {
        scores = bm25Scores(query, texts);
        scoreCache.set(query, scores);
      }
      const relevance = scores.map((score, i) => (used.has(i) || !allowed(sentences[i]) ? 0 : score));
      const picked: number[] = [];
      const perRecord = new Map<number, number>();
      // MMR in rounds: a record that reached its cap has its other sentences zeroed, then MMR runs again.
      while (picked.length < k) {
        const next = selectMmr(relevance, (i, j) => cosineSimilarity(vectors[i], vectors[j]), {
          k: k - picked.length,
          lambda: DEFAULT_MMR_LAMBDA,
        });
        if (next.length === 0) break;
        let capped = false;
        for (const i of next) {
          const record = sentences[i].record;
          if ((perRecord.get(record) ?? 0) >= maxPerRecord) {
            capped = true;
            break;
          }
          picked.push(i);
          relevance[i] = 0;
          perRecord.set(record, (perRecord.get(record) ?? 0) + 1);
        }
        if (!capped) break;
        relevance.forEach((_, i) => {
          if ((perRecord.get(sentences[i].record) ?? 0) >= maxPerRecord) relevance[i] = 0;
        });
      }
      for (const i of picked) used.add(i);
      return picked.map((i) => sentences[i]);
    },
  };
}
