import type { Evidence } from "@/lib/domain/evidence";
import { bm25Scores } from "@/lib/text/bm25";
import type { EmbedCallOptions, TextEmbedder } from "./embeddings";

/**
 * Weight of the question score in a record's relevance; the rest is the source's own rank (0–1). Source: our
 * choice — the question decides (issue 17: a follow-up query's top hit must not count as much as the question's),
 * the source rank only orders records that share no term with the question.
 */
export const QUESTION_WEIGHT = 0.8;

/**
 * Relevance of each record to the research question, 0–1, in input order:
 * `QUESTION_WEIGHT × question score + (1 − QUESTION_WEIGHT) × source relevance`. The question score is the
 * Okapi BM25 score of title + abstract against the question (lib/text/bm25), divided by the best score of the
 * set; with `similarity` (e.g. provider embeddings), that similarity of question and record instead.
 * @param questionSimilarity optional 0–1 similarity of the question to record i.
 */
export function questionRelevance(question: string, evidence: Evidence[], questionSimilarity?: (i: number) => number): number[] {
  const raw = questionSimilarity
    ? evidence.map((_, i) => Math.max(0, Math.min(1, questionSimilarity(i))))
    : bm25Scores(question, evidence.map((e) => `${e.citation.title} ${e.citation.abstract}`));
  const best = Math.max(0, ...raw);
  return evidence.map((e, i) => {
    const q = best > 0 ? raw[i] / best : 0;
    return QUESTION_WEIGHT * q + (1 - QUESTION_WEIGHT) * Math.max(0, Math.min(1, e.relevance));
  });
}

/**
 * The records with `relevance` replaced by {@link questionRelevance} (copies; the input is not changed), and the
 * pairwise similarity of the records for MMR when `embedder` is asked (only when `needSimilarity`). With a
 * provider embedder the question is embedded with the records (cache key "question:<text>") and both the question
 * score and the similarity are cosines of embeddings; with TF-IDF (or none) the question score is BM25.
 */
export async function rescoreForQuestion(
  question: string,
  evidence: Evidence[],
  texts: string[],
  options: { embedder?: TextEmbedder; needSimilarity: boolean } & Omit<EmbedCallOptions, "keys">,
): Promise<{ evidence: Evidence[]; similarity?: (i: number, j: number) => number }> {
  const embedder = options.embedder;
  if (embedder?.kind === "provider" && options.needSimilarity) {
    const sim = await embedder.similarity([question, ...texts], {
      keys: [`question:${question}`, ...evidence.map((e) => e.id)],
      signal: options.signal,
      onUsage: options.onUsage,
    });
    const relevance = questionRelevance(question, evidence, (i) => sim(0, i + 1));
    return { evidence: evidence.map((e, i) => ({ ...e, relevance: relevance[i] })), similarity: (i, j) => sim(i + 1, j + 1) };
  }
  const relevance = questionRelevance(question, evidence);
  const rescored = evidence.map((e, i) => ({ ...e, relevance: relevance[i] }));
  if (!options.needSimilarity || !embedder) return { evidence: rescored };
  return { evidence: rescored, similarity: await embedder.similarity(texts, { keys: evidence.map((e) => e.id), signal: options.signal, onUsage: options.onUsage }) };
}
