import { listLibraryEntityCounts, searchLibrary } from "@/lib/db/library";
import type { LibraryFilters } from "@/lib/db/library-facets";
import { sinceDay, type LiteratureSource } from "./types";
import { libraryExpansion, type AnnotatedConcepts } from "@/lib/reading/query-expansion";

/**
 * How long the library's annotated concepts are reused for query expansion (the counts change only as records are
 * imported), and the fewest records a concept must be annotated in to count: one. A narrower concept one record
 * annotates is how a broader question finds that record ("Does valproic acid cause pituitary diseases?" finds the
 * one record on valproate and SIADH only by its name); the expansion ranks them by records, so the common ones come
 * first. Source: our choice, measured by `npm run eval -- concepts` (docs/benchmarks.md).
 */
const ANNOTATED_TTL_MS = 10 * 60_000;
const ANNOTATED_MIN_RECORDS = 1;
let annotated: { at: number; concepts: Promise<AnnotatedConcepts> } | null = null;

/** The library's annotated concepts by MeSH ID (name annotated most, record count), read at most every 10 minutes. */
function annotatedConcepts(): Promise<AnnotatedConcepts> {
  if (!annotated || Date.now() - annotated.at > ANNOTATED_TTL_MS) {
    const concepts = listLibraryEntityCounts(ANNOTATED_MIN_RECORDS).then((rows) => {
      const out = new Map<string, { name: string; records: number }>();
      for (const r of rows)
        for (const id of (r.entity.meshId ?? "").split("|"))
          if (id && !out.has(id)) out.set(id, { name: r.entity.name, records: r.records });
      return out;
    });
    // Expansion is an aid: a failed read expands by the vocabulary alone (and is asked again next time).
    annotated = { at: Date.now(), concepts: concepts.catch(() => ((annotated = null), new Map())) };
  }
  return annotated.concepts;
}

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
 * for year, publication type and MeSH heading (see parseLibraryQuery). A free-text query is expanded as PubMed's
 * automatic term mapping would: the concepts it names add their entry terms and narrower concepts
 * (lib/reading/query-expansion.ts libraryExpansion: "statins" adds "lovastatin", "simvastatin" …). Records come back
 * with `citation.source = "local"`. With `since`, only records imported or updated on or after that day (the row's
 * updatedAt).
 */
export function createLocalLibrarySource(): LiteratureSource {
  return {
    id: "local",
    search: async (query, { limit, signal, since }) => {
      signal?.throwIfAborted();
      const { text, filters } = parseLibraryQuery(query);
      const day = since ? new Date(`${sinceDay(since)}T00:00:00.000Z`) : undefined;
      return searchLibrary(text, limit, filters, day, libraryExpansion(text, await annotatedConcepts()));
    },
  };
}
