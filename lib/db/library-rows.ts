import "server-only";
import { rowToEvidence } from "@/lib/db/evidence";
import type { Evidence } from "@/lib/domain/evidence";
import type { Evidence as EvidenceRow } from "@/lib/generated/sqlite/client";

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
  "url",
  "publicationTypes",
  "meshTerms",
  "entities",
  "preprint",
  "trial",
  "provenance",
] as const;

/** Indexes of the JSON columns in {@link EVIDENCE_COLUMNS}. */
export const JSON_COLUMNS = new Set(["authors", "publicationTypes", "meshTerms", "entities", "trial", "provenance"]);

/**
 * One record's column values for a raw INSERT, in {@link EVIDENCE_COLUMNS} order: JSON columns as JSON text (a null
 * trial or missing provenance as SQL NULL, as Prisma stores them), `preprint` as a boolean. `id` is the row's key,
 * which may differ from the record's (a stored row found by PMID or DOI keeps its own).
 */
export function evidenceColumnValues(e: Evidence, id: string): Array<string | number | boolean | null> {
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
    c.url,
    JSON.stringify(c.publicationTypes),
    JSON.stringify(c.meshTerms),
    JSON.stringify(e.entities),
    e.preprint,
    e.trial ? JSON.stringify(e.trial) : null,
    e.provenance ? JSON.stringify(e.provenance) : null,
  ];
}

/** A stored row read with raw SQL (JSON columns as text or already parsed, booleans as 0/1 or booleans) as Evidence. */
export function rawRowToEvidence(row: Record<string, unknown>): Evidence {
  const parsed: Record<string, unknown> = { ...row };
  for (const column of JSON_COLUMNS) {
    const value = row[column];
    parsed[column] = typeof value === "string" ? JSON.parse(value) : value;
  }
  parsed.preprint = Boolean(row.preprint);
  parsed.inLibrary = Boolean(row.inLibrary);
  return rowToEvidence(parsed as unknown as EvidenceRow);
}

/** Timestamp as Prisma writes DateTime columns in SQLite ("2026-11-25T01:54:39.627+00:00"). */
export function sqliteTimestamp(date = new Date()): string {
  return date.toISOString().replace("Z", "+00:00");
}
