/**
 * A library record as the library writers store it: its Evidence columns and its full-text fields, built once from
 * the Evidence (by the sync's parse worker, so the writing thread only binds values). Pure: no database client, so
 * the worker thread can load it.
 */
import type { Entity, Evidence } from "@/lib/domain/evidence";

/** The Evidence columns a library writer fills, in the order of {@link evidenceColumnValues}. */
export const EVIDENCE_COLUMNS = [
  "id",
  "source",
  "pmid",
  "doi",
  "pmcid",
  "nctId",
  "title",
  "abstract",
  "authors",
  "journal",
  "year",
  "volume",
  "issue",
  "pages",
  "journalAbbrev",
  "url",
  "publicationTypes",
  "meshTerms",
  "entities",
  "preprint",
  "trial",
  "provenance",
] as const;

/** The columns of {@link EVIDENCE_COLUMNS} that hold JSON (stored as text in SQLite, jsonb in Postgres). */
export const JSON_COLUMNS: ReadonlySet<(typeof EVIDENCE_COLUMNS)[number]> = new Set([
  "authors",
  "publicationTypes",
  "meshTerms",
  "entities",
  "trial",
  "provenance",
]);

/** One column value: text (JSON columns as JSON text), a number, a boolean (`preprint`) or null. */
export type ColumnValue = string | number | boolean | null;

/**
 * One record's column values for a raw INSERT, in {@link EVIDENCE_COLUMNS} order: JSON columns as JSON text (a null
 * trial or missing provenance as SQL NULL, as Prisma stores them), `preprint` as a boolean. `id` is the row's key,
 * which may differ from the record's (a stored row found by PMID or DOI keeps its own).
 */
export function evidenceColumnValues(e: Evidence, id: string): ColumnValue[] {
  const c = e.citation;
  return [
    id,
    c.source,
    c.pmid,
    c.doi,
    c.pmcid,
    c.nctId,
    c.title,
    c.abstract,
    JSON.stringify(c.authors),
    c.journal,
    c.year,
    c.volume ?? null,
    c.issue ?? null,
    c.pages ?? null,
    c.journalAbbreviation ?? null,
    c.url,
    JSON.stringify(c.publicationTypes),
    JSON.stringify(c.meshTerms),
    JSON.stringify(e.entities),
    e.preprint,
    e.trial ? JSON.stringify(e.trial) : null,
    e.provenance ? JSON.stringify(e.provenance) : null,
  ];
}

/**
 * A chemical or disease the record names, as the entity dictionary (LibraryEntity) keys it: its type, its name in
 * lower case as SQLite's lower() makes it (ASCII letters only), and the name and MeSH ID as the record spells them.
 */
export interface RowEntity {
  type: string;
  key: string;
  name: string;
  meshId: string | null;
}

/**
 * A record ready for a library writer: its evidence key and identifiers (to find a stored version), its column values
 * ({@link evidenceColumnValues}, `id` = the evidence key), the `terms` and `facets` fields of its SQLite full-text
 * entry, and its dictionary entities (one per key).
 */
export interface LibraryRow {
  id: string;
  pmid: string | null;
  doi: string | null;
  values: ColumnValue[];
  terms: string;
  facets: string;
  entities: RowEntity[];
}

/** SQLite's lower(): ASCII letters only (the key the LibraryEntity triggers write). */
const sqliteLower = (s: string) => s.replace(/[A-Z]+/g, (m) => m.toLowerCase());

/**
 * The full-text `terms` of a record, as the SQLite trigger builds them from its JSON columns (migration
 * 20261125000100_library_sync): MeSH headings, then entity names, then NCT IDs of its DataBankList, space-separated.
 */
export function ftsTerms(e: Evidence): string {
  return (
    `${e.citation.meshTerms.map((m) => m.term).join(" ")} ${e.entities.map((x) => x.name).join(" ")} ` +
    `${(e.provenance?.trialRegistrations ?? []).join(" ")}`
  );
}

/**
 * The full-text `facets` of a record, as the SQLite trigger builds them: "yr<year>", "pt<type>" and "mh<heading>"
 * with spaces removed (lib/db/library-facets.ts reads the same spelling).
 */
export function ftsFacets(e: Evidence): string {
  const c = e.citation;
  return (
    `${c.year === null ? "" : `yr${c.year}`} ` +
    `${c.publicationTypes.map((t) => `pt${t.replaceAll(" ", "")}`).join(" ")} ` +
    `${c.meshTerms.map((m) => `mh${m.term.replaceAll(" ", "")}`).join(" ")}`
  );
}

/**
 * A record's entities as the dictionary counts them: chemicals and diseases, one per type and lower-case name (the
 * first of the record's spellings).
 */
export function dictionaryEntities(list: Entity[]): RowEntity[] {
  const entities = new Map<string, RowEntity>();
  for (const x of list) {
    if (x.type !== "chemical" && x.type !== "disease") continue;
    const key = sqliteLower(x.name);
    if (!entities.has(`${x.type}|${key}`))
      entities.set(`${x.type}|${key}`, { type: x.type, key, name: x.name, meshId: x.meshId ?? null });
  }
  return [...entities.values()];
}

/** The record as a {@link LibraryRow}. */
export function libraryRow(e: Evidence): LibraryRow {
  return {
    id: e.id,
    pmid: e.citation.pmid,
    doi: e.citation.doi,
    values: evidenceColumnValues(e, e.id),
    terms: ftsTerms(e),
    facets: ftsFacets(e),
    entities: dictionaryEntities(e.entities),
  };
}
