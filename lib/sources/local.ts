import { searchLibrary } from "@/lib/db/library";
import { sinceDay, type LiteratureSource } from "@/lib/sources/types";

/**
 * The local library (records imported with `npm run library:import`), searched by full-text relevance
 * (FTS5 bm25 on SQLite, ts_rank on Postgres). Records come back with `citation.source = "local"`. With `since`, only
 * records imported or updated on or after that day (the row's updatedAt).
 */
export function createLocalLibrarySource(): LiteratureSource {
  return {
    id: "local",
    search: async (query, { limit, signal, since }) => {
      signal?.throwIfAborted();
      return searchLibrary(query, limit, since ? new Date(`${sinceDay(since)}T00:00:00.000Z`) : undefined);
    },
  };
}
