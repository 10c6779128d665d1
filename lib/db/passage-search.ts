import "server-only";
import { getDb, usingPostgres, type DB } from "@/lib/db/client";
import { rowToPassage, type RecordPassage } from "@/lib/db/full-texts";
import { queryTerms } from "@/lib/db/library";
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
const SCORED_POSTINGS_BUDGET = 20_000;
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
const dfCache = { size: -1, df: new Map<string, number>() };

async function boundedFrequency(db: DB, term: string, size: number): Promise<number> {
  if (dfCache.size !== size) {
    dfCache.size = size;
    dfCache.df.clear();
  }
  const cached = dfCache.df.get(term);
  if (cached !== undefined) return cached;
  const [row] = await db.$queryRawUnsafe<Array<{ n: number | bigint }>>(
    `SELECT count(*) AS n FROM (SELECT 1 FROM "PassageFts" WHERE "PassageFts" MATCH ? LIMIT ${SCORED_POSTINGS_BUDGET + 1})`,
    `{text section} : ${quote(term)}`,
  );
  const df = Number(row?.n ?? 0);
  if (dfCache.df.size > 50_000) dfCache.df.clear();
  dfCache.df.set(term, df);
  return df;
}

type Row = PassageRow & { score: number; rowid?: number | bigint };

async function sqliteRanked(db: DB, match: string, limit: number, exclude: number[]): Promise<Row[]> {
  // bm25 weights: text 1, section heading 0.5, scope 0 (a filter, never a reason to rank).
  return db.$queryRawUnsafe<Row[]>(
    `SELECT p.*, h."rowid" AS rowid, h.score AS score FROM (
       SELECT "rowid", -bm25("PassageFts", 1.0, 0.5, 0.0) AS score FROM "PassageFts" WHERE "PassageFts" MATCH ?
       ${exclude.length ? `AND "rowid" NOT IN (${exclude.join(", ")})` : ""}
       ORDER BY score DESC LIMIT ?
     ) h JOIN "Passage" p ON p."rowid" = h."rowid" ORDER BY h.score DESC, p."passageId"`,
    match,
    limit,
  );
}

/**
 * SQLite: the passages having every term first (FTS5 intersects the posting lists, so bm25 scores only those), then,
 * when they are fewer than `limit`, the passages having any of the rarest terms within the postings budget; each list
 * ranked by bm25 (text 1, section 0.5). Scoped in the same MATCH (the scope column).
 */
async function searchSqlite(db: DB, terms: string[], limit: number, scope: PassageScope): Promise<Row[]> {
  const where = (expression: string) => `{text section} : (${expression}) AND ${sqliteScope(scope)}`;
  const all = await sqliteRanked(db, where(terms.map(quote).join(" AND ")), limit, []);
  if (all.length >= limit || terms.length === 1) return all;
  const [size] = await db.$queryRawUnsafe<Array<{ n: number | bigint | null }>>(
    `SELECT max("rowid") AS n FROM "Passage"`,
  );
  const estimate = Number(size?.n ?? 0);
  let rare = terms;
  if (estimate > SCORED_POSTINGS_BUDGET) {
    const dfs = await Promise.all(
      terms.map(async (t) => ({ t, df: await boundedFrequency(db, t, Math.round(Math.log(estimate + 1) * 50)) })),
    );
    dfs.sort((a, b) => a.df - b.df);
    rare = [];
    let postings = 0;
    for (const { t, df } of dfs) {
      if (df === 0) continue;
      if (postings + df > SCORED_POSTINGS_BUDGET) break;
      rare.push(t);
      postings += df;
    }
  }
  if (rare.length === 0) return all;
  const seen = all.map((r) => Number(r.rowid));
  const more = await sqliteRanked(db, where(rare.map(quote).join(" OR ")), limit, seen);
  const ids = new Set(all.map((r) => `${r.fullTextId}:${r.ordinal}`));
  return [...all, ...more.filter((r) => !ids.has(`${r.fullTextId}:${r.ordinal}`))].slice(0, limit);
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
