import "server-only";
import { getDb, usingPostgres, type DB } from "./client";
import { FrequencyCache } from "./frequency-cache";
import { rowToPassage, type RecordPassage } from "./full-texts";
import { queryTerms } from "./library";
import { stem } from "@/lib/text/tokens";
import type { Passage as PassageRow } from "@/lib/generated/sqlite/client";

/** Who a passage search reads for: shared full texts and `owner`'s uploads, or (`only`) that owner's uploads alone. */
export interface PassageScope {
  owner: string | null;
  only?: boolean;
}

/** A passage found by a search, with its score (higher is better; comparable within one search only). */
export interface PassageHit extends RecordPassage {
  score: number;
}

/**
 * Postings a search scores at most when it widens past the passages holding every term: terms are taken rarest first
 * while their document frequencies add up to this many (as the library's record search does, lib/db/library-search-
 * sqlite.ts), so a common word ("patients", "dose") never makes a search read hundreds of thousands of passages.
 */
const SCORED_POSTINGS_BUDGET = 8_000;
/** Postgres: rows a widening step reads and ranks at most (ts_rank reads each row's tsvector). */
const PG_ROWS_BUDGET = 500;

const quote = (t: string) => `"${t.replace(/"/g, '""')}"`;
/** An owner's scope token as the SQLite index spells it ("owner" and the hex of the id's UTF-8, as SQL's hex()). */
const ownerToken = (owner: string) => `owner${Buffer.from(owner, "utf8").toString("hex").toUpperCase()}`;

function sqliteScope(scope: PassageScope): string {
  if (scope.only) return scope.owner ? `scope : ${quote(ownerToken(scope.owner))}` : "scope : nobody";
  return scope.owner ? `scope : (public OR ${quote(ownerToken(scope.owner))})` : "scope : public";
}

/** Term document frequencies counted up to the budget (a count past it only says "common"), by index size. */
const frequencies = new FrequencyCache();

async function boundedFrequency(db: DB, term: string, size: number): Promise<number> {
  return frequencies.get(size, term, async () => {
    const [row] = await db.$queryRawUnsafe<Array<{ n: number | bigint }>>(
      `SELECT count(*) AS n FROM (SELECT 1 FROM "PassageFts" WHERE "PassageFts" MATCH ? ` +
        `LIMIT ${SCORED_POSTINGS_BUDGET + 1})`,
      `{text section} : ${quote(term)}`,
    );
    return Number(row?.n ?? 0);
  });
}

type Row = PassageRow & { score: number; rowid?: number | bigint };

/** Hits ranked beyond the limit when other owners' passages are filtered out after ranking. Our choice. */
const OVERFETCH = 100;

/**
 * The best `limit` passages matching `terms` (an FTS5 expression) within the scope, ranked by bm25 on the terms alone
 * (bm25 reads the whole posting list of every phrase of its MATCH for the IDF). Shared passages carry the scope token
 * "public", a list as long as the store: AND-ed with it, even unranked, a match took ten times longer. So a scope
 * with the shared passages ranks without it, OVERFETCH more, and keeps the shared and the owner's passages (the other
 * owners' papers, a few, rarely reach the top); only when that leaves too few does it check the scope in a second,
 * unranked MATCH of the terms AND the scope. An owner's scope alone (their papers: a short list) is checked that
 * second way at once.
 */
async function sqliteRanked(db: DB, terms: string, scope: PassageScope, limit: number, exclude: number[]) {
  const columns = `{text section} : (${terms})`;
  const excluded = exclude.length ? `AND "rowid" NOT IN (${exclude.join(", ")})` : "";
  // bm25 weights: text 1, section heading 0.5, scope 0 (a filter, never a reason to rank).
  const scoped = () =>
    db.$queryRawUnsafe<Row[]>(
      `SELECT p.*, h."rowid" AS rowid, h.score AS score FROM (
         SELECT "rowid", -bm25("PassageFts", 1.0, 0.5, 0.0) AS score FROM "PassageFts"
         WHERE "PassageFts" MATCH ? AND +"rowid" IN (SELECT "rowid" FROM "PassageFts" WHERE "PassageFts" MATCH ?)
         ${excluded} ORDER BY score DESC LIMIT ?
       ) h JOIN "Passage" p ON p."rowid" = h."rowid" ORDER BY h.score DESC, p."passageId"`,
      columns,
      `${columns} AND ${sqliteScope(scope)}`,
      limit,
    );
  if (scope.only) return scoped();
  const ranked = await db.$queryRawUnsafe<Array<Row & { readable: number | bigint }>>(
    `SELECT p.*, h."rowid" AS rowid, h.score AS score,
            (p."ownerId" IS NULL OR p."ownerId" = ?) AS readable FROM (
       SELECT "rowid", -bm25("PassageFts", 1.0, 0.5, 0.0) AS score FROM "PassageFts"
       WHERE "PassageFts" MATCH ? ${excluded} ORDER BY score DESC LIMIT ?
     ) h JOIN "Passage" p ON p."rowid" = h."rowid" ORDER BY h.score DESC, p."passageId"`,
    scope.owner ?? "",
    columns,
    limit + OVERFETCH,
  );
  const readable: Row[] = ranked.filter((r) => Number(r.readable) === 1);
  if (readable.length >= limit || ranked.length < limit + OVERFETCH) return readable.slice(0, limit);
  return scoped();
}

/** Passages read when every term is common: the newest having all of them (unranked), then ranked in memory. */
const ALL_COMMON_ROWS = 200;

/** Words of a passage's text and heading, for the in-memory ranking of candidates. */
const wordsOf = (r: Row) => new Set(`${r.text} ${r.section ?? ""}`.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);

/** Candidates ranked again with the common terms each contains (one point each, S-stem prefix match), best first. */
function withCommonTerms(rows: Row[], common: string[]): Row[] {
  if (common.length === 0) return rows;
  const stems = common.map(stem);
  return rows
    .map((r) => {
      const words = [...wordsOf(r)];
      const extra = stems.filter((s) => words.some((w) => w.startsWith(s))).length;
      return { ...r, score: Number(r.score) + extra };
    })
    .sort((a, b) => b.score - a.score);
}

/**
 * SQLite. A store of at most SCORED_POSTINGS_BUDGET passages is searched exactly: the passages having every term,
 * then those having any, each ranked by bm25 (text 1, section 0.5). A larger one never puts a common term in a ranked
 * MATCH (bm25 reads each phrase's whole posting list for its IDF: a word in a quarter of 400,000 passages costs
 * tens of ms): the terms are taken rarest first while their document frequencies fit the budget, the passages having
 * all of those, then any of them, are ranked by bm25 on them, and the common terms add a point each to the best
 * (withCommonTerms); when every term is common, the newest passages having all of them are read unranked and ranked
 * by the terms they contain. Scoped in an unranked MATCH beside the ranked one (sqliteRanked).
 */
async function searchSqlite(db: DB, terms: string[], limit: number, scope: PassageScope): Promise<Row[]> {
  const [size] = await db.$queryRawUnsafe<Array<{ n: number | bigint | null }>>(
    `SELECT max("rowid") AS n FROM "Passage"`,
  );
  const estimate = Number(size?.n ?? 0);
  let rare = terms;
  let common: string[] = [];
  if (estimate > SCORED_POSTINGS_BUDGET) {
    const sizeKey = Math.round(Math.log(estimate + 1) * 50);
    const dfs = await Promise.all(terms.map(async (t) => ({ t, df: await boundedFrequency(db, t, sizeKey) })));
    dfs.sort((a, b) => a.df - b.df || a.t.localeCompare(b.t));
    rare = [];
    let postings = 0;
    for (const { t, df } of dfs) {
      if (df === 0) continue;
      if (postings + df > SCORED_POSTINGS_BUDGET) break;
      rare.push(t);
      postings += df;
    }
    common = dfs.filter((d) => d.df > 0 && !rare.includes(d.t)).map((d) => d.t);
  }
  if (rare.length === 0) {
    if (common.length === 0) return [];
    const newest = await db.$queryRawUnsafe<Row[]>(
      `SELECT p.*, p."rowid" AS rowid, 0 AS score FROM "Passage" p WHERE p."rowid" IN (
         SELECT "rowid" FROM "PassageFts" WHERE "PassageFts" MATCH ? ORDER BY "rowid" DESC LIMIT ${ALL_COMMON_ROWS})`,
      `{text section} : (${common.map(quote).join(" AND ")}) AND ${sqliteScope(scope)}`,
    );
    return withCommonTerms(newest, common).slice(0, limit);
  }
  const wanted = common.length > 0 ? limit * 2 : limit;
  const all = await sqliteRanked(db, rare.map(quote).join(" AND "), scope, wanted, []);
  const more =
    all.length >= wanted || rare.length === 1
      ? []
      : await sqliteRanked(
          db,
          rare.map(quote).join(" OR "),
          scope,
          wanted - all.length,
          all.map((r) => Number(r.rowid)),
        );
  // Passages with every rare term keep their lead over those with some.
  const lead = Math.max(0, ...more.map((r) => Number(r.score)), ...all.map((r) => Number(r.score))) + common.length + 1;
  return withCommonTerms([...all.map((r) => ({ ...r, score: Number(r.score) + lead })), ...more], common).slice(
    0,
    limit,
  );
}

/**
 * Postgres: the passages having every term first, then those having any term, each step reading at most
 * PG_ROWS_BUDGET rows and ranked by ts_rank; scoped by "ownerId".
 */
async function searchPostgres(db: DB, terms: string[], limit: number, scope: PassageScope): Promise<Row[]> {
  const step = (match: string, exclude: string[]) => {
    const params: unknown[] = [match, terms.join(" | "), exclude, limit];
    const owner = scope.only
      ? `"ownerId" = $${params.push(scope.owner ?? "")}`
      : scope.owner
        ? `("ownerId" IS NULL OR "ownerId" = $${params.push(scope.owner)})`
        : `"ownerId" IS NULL`;
    return db.$queryRawUnsafe<Row[]>(
      `SELECT c."fullTextId", c."ordinal", c."passageId", c."evidenceId", c."ownerId", c."section", c."sectionType",
              c."page", c."kind", c."text", ts_rank(c."searchVector", to_tsquery('english', $2)) AS score FROM (
         SELECT "fullTextId", "ordinal", "passageId", "evidenceId", "ownerId", "section", "sectionType", "page",
                "kind", "text", "searchVector" FROM "Passage"
         WHERE "searchVector" @@ to_tsquery('english', $1) AND ${owner}
           AND NOT (("fullTextId" || ':' || "ordinal") = ANY($3)) LIMIT ${PG_ROWS_BUDGET}
       ) c ORDER BY score DESC, c."passageId" LIMIT $4`,
      ...params,
    );
  };
  const all = await step(terms.join(" & "), []);
  if (all.length >= limit || terms.length === 1) return all;
  const more = await step(
    terms.join(" | "),
    all.map((r) => `${r.fullTextId}:${r.ordinal}`),
  );
  return [...all, ...more].slice(0, limit);
}

/**
 * Searches the passages of stored full texts for a free-text query (its terms as lib/db/library queryTerms reads
 * them), within `scope`: passages having every term first, then those having the rarest terms, each list ranked by
 * relevance (SQLite FTS5 bm25; Postgres ts_rank). At most `limit` hits.
 */
export async function searchPassages(query: string, limit: number, scope: PassageScope): Promise<PassageHit[]> {
  const terms = queryTerms(query);
  if (terms.length === 0 || limit <= 0) return [];
  const db = getDb();
  const rows = usingPostgres()
    ? await searchPostgres(db, terms, limit, scope)
    : await searchSqlite(db, terms, limit, scope);
  return rows.map((r) => ({ evidenceId: r.evidenceId, passage: rowToPassage(r), score: Number(r.score) }));
}
