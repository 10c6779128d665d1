import "server-only";
import type { DB } from "./client";
import { FrequencyCache } from "./frequency-cache";
import { fts5FilterExpression, type LibraryFilters } from "./library-facets";
import type { LibraryHit, LibrarySearch } from "./library-search-types";
import { stem } from "@/lib/text/tokens";

/**
 * Postings a search scores with FTS5's bm25() at most. bm25() scores every row that matches (about 0.5 µs a posting
 * on the shared machine, so a term in 60% of a 1M-record library costs 300 ms, and seconds at 38M). Past this
 * budget, terms are taken rarest first while their document frequencies add up to at most this many: rows having one
 * of them are the candidates (the cutoff_frequency idea of Elasticsearch's common terms query, and MaxScore's
 * "essential terms", Turtle & Flood 1995), ranked by bm25() on those terms; the best candidates then gain the BM25
 * weight of the common terms they contain. A library of at most this many records is always searched exactly.
 */
export const SCORED_POSTINGS_BUDGET = 20_000;
/** Candidates reranked with the common terms: the limit, plus as many again up to this many. */
const RERANK_EXTRA = 100;
/**
 * Searches for more records than this are not reranked: they fill a pool that their caller ranks itself (the claim
 * check's similarity pool of 300 records, lib/claims/strategies.ts), so the set matters, not its order.
 */
const RERANK_MAX_LIMIT = 100;
/** Rows considered when every term is common: the newest rows having all of them. */
const ALL_COMMON_ROWS = 200;
/**
 * FTS5's bm25() parameters (k1, b) and our column weights: title 10, abstract 1, terms (MeSH, entities, NCT IDs) 3,
 * facets 0.
 */
const K1 = 1.2;
const B = 0.75;
const WEIGHTS = { title: 10, abstract: 1, terms: 3 };
const BM25 = `bm25("EvidenceFts", ${WEIGHTS.title}.0, ${WEIGHTS.abstract}.0, ${WEIGHTS.terms}.0, 0.0)`;

const quote = (t: string) => `"${t.replace(/"/g, '""')}"`;
/** The query's terms match title, abstract and terms, never the facets ("review" must not match every review). */
const columns = (expression: string) => `{title abstract terms} : (${expression})`;

/** Document frequencies by term, for one library size (to 1%). */
const frequencies = new FrequencyCache();

/** How many library records contain `term` (exact; a term's count is read once per library size). */
async function documentFrequency(db: DB, term: string, records: number): Promise<number> {
  const size = Math.round(Math.log(Math.max(1, records)) * 100);
  return frequencies.get(size, term, async () => {
    const [row] = await db.$queryRawUnsafe<Array<{ n: number | bigint }>>(
      `SELECT count(*) AS n FROM "EvidenceFts" WHERE "EvidenceFts" MATCH ?`,
      columns(quote(term)),
    );
    return Number(row?.n ?? 0);
  });
}

async function ranked(db: DB, expression: string, limit: number): Promise<Array<LibraryHit & { rowid: number }>> {
  // Ranked inside the full-text table and cut to `limit` before the join, so only the hits returned read Evidence.
  return db.$queryRawUnsafe(
    `SELECT e."id" AS id, h."rowid" AS rowid, h.score AS score FROM (
       SELECT "rowid", -${BM25} AS score FROM "EvidenceFts" WHERE "EvidenceFts" MATCH ?
       ORDER BY score DESC, "rowid" LIMIT ?
     ) h JOIN "Evidence" e ON e."rowid" = h."rowid" ORDER BY h.score DESC, e."id"`,
    expression,
    limit,
  );
}

/**
 * The best `limit` rows matching `terms` that pass the filters, ranked by bm25() on the terms alone. bm25() reads the
 * whole posting list of every phrase of its MATCH for the IDF, facets included (a year range or "mhHumans" is hundreds
 * of thousands of postings at 1M), so the facets are not in the ranked MATCH: the rows passing them come from a
 * second, unranked MATCH of the terms AND the facets (FTS5 intersects the lists, seeking in the long ones), checked as
 * each candidate is read (`+rowid` keeps SQLite from handing the IN list to FTS5 as rowid lookups), so bm25() scores
 * only passing rows. The scores are those of the facets in the ranked MATCH: their column weighs 0 and IDF is per
 * phrase.
 */
async function rankedFiltered(
  db: DB,
  terms: string,
  filters: LibraryFilters | undefined,
  limit: number,
): Promise<Array<LibraryHit & { rowid: number }>> {
  const facets = fts5FilterExpression(filters);
  if (!facets) return ranked(db, columns(terms), limit);
  return db.$queryRawUnsafe(
    `SELECT e."id" AS id, h."rowid" AS rowid, h.score AS score FROM (
       SELECT "rowid", -${BM25} AS score FROM "EvidenceFts"
       WHERE "EvidenceFts" MATCH ? AND +"rowid" IN (SELECT "rowid" FROM "EvidenceFts" WHERE "EvidenceFts" MATCH ?)
       ORDER BY score DESC, "rowid" LIMIT ?
     ) h JOIN "Evidence" e ON e."rowid" = h."rowid" ORDER BY h.score DESC, e."id"`,
    columns(terms),
    `${columns(terms)} AND ${facets}`,
    limit,
  );
}

/** FTS5's IDF (sqlite.org/fts5.html, bm25): ln((N − n + 0.5) / (n + 0.5)), at least 1e-6. */
const idf = (records: number, df: number) => Math.max(1e-6, Math.log((records - df + 0.5) / (df + 0.5)));

/** Words in a text: runs of letters and digits (as FTS5's unicode61 tokenizer splits). */
const wordCount = (text: string) => text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Adds to each candidate's score the BM25 weight of `terms` in its title, abstract and terms (MeSH, entities),
 * weighted like bm25() (k1 1.2, b 0.75, columns 10/1/3), with the candidates' mean length standing in for the
 * library's. A term counts where a word starts with its S-stem (Harman 1991), which approximates FTS5's Porter
 * stemming ("patients" counts "patient" and "patients"; it also counts "patiently").
 */
async function addCommonTerms(
  db: DB,
  hits: Array<LibraryHit & { rowid: number }>,
  terms: Array<{ term: string; df: number }>,
  records: number,
): Promise<LibraryHit[]> {
  if (hits.length === 0 || terms.length === 0) return hits;
  // The terms column as the index has it: MeSH headings and entity names (NCT IDs do not matter to words).
  const rows = await db.$queryRawUnsafe<
    Array<{ rowid: number; title: string; abstract: string; names: string | null }>
  >(
    `SELECT "rowid" AS rowid, "title", "abstract",
       coalesce((SELECT group_concat(json_extract(value, '$.term'), ' ') FROM json_each("meshTerms")), '') || ' ' ||
       coalesce((SELECT group_concat(json_extract(value, '$.name'), ' ') FROM json_each("entities")), '') AS names
     FROM "Evidence" WHERE "rowid" IN (${hits.map(() => "?").join(", ")})`,
    ...hits.map((h) => h.rowid),
  );
  const docs = new Map(
    rows.map((r) => {
      const names = r.names ?? "";
      const fields = { title: r.title, abstract: r.abstract, terms: names };
      return [Number(r.rowid), { fields, length: wordCount(r.title) + wordCount(r.abstract) + wordCount(names) }];
    }),
  );
  const avg = [...docs.values()].reduce((a, d) => a + d.length, 0) / Math.max(1, docs.size) || 1;
  const patterns = terms.map((t) => ({
    re: new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(stem(t.term))}`, "giu"),
    idf: idf(records, t.df),
  }));
  return hits
    .map((h) => {
      const doc = docs.get(Number(h.rowid));
      if (!doc) return { id: h.id, score: Number(h.score) };
      let extra = 0;
      for (const { re, idf: w } of patterns) {
        const tf = (Object.keys(WEIGHTS) as Array<keyof typeof WEIGHTS>).reduce(
          (sum, col) => sum + WEIGHTS[col] * (doc.fields[col].match(re)?.length ?? 0),
          0,
        );
        if (tf > 0) extra += (w * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * doc.length) / avg));
      }
      return { id: h.id, score: Number(h.score) + extra };
    })
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
}

/**
 * SQLite FTS5 search, ranked by bm25() with column weights title 10, abstract 1, terms 3 (Robertson & Zaragoza
 * 2009). Up to SCORED_POSTINGS_BUDGET records: the terms OR-ed, each one's IDF deciding, exactly as bm25() ranks.
 * Beyond: the rarest terms within the budget give the candidates, ranked by bm25(), then the common terms add their
 * BM25 weight to the best; when every term is common, the newest rows having all of them are ranked so. Filters are
 * AND-ed as facets.
 */
export const searchSqlite: LibrarySearch = async (db, terms, limit, filters, records = 0) => {
  const filter = fts5FilterExpression(filters);
  const withFilter = (e: string) => (filter ? `${columns(e)} AND ${filter}` : columns(e));
  if (records <= SCORED_POSTINGS_BUDGET) return ranked(db, withFilter(terms.map(quote).join(" OR ")), limit);

  const dfs = (
    await Promise.all(terms.map(async (term) => ({ term, df: await documentFrequency(db, term, records) })))
  ).filter((d) => d.df > 0);
  dfs.sort((a, b) => a.df - b.df || a.term.localeCompare(b.term));
  const rare: string[] = [];
  let postings = 0;
  for (const { term, df } of dfs) {
    if (postings + df > SCORED_POSTINGS_BUDGET) break;
    rare.push(term);
    postings += df;
  }
  const common = dfs.filter((d) => !rare.includes(d.term));
  if (rare.length > 0) {
    if (limit > RERANK_MAX_LIMIT) return rankedFiltered(db, rare.map(quote).join(" OR "), filters, limit);
    const candidates = await rankedFiltered(
      db,
      rare.map(quote).join(" OR "),
      filters,
      limit + Math.min(limit, RERANK_EXTRA),
    );
    return (await addCommonTerms(db, candidates, common, records)).slice(0, limit);
  }
  if (common.length === 0) return [];
  // Every term is common: the newest rows having all of them (rowid order, no scoring), ranked by their BM25.
  const newest = await db.$queryRawUnsafe<Array<{ rowid: number }>>(
    `SELECT "rowid" AS rowid FROM "EvidenceFts" WHERE "EvidenceFts" MATCH ? ORDER BY "rowid" DESC LIMIT ?`,
    withFilter(common.map((c) => quote(c.term)).join(" AND ")),
    ALL_COMMON_ROWS,
  );
  if (newest.length === 0) return [];
  const ids = await db.$queryRawUnsafe<Array<{ rowid: number; id: string }>>(
    `SELECT "rowid" AS rowid, "id" FROM "Evidence" WHERE "rowid" IN (${newest.map(() => "?").join(", ")})`,
    ...newest.map((r) => r.rowid),
  );
  return (
    await addCommonTerms(
      db,
      ids.map((r) => ({ id: r.id, rowid: r.rowid, score: 0 })),
      common,
      records,
    )
  ).slice(0, limit);
};
