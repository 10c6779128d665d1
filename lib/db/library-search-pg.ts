import "server-only";
import type { DB } from "./client";
import { pgFilterQuery, type LibraryFilters } from "./library-facets";
import type { LibraryHit, LibrarySearch } from "./library-search-types";

/**
 * Rows a step of the search reads and ranks at most. ts_rank needs each candidate's tsvector from the heap
 * (TOASTed, so read and decompressed row by row), 20–100 µs a row on the shared machine; 500 keeps a step within
 * tens of milliseconds (docs/library.md).
 */
export const RANKED_ROWS_BUDGET = 500;
/** A library of at most this many records is ranked whole: every record with any term (the demo corpus has 2,104). */
export const EXACT_LIBRARY_RECORDS = 5_000;

/** Frequencies of the most common lexemes (pg_stats.most_common_elems of the tsvector), per library size. */
const statsCache = { records: -1, freq: new Map<string, number>() };

async function lexemeFrequencies(db: DB, records: number): Promise<Map<string, number>> {
  if (statsCache.records === records) return statsCache.freq;
  const rows = await db.$queryRawUnsafe<Array<{ elem: string; freq: number }>>(
    `SELECT f.elem, f.freq
     FROM pg_stats s, unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) AS f(elem, freq)
     WHERE s.tablename = 'Evidence' AND s.attname = 'searchVector' AND f.elem IS NOT NULL`,
  );
  statsCache.records = records;
  statsCache.freq = new Map(rows.map((r) => [r.elem, Number(r.freq)]));
  return statsCache.freq;
}

/**
 * Terms rarest first by the planner's statistics (ANALYZE's most common lexemes; a lexeme not among them is rarer
 * than all that are), ties in query order.
 */
async function byRarity(db: DB, terms: string[], records: number): Promise<string[]> {
  const freq = await lexemeFrequencies(db, records);
  const unknown = terms.filter((t) => !lexemeCache.has(t));
  if (unknown.length) {
    const rows = await db.$queryRawUnsafe<Array<{ term: string; lexemes: string[] }>>(
      `SELECT t AS term, tsvector_to_array(to_tsvector('english', t)) AS lexemes FROM unnest($1::text[]) AS t`,
      unknown,
    );
    if (lexemeCache.size > 50_000) lexemeCache.clear();
    for (const r of rows) lexemeCache.set(r.term, r.lexemes);
  }
  const score = new Map(terms.map((t) => [t, Math.max(0, ...(lexemeCache.get(t) ?? []).map((x) => freq.get(x) ?? 0))]));
  return terms
    .map((t, i) => ({ t, i, f: score.get(t) ?? 0 }))
    .sort((a, b) => a.f - b.f || a.i - b.i)
    .map((x) => x.t);
}

/** The English lexemes of each query term seen (a term's stems never change), so ordering terms costs no round trip. */
const lexemeCache = new Map<string, string[]>();

/**
 * One step: records matching `match` (and the filter), not in `exclude`, ranked by how many of the query's terms
 * they have (coordination level matching, Salton & McGill 1983: ts_rank has no IDF), then by ts_rank against the OR of
 * all terms (ts_rank, not ts_rank_cd: the corpus's research and chat tests on Postgres were written against its order).
 * `budget` caps the rows read and ranked (null: all).
 */
async function step(
  db: DB,
  terms: string[],
  match: string,
  limit: number,
  exclude: string[],
  filters: LibraryFilters | undefined,
  budget: number | null,
): Promise<LibraryHit[]> {
  const params: unknown[] = [match, terms.join(" | "), limit, exclude, ...terms];
  const filter = pgFilterQuery(filters, params.length + 1);
  if (filter) params.push(...filter.params);
  const filterSql = filter ? ` && ${filter.sql}` : "";
  const termMatches = terms.map((_, i) => `(c."searchVector" @@ to_tsquery('english', $${i + 5}))::int`).join(" + ");
  // The subquery detoasts each row's tsvector once (`|| ''` makes an in-memory copy, equal to it): handed on as stored,
  // the term checks and ts_rank each fetched and decompressed it again (five times the TOAST reads).
  return db.$queryRawUnsafe<LibraryHit[]>(
    `SELECT c."id" AS id, (${termMatches}) + ts_rank(c."searchVector", to_tsquery('english', $2)) AS score
     FROM (SELECT "id", "searchVector" || ''::tsvector AS "searchVector" FROM "Evidence"
           WHERE "inLibrary" AND "searchVector" @@ (to_tsquery('english', $1)${filterSql}) AND NOT ("id" = ANY($4))
           ${budget === null ? "" : `LIMIT ${budget}`}) c
     ORDER BY score DESC, c."id" LIMIT $3`,
    ...params,
  );
}

/**
 * Postgres search: tsvector with GIN. A library of at most EXACT_LIBRARY_RECORDS records: every record with any term,
 * ranked by terms matched, then ts_rank. A larger one: records having all the terms first, then, while the list is
 * short, those having all but the most common term, and so on down to the rarest term alone (GIN intersects posting
 * lists, so each step reads only rows that qualify), each step reading at most RANKED_ROWS_BUDGET rows.
 */
export const searchPostgres: LibrarySearch = async (db, terms, limit, filters, records = 0) => {
  if (records <= EXACT_LIBRARY_RECORDS) return step(db, terms, terms.join(" | "), limit, [], filters, null);
  const ordered = await byRarity(db, terms, records);
  const hits: LibraryHit[] = [];
  for (let n = ordered.length; n >= 1 && hits.length < limit; n--) {
    const found = await step(
      db,
      terms,
      ordered.slice(0, n).join(" & "),
      limit - hits.length,
      hits.map((h) => h.id),
      filters,
      RANKED_ROWS_BUDGET,
    );
    hits.push(...found);
  }
  return hits;
};
