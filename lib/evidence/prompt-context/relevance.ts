import type { Evidence } from "@/lib/domain/evidence";
import { bm25Scores } from "@/lib/text/bm25";
import type { EmbedCallOptions, TextEmbedder } from "@/lib/text/similarity";

/**
 * How question score and source rank combine (our choice: a follow-up query's top hit must not count as
 * much as the question's): a record that shares no term with the question gets at most {@link NO_MATCH_CEILING}
 * (its source rank × 0.1), every record that matches gets more: 0.1 + 0.85 × question score + 0.05 × source rank.
 */
export const NO_MATCH_CEILING = 0.1;
const QUESTION_SHARE = 0.85;
const SOURCE_SHARE = 0.05;

/**
 * Relevance of each record to the research question, 0–1, in input order: for a record whose question score q
 * is 0, `0.1 × source relevance`; otherwise `0.1 + 0.85 × q + 0.05 × source relevance` (see NO_MATCH_CEILING).
 * q is the Okapi BM25 score of title + abstract against the question (lib/text/bm25), divided by the best score
 * of the set; with `questionSimilarity` (e.g. provider embeddings), that similarity of question and record.
 * "Source relevance" is the record's `relevance` on input: its rank in the search that found it, or, for a record
 * a research run already scored ({@link scoreNewRecords}), that question relevance (then it only breaks near-ties).
 * @param questionSimilarity optional 0–1 similarity of the question to record i.
 */
export function questionRelevance(
  question: string,
  evidence: Evidence[],
  questionSimilarity?: (i: number) => number,
): number[] {
  const raw = questionSimilarity
    ? evidence.map((_, i) => Math.max(0, Math.min(1, questionSimilarity(i))))
    : bm25Scores(
        question,
        evidence.map((e) => `${e.citation.title} ${e.citation.abstract}`),
      );
  const best = Math.max(0, ...raw);
  return evidence.map((e, i) => {
    const q = best > 0 ? raw[i] / best : 0;
    const source = Math.max(0, Math.min(1, e.relevance));
    return q > 0 ? NO_MATCH_CEILING + QUESTION_SHARE * q + SOURCE_SHARE * source : NO_MATCH_CEILING * source;
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
    return {
      evidence: evidence.map((e, i) => ({ ...e, relevance: relevance[i] })),
      similarity: (i, j) => sim(i + 1, j + 1),
    };
  }
  const relevance = questionRelevance(question, evidence);
  const rescored = evidence.map((e, i) => ({ ...e, relevance: relevance[i] }));
  if (!options.needSimilarity || !embedder) return { evidence: rescored };
  return {
    evidence: rescored,
    similarity: await embedder.similarity(texts, {
      keys: evidence.map((e) => e.id),
      signal: options.signal,
      onUsage: options.onUsage,
    }),
  };
}

/**
 * Newly found records with `relevance` set to their relevance to the research question ({@link questionRelevance}),
 * ordered by it (highest first; ties keep the input order). The question score is the BM25 score of each record
 * against the question over the run's records so far plus the new ones, divided by the best score among all of
 * them; so a follow-up query's top hit gets the share of the question it actually matches, not its source rank,
 * and the scale is the one of the question's own search (whose best record usually sets the maximum). Each new
 * record's `relevance` on input is its source rank (0–1), which only breaks near-ties (5 %) and orders records
 * that match no question term (≤ {@link NO_MATCH_CEILING}). `known` is not changed or re-scored: a record keeps
 * the relevance it had when found, the value the run saves with it and the evidence table shows.
 * @param known the run's records so far (their relevance is not read).
 * @param added the new records, with their source rank as `relevance`.
 * @returns copies of `added`, re-scored and sorted.
 */
export function scoreNewRecords(question: string, known: Evidence[], added: Evidence[]): Evidence[] {
  if (added.length === 0) return [];
  const relevance = questionRelevance(question, [...known, ...added]).slice(known.length);
  return added
    .map((e, i) => ({ e: { ...e, relevance: relevance[i] }, i }))
    .sort((a, b) => b.e.relevance - a.e.relevance || a.i - b.i)
    .map(({ e }) => e);
}
