import "server-only";
import { getDb, usingPostgres } from "@/lib/db/client";
import { rowToEvidence } from "@/lib/db/evidence";
import type { Evidence } from "@/lib/domain/evidence";
import type { Evidence as EvidenceRow } from "@/lib/generated/sqlite/client";

/** Words that carry no topic in a research question; dropped before full-text matching. */
const QUERY_STOPWORDS = new Set(
  ("a an and are as at be by can could do does did for from has have how in into is it its of on or that the their " +
    "this to was were what when which who why will with would whether there any effect effects role cause causes " +
    "mechanism mechanisms associated association evidence")
    .split(" "),
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
 * Searches the local library by relevance: SQLite FTS5 ranked by bm25() with column weights title 10,
 * abstract 1, terms (MeSH and annotated entities) 3; on Postgres, the tsvector column ranked by the number of
 * query terms matched, then ts_rank. Terms are OR-ed; on SQLite BM25's IDF weighting decides (Robertson &
 * Zaragoza 2009).
 * `since` keeps only records imported or updated at or after that moment (their row's updatedAt).
 * @returns at most `limit` records, best first, with relevance = score / best score (0–1].
 */
export async function searchLibrary(query: string, limit: number, since?: Date): Promise<Evidence[]> {
  const terms = queryTerms(query);
  if (terms.length === 0 || limit <= 0) return [];
  const db = getDb();
  const hits: Array<{ id: string; score: number }> = usingPostgres()
    ? await db.$queryRawUnsafe(
        // ts_rank has no IDF, so rank first by how many query terms a record matches (coordination level
        // matching, Salton & McGill 1983), then by ts_rank; score = terms matched + ts_rank (which is < 1).
        `SELECT "id", (${terms.map((_, i) => `("searchVector" @@ to_tsquery('english', $${i + 3}))::int`).join(" + ")})
           + ts_rank("searchVector", q) AS score
         FROM "Evidence", to_tsquery('english', $1) q
         WHERE "inLibrary" AND "searchVector" @@ q AND "updatedAt" >= $${terms.length + 3} ORDER BY score DESC, "id" LIMIT $2`,
        terms.join(" | "),
        limit,
        ...terms,
        since ?? new Date(0),
      )
    : await db.$queryRawUnsafe(
        `SELECT e."id" AS id, -bm25("EvidenceFts", 10.0, 1.0, 3.0) AS score
         FROM "EvidenceFts" JOIN "Evidence" e ON e."rowid" = "EvidenceFts"."rowid"
         WHERE "EvidenceFts" MATCH ? AND e."updatedAt" >= ? ORDER BY score DESC, e."id" LIMIT ?`,
        terms.map((t) => `"${t}"`).join(" OR "),
        // Prisma stores SQLite DateTime as ISO text ("2026-11-25T02:06:27.777+00:00"), which compares in time order.
        (since ?? new Date(0)).toISOString().replace("Z", "+00:00"),
        limit,
      );
  if (hits.length === 0) return [];
  const rows = await db.evidence.findMany({ where: { id: { in: hits.map((h) => h.id) } } });
  const byId = new Map<string, EvidenceRow>(rows.map((r) => [r.id, r]));
  const best = Number(hits[0].score) || 1;
  return hits.flatMap((h) => {
    const row = byId.get(h.id);
    return row ? [rowToEvidence(row, Number(h.score) / best)] : [];
  });
}
