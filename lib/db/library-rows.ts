import "server-only";
import { rowToEvidence } from "./evidence";
import { EVIDENCE_COLUMNS, JSON_COLUMNS, type ColumnValue } from "./library-columns";
import type { Evidence } from "@/lib/domain/evidence";
import type { Evidence as EvidenceRow } from "@/lib/generated/sqlite/client";

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

/** A record's column values ({@link ColumnValue}s in EVIDENCE_COLUMNS order) as the Evidence they store. */
export function columnValuesToEvidence(values: ColumnValue[]): Evidence {
  const row: Record<string, unknown> = {};
  EVIDENCE_COLUMNS.forEach((c, i) => (row[c] = values[i]));
  return rawRowToEvidence(row);
}
