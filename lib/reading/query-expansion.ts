import {
  classMembers,
  conceptById,
  descendantIds,
  entryTerms,
  findConceptMentions,
  type Concept,
} from "@/lib/vocabularies";
import { isClass } from "./concepts";

/**
 * One concept of a query with the words a search adds for it, as PubMed's automatic term mapping does (its entry
 * terms, and MeSH explosion: the narrower concepts): `written` as the query writes it, `name` the MeSH heading,
 * `kind` a drug, a class (its members: "lovastatin" for statins) or a disease (its descendants: "myxedema" for
 * thyroid diseases), `terms` other entry terms, `narrower` names of narrower concepts.
 */
export interface ExpandedConcept {
  written: string;
  id: string;
  name: string;
  kind: "drug" | "class" | "disease";
  terms: readonly string[];
  /** Names of the nearest narrower concepts (fewest tree levels below), at most {@link EXPANSION_NARROWER}. */
  narrower: readonly string[];
  /** Every narrower concept's ID (a class's members, a disease's descendants), nearest first. */
  narrowerIds: readonly string[];
}

/** The library's annotated concepts by MeSH ID: the name they are annotated with most, and how many records do. */
export type AnnotatedConcepts = ReadonlyMap<string, { name: string; records: number }>;

/**
 * Entry terms and narrower names added per concept, at most. Source: our choice, so that a query stays readable and
 * BM25 does not drown the question's own words.
 */
export const EXPANSION_TERMS = 4;
export const EXPANSION_NARROWER = 8;

/**
 * Records annotating a concept itself from which the library search does not expand it. Source: our choice, a
 * quarter of a question search's 40 records: "Does cisplatin cause nephrotoxicity?" expanded by Kidney Diseases'
 * narrower names drowned the cisplatin records (4 of 40 named both; the library annotates Kidney Diseases in 100+).
 */
export const WELL_ANNOTATED = 10;

/**
 * Entry terms a text search can use: not the written form, no inverted heading ("Fibrosis, Pulmonary"), at most 4
 * words.
 */
function usable(term: string, written: string): boolean {
  return !term.includes(",") && term.toLowerCase() !== written.toLowerCase() && term.split(/\s+/).length <= 4;
}

/** A concept's narrower concepts that a search can use: names (the nearest few) and every ID, nearest first. */
interface Narrower {
  names: readonly string[];
  ids: readonly string[];
}

/**
 * Narrower concepts per concept ID and kind, computed once per process: a disease as wide as Neoplasms has thousands
 * of descendants, and ordering them took 100+ ms per query before they were kept.
 */
const narrowerCache = new Map<string, Narrower>();

/** How deep a concept sits: the levels of its shallowest tree number ("C08.381.765" is 3), 99 with none. */
function depthOf(c: Concept): number {
  let depth = 99;
  for (const tree of c.trees) {
    let levels = 1;
    for (let i = 0; i < tree.length; i++) if (tree.charCodeAt(i) === 46) levels++;
    depth = Math.min(depth, levels);
  }
  return depth;
}

/** Orders names as localeCompare does, at a fraction of its cost per comparison. */
const byName = new Intl.Collator();

/** A concept's narrower concepts that a search can use, nearest first (fewest tree levels below), then by name. */
function narrowerOf(c: Concept, kind: ExpandedConcept["kind"]): Narrower {
  const key = `${kind}:${c.id}`;
  const cached = narrowerCache.get(key);
  if (cached) return cached;
  const ids = kind === "class" ? classMembers(c.id) : kind === "disease" ? descendantIds(c.id) : [];
  // Each concept's depth is computed once, not at every comparison of the sort.
  const ranked = ids
    .map((id) => conceptById(id))
    .filter((x): x is Concept => x !== null && !x.name.includes(","))
    .map((x) => ({ x, depth: depthOf(x) }))
    .sort((a, b) => a.depth - b.depth || byName.compare(a.x.name, b.x.name))
    .map((r) => r.x);
  const out = { names: ranked.slice(0, EXPANSION_NARROWER).map((x) => x.name), ids: ranked.map((x) => x.id) };
  narrowerCache.set(key, out);
  return out;
}

/**
 * Queries kept with their expansion, at most. Source: our choice; a run asks a few dozen queries, each of them of
 * every source, so this holds several runs' queries (the oldest is forgotten first).
 */
const QUERY_CACHE_SIZE = 500;
const queryCache = new Map<string, readonly ExpandedConcept[]>();

/**
 * The concepts of a query (lib/vocabularies findConceptMentions: drugs, classes, diseases) with their expansions;
 * [] when the vocabulary is not built or recognises none. Deterministic, and computed once per query string in a
 * process: the result is shared, not to be changed.
 */
export function expandQuery(query: string): readonly ExpandedConcept[] {
  const cached = queryCache.get(query);
  if (cached) return cached;
  const out = findConceptMentions(query)
    .filter((m) => m.concept.kind !== "other")
    .map((m): ExpandedConcept => {
      const c = m.concept;
      const kind = c.kind === "disease" ? "disease" : isClass(c) ? "class" : "drug";
      const terms = entryTerms(c.id, true)
        .filter((t) => usable(t, m.text))
        .slice(0, EXPANSION_TERMS);
      const narrower = narrowerOf(c, kind);
      return {
        written: m.text,
        id: c.id,
        name: c.name,
        kind,
        terms,
        narrower: narrower.names,
        narrowerIds: narrower.ids,
      };
    });
  if (queryCache.size >= QUERY_CACHE_SIZE) queryCache.delete(queryCache.keys().next().value!);
  queryCache.set(query, out);
  return out;
}

/**
 * The concepts of a query that PubMed and Europe PMC get mapped: none for a structured query, or for one naming
 * fewer than two concepts (either source maps a single concept itself). A one-word query cannot name two, so it is
 * answered without reading the vocabulary (whose first load takes a few hundred ms).
 */
function conceptsToMap(query: string): readonly ExpandedConcept[] {
  if (isStructuredQuery(query) || (query.match(/[\p{L}\p{N}]+/gu) ?? []).length < 2) return [];
  if (findConceptMentions(query).filter((m) => m.concept.kind !== "other").length < 2) return [];
  return expandQuery(query);
}

/**
 * Whether a query is already written in a search syntax (Boolean operators, field tags, quotes): it is searched as
 * written.
 */
export function isStructuredQuery(query: string): boolean {
  return /\b(?:AND|OR|NOT)\b|\[[a-z ]+\]|"|\b[A-Z_]+:/.test(query);
}

/**
 * The words and phrases the local library search adds to a free-text query: each concept's entry terms and narrower
 * concepts that the query does not already hold ("HMG-CoA reductase inhibitors", "lovastatin", "simvastatin" for
 * "statins"). With the library's annotated concepts, the narrower ones it annotates, most annotated first, by the
 * name they are annotated with ("rhabdomyolysis" for myopathy, not the first names of MeSH's 60 muscular diseases),
 * and nothing for a concept the library annotates itself in {@link WELL_ANNOTATED} records or more; [] for a
 * structured query.
 */
export function libraryExpansion(query: string, annotated?: AnnotatedConcepts): string[] {
  if (isStructuredQuery(query)) return [];
  const have = query.toLowerCase();
  const out = new Set<string>();
  for (const c of expandQuery(query)) {
    // The library already names this concept as its records write it: the query's own word finds them, and OR-ing
    // its entry terms and narrower names would let records on other drugs outrank the question's own.
    if ((annotated?.get(c.id)?.records ?? 0) >= WELL_ANNOTATED) continue;
    const narrower = annotated
      ? c.narrowerIds
          .flatMap((id) => (annotated.has(id) ? [annotated.get(id)!] : []))
          .sort((a, b) => b.records - a.records || a.name.localeCompare(b.name))
          .slice(0, EXPANSION_NARROWER)
          .map((a) => a.name)
      : c.narrower;
    for (const t of [...c.terms, ...narrower]) if (!have.includes(t.toLowerCase())) out.add(t.toLowerCase());
  }
  return [...out];
}

const quote = (s: string) => `"${s.replace(/"/g, "")}"`;

/**
 * A free-text query in PubMed's syntax, mapped to concepts as PubMed's automatic term mapping does and explicit about
 * it: each concept as its MeSH heading (exploded: "[MeSH Terms]" includes the narrower headings), a class also by its
 * pharmacological action, OR the words written and its entry terms in title and abstract; concepts AND-ed. The query
 * as written when it is structured or names fewer than two concepts (PubMed maps it itself).
 */
export function pubmedQuery(query: string): string {
  const concepts = conceptsToMap(query);
  if (concepts.length < 2) return query;
  return concepts
    .map((c) => {
      const parts = [
        `${quote(c.name)}[MeSH Terms]`,
        ...(c.kind === "class" ? [`${quote(c.name)}[Pharmacological Action]`] : []),
        ...[c.written, ...c.terms].map((t) => `${quote(t)}[tiab]`),
      ];
      return `(${[...new Set(parts)].join(" OR ")})`;
    })
    .join(" AND ");
}

/**
 * A free-text query in Europe PMC's syntax: each concept as its MeSH heading (MESH_HEADING), the words written, its
 * entry terms and its narrower concepts' names (Europe PMC does not explode MeSH headings), concepts AND-ed; the
 * query as written when it is structured or names fewer than two concepts.
 */
export function europePmcQuery(query: string): string {
  const concepts = conceptsToMap(query);
  if (concepts.length < 2) return query;
  return concepts
    .map((c) => {
      const parts = [`MESH_HEADING:${quote(c.name)}`, ...[c.written, ...c.terms, ...c.narrower].map(quote)];
      return `(${[...new Set(parts)].join(" OR ")})`;
    })
    .join(" AND ");
}
