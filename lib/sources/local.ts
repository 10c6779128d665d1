import { searchLibrary } from "@/lib/db/library";
import type { LibraryFilters } from "@/lib/db/library-facets";
import { sinceDay, type LiteratureSource } from "@/lib/sources/types";

/**
 * A field tag of PubMed's query syntax with a quoted or single-word value: `"Review"[pt]`, `Humans[mh]`,
 * `2015:2020[dp]`.
 */
const FIELD_TAG = /(?:"([^"]+)"|([^\s"()[\]]+))\[(dp|pdat|pt|mh|mesh)\]/gi;

/**
 * Splits PubMed-style field tags off a query for the local library: publication date `2015[dp]` or `2015:2020[dp]`
 * (also `[pdat]`), publication type `"Randomized Controlled Trial"[pt]` (several are OR-ed), MeSH heading
 * `"Lithium"[mh]` (also `[mesh]`; several are AND-ed), as PubMed reads them. Boolean words left over are dropped with
 * the other stopwords by the search.
 * @returns the query text without the tags, and the filters (undefined when there are none).
 */
export function parseLibraryQuery(query: string): { text: string; filters?: LibraryFilters } {
  const filters: LibraryFilters = {};
  const text = query.replace(FIELD_TAG, (_, quoted: string | undefined, word: string | undefined, tag: string) => {
    const value = (quoted ?? word ?? "").trim();
    const field = tag.toLowerCase();
    if (field === "dp" || field === "pdat") {
      const years = /^(\d{4})(?:\/\d{1,2}(?:\/\d{1,2})?)?(?::(\d{4}))?/.exec(value);
      if (!years) return " ";
      filters.yearFrom = Number(years[1]);
      filters.yearTo = Number(years[2] ?? years[1]);
    } else if (field === "pt") (filters.publicationTypes ??= []).push(value);
    else (filters.mesh ??= []).push(value);
    return " ";
  });
  return Object.keys(filters).length ? { text, filters } : { text };
}

/**
 * The local library (records imported with `npm run library:import` or `npm run library:sync`), searched by full-text
 * relevance (lib/db/library.ts: FTS5 bm25 on SQLite, GIN and ts_rank on Postgres), with PubMed-style field tags
 * for year, publication type and MeSH heading (see parseLibraryQuery). Records come back with `citation.source =
 * "local"`. With `since`,
 * only records imported or updated on or after that day (the row's updatedAt).
 */
export function createLocalLibrarySource(): LiteratureSource {
  return {
    id: "local",
    search: async (query, { limit, signal, since }) => {
      signal?.throwIfAborted();
      const { text, filters } = parseLibraryQuery(query);
      return searchLibrary(text, limit, filters, since ? new Date(`${sinceDay(since)}T00:00:00.000Z`) : undefined);
    },
  };
}
