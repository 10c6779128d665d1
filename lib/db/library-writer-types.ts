import type { LibraryRow } from "./library-columns";
import type { Evidence } from "@/lib/domain/evidence";

// The library writer's contract, apart from the function that picks an implementation (lib/db/library-writer.ts), so
// the implementations import it without a circle.

/** What the database knows of one synced file (the LibrarySyncFile row). */
export interface SyncFileState {
  name: string;
  bytes: number;
  status: "applying" | "applied";
  /** Items (citations and deletions, in document order) of the file applied so far. */
  items: number;
  records: number;
  deleted: number;
  failed: number;
}

/**
 * One batch of a file, applied in one transaction with the file's checkpoint. `records` and `deletes` are the final
 * operations of the batch's items (the caller keeps, per PMID, the last of them), so they never name the same PMID.
 */
export interface LibraryBatch {
  file: string;
  /** The records, as the parse worker built them for writing (lib/db/library-columns.ts). */
  records: LibraryRow[];
  /** PMIDs of DeleteCitation entries. */
  deletes: string[];
  /** Items of the batch that could not be read (counted in the file's `failed`). */
  failed: number;
  /** The file's checkpoint once this batch commits: items applied from its start. */
  items: number;
  /** The file's last batch: the file is marked applied in the same transaction. */
  last: boolean;
}

/**
 * What a batch changed: rows created, updated (content changed), left unchanged, deleted, and deletions of unknown
 * PMIDs.
 */
export interface BatchOutcome {
  created: number;
  updated: number;
  unchanged: number;
  deleted: number;
  missing: number;
}

/** How an incoming record and the stored row of the same record combine (lib/library/sync.ts passes it). */
export type MergeStored = (incoming: Evidence, stored: Evidence) => Evidence;

/**
 * Bulk writer of the local library for `npm run library:sync`: one connection of its own (not Prisma's), prepared
 * statements, one transaction per batch. A record is matched to its stored row by evidence key, else PMID, else DOI
 * (as library:import matches), merged with it, and left alone when nothing changed. A deleted PMID's row is removed,
 * or, when a run cites it, only taken out of the library (inLibrary false), so past reports keep their references.
 */
export interface LibraryWriter {
  readonly kind: "sqlite" | "postgres";
  fileStates(): Promise<SyncFileState[]>;
  /** Marks a file as being applied; `restart` clears its checkpoint and counts (a new or changed file). */
  startFile(name: string, bytes: number, restart: boolean): Promise<void>;
  applyBatch(batch: LibraryBatch, merge: MergeStored): Promise<BatchOutcome>;
  /** Library records (LibraryStats, kept by triggers). */
  libraryRecords(): Promise<number>;
  /**
   * Before loading `expectedRecords` new records: defers index maintenance where rebuilding after the load is
   * cheaper (Postgres: the GIN full-text index, when the load at least doubles the library). @returns whether it did.
   */
  beginBulkLoad(expectedRecords: number): Promise<boolean>;
  /**
   * Rebuilds what beginBulkLoad deferred, also after a sync that was killed (SQLite: merges FTS5 segments).
   * @returns whether an index was rebuilt.
   */
  finishBulkLoad(): Promise<boolean>;
  /** On-disk size of the database (SQLite file and WAL; Postgres database), in bytes. */
  databaseBytes(): Promise<number>;
  close(): Promise<void>;
}
