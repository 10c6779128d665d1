import type { CounterStatement, SearchStrategy } from "@/lib/domain/claim-check";
import type { Evidence } from "@/lib/domain/evidence";
import type { TextEmbedder } from "@/lib/text/similarity";
import { STOPWORDS, stem, tokenize } from "@/lib/text/tokens";
import type { LiteratureSource } from "@/lib/sources/types";
import { searchSources, type SourceSearchResult } from "@/lib/sources/search";

/** Records per source for the keyword search. Source: the research run's question search (QUESTION_SEARCH_LIMIT). */
export const KEYWORD_LIMIT = 40;
/**
 * Candidate pool of the similarity searches: records per live source, and from the local library (cheap, so
 * wider). Source: our budget — 40 records is one efetch page; 300 library records keep TF-IDF under 100 ms.
 */
export const POOL_LIVE_LIMIT = 40;
export const POOL_LOCAL_LIMIT = 300;
/** Records kept per similarity strategy, best first. Source: our choice, as many as the keyword search keeps. */
const SIMILARITY_TOP = KEYWORD_LIMIT;
/**
 * Least TF-IDF cosine for a similarity hit: below it a record shares only a stray word. Source: our choice (TF-IDF
 * only; provider embeddings keep every pool record).
 */
export const MIN_SIMILARITY = 0.05;
/** Words of a text used to fetch its similarity pool (OR-ed). Source: our choice. */
export const POOL_QUERY_TERMS = 8;

/** One record found by one strategy; `relevance` 0–1 within that strategy (1 = its best hit). */
export interface StrategyHit {
  evidence: Evidence;
  relevance: number;
}

/**
 * What the strategies need: the sources, the embedder of the similarity strategies (provider embeddings, or TF-IDF
 * — lib/ai/embeddings, lib/text/similarity), per-call timeout (ms), the run's signal, and where to report each call.
 */
export interface StrategyContext {
  sources: LiteratureSource[];
  embedder: TextEmbedder;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Called once per source call (to record a search event, and a shortfall when `result.error` is set). */
  onSearch: (strategy: SearchStrategy, result: SourceSearchResult) => Promise<void>;
}

/**
 * The most frequent topic words of a text (stopwords, numbers and words under 4 letters left out; counted by
 * S-stem, shown in their first written form; ties keep text order), at most `k`.
 */
export function topTerms(text: string, k: number): string[] {
  const counts = new Map<string, { word: string; count: number; first: number }>();
  tokenize(text).forEach((w, i) => {
    if (w.length < 4 || STOPWORDS.has(w) || /^\d+$/.test(w)) return;
    const key = stem(w);
    const entry = counts.get(key);
    if (entry) entry.count++;
    else counts.set(key, { word: w, count: 1, first: i });
  });
  return [...counts.values()]
    .sort((a, b) => b.count - a.count || a.first - b.first)
    .slice(0, k)
    .map((e) => e.word);
}

async function search(
  strategy: SearchStrategy,
  ctx: StrategyContext,
  sources: LiteratureSource[],
  query: string,
  limit: number,
): Promise<Evidence[]> {
  if (sources.length === 0 || !query.trim()) return [];
  const results = await searchSources(sources, query, { limit, timeoutMs: ctx.timeoutMs, signal: ctx.signal });
  for (const r of results) await ctx.onSearch(strategy, r);
  return results.flatMap((r) => r.evidence);
}

/** Text of a record compared by the similarity strategies: title and abstract. */
function recordText(e: Evidence): string {
  return `${e.citation.title} ${e.citation.abstract}`;
}

/**
 * Ranks a pool of records by similarity to `query` with the run's embedder (cosine of provider embeddings, or of
 * TF-IDF vectors over the query and the pool), best first (ties by id), at most {@link SIMILARITY_TOP}; with TF-IDF
 * only records ≥ {@link MIN_SIMILARITY} are kept. Relevance = similarity / best similarity.
 */
export async function rankBySimilarity(
  query: string,
  pool: Evidence[],
  embedder: TextEmbedder,
  signal?: AbortSignal,
): Promise<StrategyHit[]> {
  const unique = [...new Map(pool.map((e) => [e.id, e])).values()];
  if (unique.length === 0) return [];
  const similarity = await embedder.similarity([query, ...unique.map(recordText)], {
    keys: [`query:${query}`, ...unique.map((e) => e.id)],
    signal,
  });
  const least = embedder.kind === "tfidf" ? MIN_SIMILARITY : Number.MIN_VALUE;
  const ranked = unique
    .map((evidence, i) => ({ evidence, score: similarity(0, i + 1) }))
    .filter((x) => x.score >= least)
    .sort((a, b) => b.score - a.score || a.evidence.id.localeCompare(b.evidence.id))
    .slice(0, SIMILARITY_TOP);
  const best = ranked[0]?.score || 1;
  return ranked.map((x) => ({ evidence: x.evidence, relevance: x.score / best }));
}

/**
 * The keyword strategy: the counter-statement's boolean keyword query on every source, {@link KEYWORD_LIMIT} per
 * source.
 */
export async function keywordStrategy(counter: CounterStatement, ctx: StrategyContext): Promise<StrategyHit[]> {
  const found = await search("keyword", ctx, ctx.sources, counter.keywordQuery, KEYWORD_LIMIT);
  return found.map((evidence) => ({ evidence, relevance: evidence.relevance }));
}

/**
 * A similarity search for one text: fetch a pool with its top words OR-ed ({@link POOL_LOCAL_LIMIT} from the
 * library, {@link POOL_LIVE_LIMIT} per live source), then rank the pool by similarity to the whole text.
 */
async function similaritySearch(strategy: SearchStrategy, text: string, ctx: StrategyContext): Promise<StrategyHit[]> {
  const query = topTerms(text, POOL_QUERY_TERMS).join(" OR ");
  const local = ctx.sources.filter((s) => s.id === "local");
  const live = ctx.sources.filter((s) => s.id !== "local");
  const [fromLibrary, fromLive] = await Promise.all([
    search(strategy, ctx, local, query, POOL_LOCAL_LIMIT),
    search(strategy, ctx, live, query, POOL_LIVE_LIMIT),
  ]);
  return rankBySimilarity(text, [...fromLibrary, ...fromLive], ctx.embedder, ctx.signal);
}

/**
 * The semantic strategy: similarity (provider embeddings, else TF-IDF) to the counter-statement plus its keywords
 * (so "heart" also finds "cardiac"), over the library and live results.
 */
export function semanticStrategy(counter: CounterStatement, ctx: StrategyContext): Promise<StrategyHit[]> {
  return similaritySearch("semantic", `${counter.counterStatement} ${counter.keywords.join(" ")}`, ctx);
}

/**
 * The HyDE strategy (Gao et al. 2022, "Precise Zero-Shot Dense Retrieval without Relevance Labels"): similarity
 * to each hypothetical abstract that supports the counter-statement; a record's relevance is its best over the
 * abstracts. @returns null when there are no hypothetical abstracts (extractive mode: the strategy does not run).
 */
export async function hydeStrategy(counter: CounterStatement, ctx: StrategyContext): Promise<StrategyHit[] | null> {
  const abstracts = counter.hydeAbstracts.filter((a) => a.trim());
  if (abstracts.length === 0) return null;
  const perAbstract = await Promise.all(abstracts.map((a) => similaritySearch("hyde", a, ctx)));
  const best = new Map<string, StrategyHit>();
  for (const hit of perAbstract.flat()) {
    const seen = best.get(hit.evidence.id);
    if (!seen || hit.relevance > seen.relevance) best.set(hit.evidence.id, hit);
  }
  return [...best.values()]
    .sort((a, b) => b.relevance - a.relevance || a.evidence.id.localeCompare(b.evidence.id))
    .slice(0, SIMILARITY_TOP);
}

/**
 * Runs the three strategies in parallel. @returns each strategy's hits (null for a strategy that did not run).
 * @throws only when the run is cancelled (source failures become shortfalls through `ctx.onSearch`).
 */
export async function searchThreeWays(
  counter: CounterStatement,
  ctx: StrategyContext,
): Promise<Record<SearchStrategy, StrategyHit[] | null>> {
  const [keyword, semantic, hyde] = await Promise.all([
    keywordStrategy(counter, ctx),
    semanticStrategy(counter, ctx),
    hydeStrategy(counter, ctx),
  ]);
  return { keyword, semantic, hyde };
}
