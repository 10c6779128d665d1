import type { DB } from "./client";
import type { LibraryFilters } from "./library-facets";

// The library search's contract, apart from the function that picks an engine (lib/db/library.ts), so both engines
// (library-search-sqlite.ts, library-search-pg.ts) implement one signature.

/** A ranked hit: the Evidence id and its score (higher is better). */
export interface LibraryHit {
  id: string;
  score: number;
}

/**
 * One engine's library search: the records having any of `terms` (words, or phrases as the engine spells them) and
 * passing `filters`, best first, at most `limit`. `records` is the library's size (LibraryStats; default 0, which
 * ranks the whole library exactly): past an engine's budget it bounds the work of one search (see each engine).
 * @returns hits with engine-specific scores (comparable within one search only).
 */
export type LibrarySearch = (
  db: DB,
  terms: string[],
  limit: number,
  filters?: LibraryFilters,
  records?: number,
) => Promise<LibraryHit[]>;
