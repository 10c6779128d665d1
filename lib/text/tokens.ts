/**
 * Word tokens for ranking and similarity: lower-case letter/digit runs, a stopword list, and Harman's
 * S-stemmer (plural stripping only; no derivational stemming, so "toxic" and "toxicity" stay distinct).
 */

/**
 * English function words plus biomedical-abstract boilerplate (section labels, reporting verbs, hedges).
 * Source: our own list; English part after the common SMART/Lucene stopword lists, boilerplate from
 * structured-abstract headings (NLM) and frequent reporting words in PubMed abstracts.
 */
export const STOPWORDS: ReadonlySet<string> = new Set([
  // English function words
  "a",
  "about",
  "above",
  "after",
  "again",
  "against",
  "all",
  "also",
  "am",
  "an",
  "and",
  "any",
  "are",
  "as",
  "at",
  "be",
  "because",
  "been",
  "before",
  "being",
  "below",
  "between",
  "both",
  "but",
  "by",
  "can",
  "could",
  "did",
  "do",
  "does",
  "doing",
  "down",
  "during",
  "each",
  "either",
  "few",
  "for",
  "from",
  "further",
  "had",
  "has",
  "have",
  "having",
  "he",
  "her",
  "here",
  "hers",
  "him",
  "his",
  "how",
  "i",
  "if",
  "in",
  "into",
  "is",
  "it",
  "its",
  "itself",
  "just",
  "may",
  "me",
  "might",
  "more",
  "most",
  "must",
  "my",
  "neither",
  "nor",
  "of",
  "off",
  "on",
  "once",
  "only",
  "or",
  "other",
  "our",
  "ours",
  "out",
  "over",
  "own",
  "same",
  "she",
  "should",
  "so",
  "some",
  "such",
  "than",
  "that",
  "the",
  "their",
  "theirs",
  "them",
  "then",
  "there",
  "these",
  "they",
  "this",
  "those",
  "through",
  "thus",
  "to",
  "too",
  "under",
  "until",
  "up",
  "upon",
  "us",
  "very",
  "was",
  "we",
  "were",
  "what",
  "when",
  "where",
  "whether",
  "which",
  "while",
  "who",
  "whom",
  "why",
  "will",
  "with",
  "within",
  "without",
  "would",
  "you",
  "your",
  "yet",
  "however",
  "therefore",
  "although",
  "though",
  "via",
  "per",
  "whereas",
  "either",
  "etc",
  // question words and biomedical boilerplate
  "cause",
  "causes",
  "caused",
  "way",
  "ways",
  "background",
  "objective",
  "objectives",
  "aim",
  "aims",
  "purpose",
  "method",
  "methods",
  "result",
  "results",
  "conclusion",
  "conclusions",
  "introduction",
  "discussion",
  "summary",
  "study",
  "studies",
  "studied",
  "report",
  "reported",
  "reports",
  "present",
  "presented",
  "showed",
  "shown",
  "show",
  "shows",
  "found",
  "observed",
  "investigated",
  "examined",
  "evaluated",
  "performed",
  "using",
  "used",
  "use",
  "based",
  "data",
  "one",
  "two",
  "three",
  "well",
  "respectively",
  "significantly",
  "significant",
  "suggest",
  "suggests",
  "suggested",
  "indicate",
  "indicates",
  "indicated",
  "known",
  "new",
  "novel",
]);

/**
 * Lower-case word tokens of a text: maximal runs of Unicode letters and digits ("PKC-alpha" → "pkc", "alpha").
 * @returns tokens in text order, stopwords included.
 */
export function tokenize(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * Harman's S-stemmer (Harman 1991, "How effective is suffixing?", JASIS 42:7): "ies"→"y" (not after e/a),
 * "es"→"e" (not after a/e/o), "s"→"" (not after u/s). Tokens of 3 characters or fewer are left alone.
 */
export function stem(token: string): string {
  if (token.length <= 3) return token;
  if (token.endsWith("ies") && !/[ea]ies$/.test(token)) return `${token.slice(0, -3)}y`;
  if (token.endsWith("es") && !/[aeo]es$/.test(token)) return token.slice(0, -1);
  if (token.endsWith("s") && !/[us]s$/.test(token)) return token.slice(0, -1);
  return token;
}

/**
 * Index terms of a text: tokens, minus stopwords and pure numbers, S-stemmed. Used by BM25 and TF-IDF.
 * @returns terms in text order (with repeats, so term frequency is preserved).
 */
export function indexTerms(text: string): string[] {
  return tokenize(text)
    .filter((t) => !STOPWORDS.has(t) && !/^\d+$/.test(t))
    .map(stem);
}

/**
 * The term statistics of a set of documents: each document's terms and term frequencies, and each term's document
 * frequency.
 */
export interface TermCounts {
  /** Each document's index terms, in order (its length is the document's length in terms). */
  terms: string[][];
  /** Each document's term → count. */
  tf: Map<string, number>[];
  /** Term → the number of documents holding it. */
  df: Map<string, number>;
}

/** Counts the index terms ({@link indexTerms}) of documents, as BM25 and TF-IDF weigh them. */
export function termCounts(documents: string[]): TermCounts {
  const terms = documents.map(indexTerms);
  const df = new Map<string, number>();
  const tf = terms.map((d) => {
    const counts = new Map<string, number>();
    for (const t of d) counts.set(t, (counts.get(t) ?? 0) + 1);
    for (const t of counts.keys()) df.set(t, (df.get(t) ?? 0) + 1);
    return counts;
  });
  return { terms, tf, df };
}
