import { searchLibrary } from "@/lib/db/library";
import type { LiteratureSource } from "@/lib/sources/types";

/**
 * The local library (records imported with `npm run library:import`), searched by full-text relevance
 * (FTS5 bm25 on SQLite, ts_rank on Postgres). Records come back with `citation.source = "local"`.
 */
export function createLocalLibrarySource(): LiteratureSource {
  return {
    id: "local",
    search: async (query, { limit, signal }) => {
      signal?.throwIfAborted();
      return searchLibrary(query, limit);
    },
  };
}
