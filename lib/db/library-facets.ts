/**
 * Field filters of a library search and their full-text spelling. The indexes hold each record's facets (migration
 * 20261125000100_library_sync): "yr<year>", "pt<publication type>" and "mh<MeSH heading>" with the spaces removed
 * ("ptReview", "mhLithiumCompounds"). A filter is a full-text condition AND-ed with the query, so both engines answer
 * it from their inverted index, never by reading rows.
 */

/**
 * Filters of a library search. Years are inclusive; a record passes when its year is in range, it has at least one
 * of `publicationTypes` (any case, the whole type: "Review" does not pass "Systematic Review"), and every heading of
 * `mesh` (any case; "Diabetes Insipidus" also passes the headings that extend it after a comma, such as "Diabetes
 * Insipidus, Nephrogenic", as PubMed's [mh] takes in narrower headings).
 */
export interface LibraryFilters {
  yearFrom?: number;
  yearTo?: number;
  publicationTypes?: string[];
  mesh?: string[];
}

/** Earliest year a range filter enumerates (MEDLINE's oldest citations are from the 1780s). */
const FIRST_YEAR = 1780;

/** Whether any filter is set. */
export function hasFilters(f: LibraryFilters | undefined): f is LibraryFilters {
  return (
    !!f && (f.yearFrom !== undefined || f.yearTo !== undefined || !!f.publicationTypes?.length || !!f.mesh?.length)
  );
}

/** The year tokens of a range ("yr2019", "yr2020"), or null when no year filter is set. */
export function yearTokens(f: LibraryFilters): string[] | null {
  if (f.yearFrom === undefined && f.yearTo === undefined) return null;
  const from = Math.max(FIRST_YEAR, f.yearFrom ?? FIRST_YEAR);
  const to = Math.min(new Date().getUTCFullYear() + 1, f.yearTo ?? 9999);
  const years: string[] = [];
  for (let y = from; y <= to; y++) years.push(`yr${y}`);
  return years;
}

/**
 * A publication type or MeSH heading facet as the index spells it: the prefix and the value without spaces
 * ("ptRandomizedControlledTrial"); each engine tokenizes it as it tokenized the record, so case and punctuation match.
 */
export function facetPhrase(kind: "pt" | "mh", value: string): string {
  return `${kind}${value.replace(/\s+/g, "")}`;
}

/**
 * The filters as an FTS5 expression on the facets column, e.g.
 * `facets : (yr2019 OR yr2020) AND facets : ("ptReview" OR "ptMeta-Analysis") AND facets : "mhHumans"`;
 * null without filters. A year range with no year at all (from > to) gives a token no record has.
 */
export function fts5FilterExpression(f: LibraryFilters | undefined): string | null {
  if (!hasFilters(f)) return null;
  const quote = (p: string) => `"${p.replace(/"/g, '""')}"`;
  const parts: string[] = [];
  const years = yearTokens(f);
  if (years) parts.push(`facets : (${years.length ? years.join(" OR ") : "yrnone"})`);
  if (f.publicationTypes?.length)
    parts.push(`facets : (${f.publicationTypes.map((t) => quote(facetPhrase("pt", t))).join(" OR ")})`);
  for (const heading of f.mesh ?? []) parts.push(`facets : ${quote(facetPhrase("mh", heading))}`);
  return parts.join(" AND ");
}

/**
 * The filters as a Postgres tsquery expression over numbered parameters starting at `$first` ('simple'
 * configuration, phrases through phraseto_tsquery), e.g. `(to_tsquery('simple', $3) && phraseto_tsquery('simple', $4))`
 * with params ["yr2019 | yr2020", "mhHumans"]; null without filters.
 */
export function pgFilterQuery(f: LibraryFilters | undefined, first: number): { sql: string; params: string[] } | null {
  if (!hasFilters(f)) return null;
  const params: string[] = [];
  const param = (value: string) => `$${first + params.push(value) - 1}`;
  const parts: string[] = [];
  const years = yearTokens(f);
  if (years) parts.push(`to_tsquery('simple', ${param(years.length ? years.join(" | ") : "yrnone")})`);
  if (f.publicationTypes?.length)
    parts.push(
      `(${f.publicationTypes.map((t) => `phraseto_tsquery('simple', ${param(facetPhrase("pt", t))})`).join(" || ")})`,
    );
  for (const heading of f.mesh ?? []) parts.push(`phraseto_tsquery('simple', ${param(facetPhrase("mh", heading))})`);
  return { sql: `(${parts.join(" && ")})`, params };
}
