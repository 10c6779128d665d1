import type { ModelUsage } from "@/lib/domain/agent";
import type { Evidence } from "@/lib/domain/evidence";
import { citationKeys } from "@/lib/evidence/identity";
import { DEFAULT_MMR_LAMBDA, selectMmr } from "@/lib/text/mmr";
import { tfidfSimilarity, type PairSimilarity, type TextEmbedder } from "@/lib/text/similarity";
import { truncateAtSentence } from "@/lib/text/sentences";
import { keyedEvidenceText, type KeyedEvidence } from "./blocks";
import { createExcerptStore, type ExcerptStore } from "./excerpt-store";
import { rescoreForQuestion } from "./relevance";
import type { FullText } from "@/lib/domain/fulltext";
import { MAX_RECORDS_WITH_PASSAGES } from "./passage-excerpts";

export type { KeyedEvidence } from "./blocks";

/**
 * Most evidence records shown to the judge: 25 blocks of ≈ 1,200-character excerpts. Source: tests/unit/ai/
 * prompt-budgets.test.ts — at the largest evidence set (the MEDLINE sample's longest abstracts) the judge's prompt is
 * ≈ 10.8k tokens by chars/4 with a field guide and the JSON schema, so prompt + its 1k output limit fit 16,384
 * tokens.
 */
export const JUDGE_MAX_EVIDENCE = 25;

/**
 * Most evidence records shown to the report agent: 20. Source: tests/unit/ai/prompt-budgets.test.ts — the report's
 * prompt carries the hypotheses, the judge's assessment and, on a revision, the critic's feedback besides the blocks;
 * at the largest evidence set 25 blocks made it ≈ 12.4k tokens (chars/4), which with its output limit overflows a
 * 16,384-token window (vLLM checks prompt + max_tokens). The 20 are the first of the hypothesis agent's 25 (the same
 * ranking), so every key the report may cite was shown to the agents before it.
 */
export const REPORT_MAX_EVIDENCE = 20;

/**
 * Most evidence records shown to the hypothesis agent: 25, the low end of the 25–30-block budget (blocks of
 * ≈ 1,200-character excerpts): ≈ 11.1k tokens at the largest evidence set (tests/unit/ai/prompt-budgets.test.ts),
 * with its 2k output limit inside 16,384.
 */
export const DEFAULT_MAX_EVIDENCE = 25;

/** Characters of abstract used to compare records for MMR (title + this much abstract, cut at a sentence). */
const SIMILARITY_ABSTRACT_CHARS = 1_000;

/** The text a record is compared by for MMR: title, then the start of its abstract. */
export function similarityText(e: Evidence): string {
  const abstract = e.citation.abstract.trim() ? truncateAtSentence(e.citation.abstract, SIMILARITY_ABSTRACT_CHARS) : "";
  return `${e.citation.title} ${abstract}`.trim();
}

/**
 * The records shown to an agent. When they all fit (`evidence.length <= maxItems`), all of them; otherwise
 * `maxItems` picked by maximal marginal relevance (λ = {@link DEFAULT_MMR_LAMBDA} = 0.7, Carbonell & Goldstein
 * 1998, as DeepCritical's select_diverse_evidence) over `relevance` (0–1) and `similarity` (default TF-IDF cosine
 * of title + abstract), so near-duplicate abstracts do not crowd out other findings. Either way the result is
 * ordered by decreasing relevance (ties keep input order), which is the block numbering.
 * @param maxItems must be ≥ 0.
 */
export function selectEvidence(evidence: Evidence[], maxItems: number, similarity?: PairSimilarity): Evidence[] {
  if (evidence.length <= maxItems) return selectMostRelevant(evidence, maxItems);
  const sim = similarity ?? tfidfSimilarity(evidence.map(similarityText));
  // A tiny floor keeps records with relevance 0 selectable (MMR normalises by the maximum relevance).
  const relevance = evidence.map((e) => Math.max(0, e.relevance) + 1e-6);
  const picked = selectMmr(relevance, sim, { k: Math.max(0, maxItems), lambda: DEFAULT_MMR_LAMBDA, minRelevance: -1 });
  return selectMostRelevant(
    picked.map((i) => evidence[i]),
    maxItems,
  );
}

/**
 * Keeps the `maxItems` most relevant records (by `relevance`, 0–1, highest first; ties keep input order).
 * @param maxItems must be ≥ 0.
 */
export function selectMostRelevant(evidence: Evidence[], maxItems: number): Evidence[] {
  return evidence
    .map((e, index) => ({ e, index }))
    .sort((a, b) => b.e.relevance - a.e.relevance || a.index - b.index)
    .slice(0, Math.max(0, maxItems))
    .map(({ e }) => e);
}

/**
 * Research agents' evidence for one prompt: the keyed blocks shown, their text (blocks, then their keys), and how many
 * were left out.
 */
export interface KeyedEvidenceContext {
  items: KeyedEvidence[];
  text: string;
  omitted: number;
}

/** Options of {@link buildKeyedEvidenceContext}. */
export interface KeyedContextOptions {
  /** The research question: relevance and excerpts are computed against it. */
  question: string;
  /** Extra focus for the excerpts (the current hypotheses as text); "" when none. */
  focus?: string;
  maxItems?: number;
  embedder?: TextEmbedder;
  /** The run's excerpts (see ExcerptStore); default a fresh store (excerpts then depend on this call only). */
  excerpts?: ExcerptStore;
  /** The records' full texts (by record id): the first MAX_RECORDS_WITH_PASSAGES shown also show body sentences. */
  fullTexts?: ReadonlyMap<string, FullText>;
  signal?: AbortSignal;
  /** Receives the usage of an embedding request (agent "embedding", its tokens as input tokens). */
  onUsage?: (usage: ModelUsage) => void;
}

/**
 * The evidence a research agent sees:
 * 1. every record is scored against the question (lib/evidence/prompt-context/relevance: BM25, or provider embeddings
 * when
 *    configured and a choice has to be made), and that score is the relevance used below;
 * 2. when the records do not all fit in `maxItems` (default {@link DEFAULT_MAX_EVIDENCE}), MMR picks a relevant
 *    and diverse set (see {@link selectEvidence}); blocks are ordered by decreasing relevance;
 * 3. each record is shown under its run-wide key ("E7", its position in `evidence`, lib/evidence/identity citationKey)
 * with
 *    its excerpt's sentences under their sentence ids (lib/evidence/prompt-context/excerpts: RESULTS and CONCLUSIONS
 *    always kept, other sentences by BM25, ≤ 1,200 characters), taken from `options.excerpts` so that every agent
 *    of a run sees the same excerpt.
 */
export async function buildKeyedEvidenceContext(
  evidence: Evidence[],
  options: KeyedContextOptions,
): Promise<KeyedEvidenceContext> {
  const maxItems = options.maxItems ?? DEFAULT_MAX_EVIDENCE;
  const keys = citationKeys(evidence);
  const needSimilarity = evidence.length > maxItems;
  const { evidence: rescored, similarity } = await rescoreForQuestion(
    options.question,
    evidence,
    evidence.map(similarityText),
    {
      embedder: options.embedder,
      needSimilarity,
      signal: options.signal,
      onUsage: (tokens) =>
        options.onUsage?.({
          agent: "embedding",
          attempt: 1,
          inputTokens: tokens,
          outputTokens: tokens === undefined ? undefined : 0,
          totalTokens: tokens,
        }),
    },
  );
  const store = options.excerpts ?? createExcerptStore();
  const byId = new Map(evidence.map((e) => [e.id, e]));
  let withPassages = 0;
  const items = selectEvidence(rescored, maxItems, similarity).map((r) => {
    const original = byId.get(r.id) ?? r;
    const fullText = options.fullTexts?.get(r.id);
    const read = fullText && withPassages < MAX_RECORDS_WITH_PASSAGES ? fullText : undefined;
    if (read) withPassages++;
    return {
      key: keys.get(r.id) ?? r.id,
      evidence: original,
      sentences: store.excerpt(original, options.question, options.focus ?? "", read),
    };
  });
  return { items, text: keyedEvidenceText(items), omitted: evidence.length - items.length };
}
