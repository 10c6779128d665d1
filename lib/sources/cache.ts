import crypto from "node:crypto";
import { readSourceCache, writeSourceCache } from "@/lib/db/source-cache";
import { sinceDay, type LiteratureSource } from "./types";

/** Options of {@link withSourceCache}: how long an answer is served (ms), and what else shapes the request. */
export interface SourceCacheOptions {
  ttlMs: number;
  /** Source options that change the answer (e.g. ClinicalTrials.gov's interventional filter), part of the key. */
  variant?: string;
  /** The clock (tests). */
  now?: () => Date;
}

/**
 * A query as the cache keys it: whitespace collapsed and trimmed, words lowercased except the Boolean operators
 * AND, OR and NOT, which PubMed and Europe PMC read only in capitals ("a and b" is another search than "a AND b").
 */
export function normaliseCachedQuery(query: string): string {
  return query
    .trim()
    .split(/\s+/)
    .map((w) => (/^(AND|OR|NOT)$/.test(w) ? w : w.toLowerCase()))
    .join(" ");
}

/** The cache key of one request: SHA-256 (hex) of source id, variant, normalised query and record limit. */
export function sourceCacheKey(source: string, variant: string, query: string, limit: number): string {
  return crypto
    .createHash("sha256")
    .update(JSON.stringify([source, variant, normaliseCachedQuery(query), Math.floor(limit)]))
    .digest("hex");
}

/**
 * `source` with its answers cached in the database (lib/db/source-cache.ts) for `ttlMs`: a repeated request within
 * the TTL is answered from the cache, without the network, and calls `onCacheHit` of its search options (the
 * timeline says "from cache"); a miss asks the source, which keeps its own rules (PubMed's 3 requests/s limiter
 * spaces every miss), and saves the answer. Failures are never cached, and a database error reading or writing the
 * cache only costs the cache: the search goes to the network and its answer is returned.
 */
export function withSourceCache(source: LiteratureSource, options: SourceCacheOptions): LiteratureSource {
  const now = options.now ?? (() => new Date());
  return {
    id: source.id,
    async search(query, searchOptions) {
      // A date-restricted search (a watch's re-check) is another request than the unrestricted one.
      const variant = `${options.variant ?? ""}${searchOptions.since ? `|since:${sinceDay(searchOptions.since)}` : ""}`;
      const key = sourceCacheKey(source.id, variant, query, searchOptions.limit);
      const cached = await readSourceCache(key, now()).catch(() => null);
      if (cached) {
        searchOptions.onCacheHit?.();
        return cached;
      }
      const records = await source.search(query, searchOptions);
      const at = now();
      await writeSourceCache(
        {
          key,
          source: source.id,
          query: normaliseCachedQuery(query),
          records,
          expiresAt: new Date(at.getTime() + options.ttlMs),
        },
        at,
      ).catch((error: unknown) => {
        console.warn(
          `source cache: could not save a ${source.id} answer: ` +
            `${error instanceof Error ? error.message : String(error)}`,
        );
      });
      return records;
    },
  };
}
