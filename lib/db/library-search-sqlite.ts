import "server-only";
import type { DB } from "@/lib/db/client";
import { fts5FilterExpression, type LibraryFilters } from "@/lib/db/library-facets";

/** A ranked hit: the Evidence id and its score (higher is better). */
export interface LibraryHit {
  id: string;
  score: number;
}

/**
 * Postings a query may score at most. FTS5's bm25() reads the whole posting list of every term of the query twice
 * (once for its IDF, once to score each matching row), so a term in 40% of a 38M-record library costs seconds.
 * Terms are taken rarest first while their document frequencies add up to at most this many; the rest ("common
 * terms", the cutoff_frequency idea of Elasticsearch's common terms query) only decide among records that have every
 * one of them when no rare term is left. A library of up to this many records is always searched exactly. 60,000
 * keeps the 1M-record bench's p95 under 100 ms on the shared 2-core machine (docs/library.md).
 */
export const SCORED_POSTINGS_BUDGET = 60_000;

/** Column weights of bm25(): title 10, abstract 1, terms (MeSH, entities, NCT IDs) 3, facets 0. */
const BM25 = `bm25("EvidenceFts", 10.0, 1.0, 3.0, 0.0)`;

const quote = (t: string) => `"${t.replace(/"/g, '""')}"`;
/** The query's terms match title, abstract and terms, never the facets ("review" must not match every review). */
const columns = (expression: string) => `{title abstract terms} : (${expression})`;

/** Document frequencies by term, valid for one library size (LibraryStats.records). */
const dfCache = { records: -1, df: new Map<string, number>() };

/**
 * How many library records contain `term`, counted up to `cap` + 1 (so a common term costs at most `cap` postings);
 * cached per library size.
 */
async function documentFrequency(db: DB, term: string, records: number, cap: number): Promise<number> {
  if (dfCache.records !== records) {
    dfCache.records = records;
    dfCache.df.clear();
  }
  const cached = dfCache.df.get(term);
  if (cached !== undefined) return cached;
  const [row] = await db.$queryRawUnsafe<Array<{ n: number | bigint }>>(
    `SELECT count(*) AS n FROM (SELECT "rowid" FROM "EvidenceFts" WHERE "EvidenceFts" MATCH ? LIMIT ?)`,
    columns(quote(term)),
    cap + 1,
  );
  const df = Number(row?.n ?? 0);
  if (dfCache.df.size > 50_000) dfCache.df.clear();
  dfCache.df.set(term, df);
  return df;
}

async function ranked(db: DB, expression: string, limit: number): Promise<LibraryHit[]> {
  // Ranked inside the full-text table and cut to `limit` before the join, so only the hits returned read Evidence.
  return db.$queryRawUnsafe<LibraryHit[]>(
    `SELECT e."id" AS id, h.score AS score FROM (
       SELECT "rowid", -${BM25} AS score FROM "EvidenceFts" WHERE "EvidenceFts" MATCH ? ORDER BY score DESC, "rowid" LIMIT ?
     ) h JOIN "Evidence" e ON e."rowid" = h."rowid" ORDER BY h.score DESC, e."id"`,
    expression,
    limit,
  );
}

/**
 * SQLite FTS5 search, ranked by bm25() with column weights title 10, abstract 1, terms 3 (Robertson & Zaragoza
 * 2009): the terms OR-ed, each one's IDF deciding, as long as their postings fit SCORED_POSTINGS_BUDGET. Past it, the
 * rare terms that fit are OR-ed and ranked; when no term is rare enough, records having every term are ranked; either
 * way the list is completed, if short, with records having every common term. Filters are AND-ed as facets.
 */
export async function searchSqlite(db: DB, terms: string[], limit: number, filters?: LibraryFilters, records = 0): Promise<LibraryHit[]> {
  const filter = fts5FilterExpression(filters);
  const withFilter = (e: string) => (filter ? `(${columns(e)}) AND ${filter}` : columns(e));
  if (records <= SCORED_POSTINGS_BUDGET) return ranked(db, withFilter(terms.map(quote).join(" OR ")), limit);

  const dfs = await Promise.all(terms.map(async (t) => ({ term: t, df: await documentFrequency(db, t, records, SCORED_POSTINGS_BUDGET) })));
  dfs.sort((a, b) => a.df - b.df || a.term.localeCompare(b.term));
  const rare: string[] = [];
  let postings = 0;
  for (const { term, df } of dfs) {
    if (df === 0) continue;
    if (postings + df > SCORED_POSTINGS_BUDGET) break;
    rare.push(term);
    postings += df;
  }
  const common = dfs.filter((d) => d.df > 0 && !rare.includes(d.term)).map((d) => d.term);
  const hits = rare.length ? await ranked(db, withFilter(rare.map(quote).join(" OR ")), limit) : [];
  if (hits.length >= limit || common.length === 0) return hits;
  // Short (or no rare term): records that have every common term, after those already found.
  const seen = new Set(hits.map((h) => h.id));
  const best = hits.at(-1)?.score ?? 0;
  const more = await ranked(db, withFilter(common.map(quote).join(" AND ")), limit + hits.length);
  // Scores of the two queries are not on one scale; the second list follows the first.
  const rest = more.filter((h) => !seen.has(h.id)).slice(0, limit - hits.length);
  const top = rest[0]?.score || 1;
  return [...hits, ...rest.map((h) => ({ id: h.id, score: hits.length ? (best * h.score) / top / 2 : h.score }))];
}
