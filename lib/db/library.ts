import "server-only";
import { getDb, usingPostgres } from "./client";
import { countLibraryRecords, rowToEvidence } from "./evidence";
import type { Entity, Evidence } from "@/lib/domain/evidence";
import type { LibraryFilters } from "./library-facets";
import { searchPostgres } from "./library-search-pg";
import { EVIDENCE_COLUMNS } from "./library-columns";
import { rawRowToEvidence } from "./library-rows";
import { searchSqlite } from "./library-search-sqlite";

/** Words that carry no topic in a research question; dropped before full-text matching. */
const QUERY_STOPWORDS = new Set(
  (
    "a an and are as at be by can could do does did for from has have how in into is it its of on or that the their " +
    "this to was were what when which who why will with would whether there any effect effects role cause causes " +
    "mechanism mechanisms associated association evidence"
  ).split(" "),
);

/**
 * The terms of a free-text query used for full-text search: lower-case alphanumeric words of 2+ characters,
 * stopwords removed, deduplicated, in order. Hyphenated words are split ("mPGES-1" → "mpges", "1" is dropped).
 */
export function queryTerms(query: string): string[] {
  const words = query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((w) => w.length >= 2 && !QUERY_STOPWORDS.has(w) && !/^\d+$/.test(w)))];
}

/**
 * Searches the local library by relevance: SQLite FTS5 ranked by bm25() (lib/db/library-search-sqlite.ts), Postgres
 * tsvector with GIN ranked by terms matched, then ts_rank (lib/db/library-search-pg.ts). Both keep the work of one
 * search bounded as the library grows (rare terms first; see each file), and AND the field filters as facets.
 * `since` keeps only records imported or updated at or after that moment (their row's updatedAt): the best
 * SINCE_PROBE_FACTOR × `limit` hits are read and the older ones dropped, so a search stays bounded, at the cost of
 * missing a new record ranked below that probe.
 * `expansions` are words and phrases a caller adds to the query's own terms (the concepts' entry terms and narrower
 * concepts, lib/reading/query-expansion.ts): each is OR-ed like a term, a phrase matched as a phrase.
 * @returns at most `limit` records, best first, with relevance = score / best score (0–1].
 */
export async function searchLibrary(
  query: string,
  limit: number,
  filters?: LibraryFilters,
  since?: Date,
  expansions: string[] = [],
): Promise<Evidence[]> {
  const own = queryTerms(query);
  if (own.length === 0 || limit <= 0) return [];
  const pg = usingPostgres();
  const phrases = expansions
    .map((e) => (e.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(pg ? " <-> " : " "))
    .filter((e) => e !== "");
  const terms = [...new Set([...own, ...phrases])];
  const db = getDb();
  const records = await countLibraryRecords();
  const wanted = since ? Math.min(SINCE_PROBE_MAX, limit * SINCE_PROBE_FACTOR) : limit;
  const hits = pg
    ? await searchPostgres(db, terms, wanted, filters, records)
    : await searchSqlite(db, terms, wanted, filters, records);
  if (hits.length === 0) return [];
  const byId = new Map<string, Evidence>();
  if (since) {
    const rows = await db.evidence.findMany({
      where: { id: { in: hits.map((h) => h.id) }, updatedAt: { gte: since } },
    });
    for (const row of rows) byId.set(row.id, rowToEvidence(row));
  } else {
    for (const row of await hitRows(hits.map((h) => h.id))) byId.set(String(row.id), rawRowToEvidence(row));
  }
  const kept = hits.filter((h) => byId.has(h.id)).slice(0, limit);
  const best = Number(kept[0]?.score) || 1;
  return kept.map((h) => ({ ...byId.get(h.id)!, relevance: Math.max(0, Math.min(1, Number(h.score) / best)) }));
}

/**
 * The rows of the hits, read with one raw statement: Prisma's findMany and its row mapping took as long as the search
 * itself for a 300-record similarity pool.
 */
function hitRows(ids: string[]): Promise<Array<Record<string, unknown>>> {
  const db = getDb();
  const columns = EVIDENCE_COLUMNS.map((c) => `"${c}"`).join(", ");
  return usingPostgres()
    ? db.$queryRawUnsafe(`SELECT ${columns} FROM "Evidence" WHERE "id" = ANY($1)`, ids)
    : db.$queryRawUnsafe(
        `SELECT ${columns} FROM "Evidence" WHERE "id" IN (SELECT value FROM json_each(?))`,
        JSON.stringify(ids),
      );
}

/**
 * A `since` search reads this many times its limit in hits before dropping the older records, at most SINCE_PROBE_MAX.
 */
const SINCE_PROBE_FACTOR = 10;
const SINCE_PROBE_MAX = 1_000;

/**
 * The chemical and disease names annotated in at least `minRecords` library records, most records first (ties by
 * name), from LibraryEntity (kept by triggers): each with the name and MeSH ID of the first record that named it.
 */
export async function listLibraryEntityCounts(minRecords: number): Promise<Array<{ entity: Entity; records: number }>> {
  const rows = await getDb().libraryEntity.findMany({
    where: { records: { gte: minRecords } },
    orderBy: [{ records: "desc" }],
  });
  return rows
    .map((r) => ({ entity: { name: r.name, type: r.type as Entity["type"], meshId: r.meshId }, records: r.records }))
    .sort((a, b) => b.records - a.records || a.entity.name.localeCompare(b.entity.name));
}
