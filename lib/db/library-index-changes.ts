import type { RowEntity } from "./library-columns";

/** A row's full-text entry as the SQLite index takes it. */
export interface FtsEntry {
  title: string;
  abstract: string;
  terms: string;
  facets: string;
}

/** What a row became: in the library with these dictionary entities and this full-text entry, or (null) not in it. */
export type LibraryState = { entities: RowEntity[]; entry: FtsEntry } | null;

/** One dictionary entity's change: records added (negative: removed), and the spelling a new entry takes. */
interface EntityDelta extends RowEntity {
  records: number;
  /** Whether a row added it (so a missing entry is created, as the insert trigger does). */
  added: boolean;
}

/**
 * What one transaction of the SQLite library writer changes in the library's index, record count and entity
 * dictionary, collected while it writes the Evidence rows and applied after them (lib/db/library-writer-sqlite.ts):
 * the same changes the Evidence triggers would make row by row (migration 20261125000100_library_sync), without
 * interleaving full-text writes with row writes (see the writer). Pure bookkeeping: no database.
 */
export class LibraryIndexChanges {
  /** Per rowid: whether the index held an entry for it before this transaction, and the entry it must hold after. */
  private readonly entries = new Map<number, { hadEntry: boolean; entry: FtsEntry | null }>();
  private readonly entities = new Map<string, EntityDelta>();
  /** Change of the library's record count. */
  records = 0;

  /**
   * A row changed: `before` is the dictionary entities it had in the library (null: it was not in the library, or is
   * new), `after` what it is now.
   */
  change(rowid: number, before: RowEntity[] | null, after: LibraryState) {
    const known = this.entries.get(rowid);
    this.entries.set(rowid, { hadEntry: known ? known.hadEntry : before !== null, entry: after?.entry ?? null });
    this.records += (after ? 1 : 0) - (before ? 1 : 0);
    for (const e of before ?? []) this.entity(e, -1);
    for (const e of after?.entities ?? []) this.entity(e, 1);
  }

  private entity(e: RowEntity, records: number) {
    const key = `${e.type}|${e.key}`;
    const seen = this.entities.get(key);
    if (!seen) this.entities.set(key, { ...e, records, added: records > 0 });
    else {
      if (records > 0 && !seen.added) Object.assign(seen, { name: e.name, meshId: e.meshId, added: true });
      seen.records += records;
    }
  }

  /**
   * The full-text operations in rowid order: for each row, the removal of the entry it had, then the entry it has.
   * FTS5 writes its pending terms out whenever a rowid comes below the last one written, so the order keeps one
   * segment per transaction.
   */
  ftsOperations(): Array<{ rowid: number; remove: boolean; entry: FtsEntry | null }> {
    return [...this.entries.entries()]
      .filter(([, e]) => e.hadEntry || e.entry)
      .sort((a, b) => a[0] - b[0])
      .map(([rowid, e]) => ({ rowid, remove: e.hadEntry, entry: e.entry }));
  }

  /**
   * Dictionary changes: `upsert` for names a row added (created with their spelling when missing, else their count
   * changed), `update` for names only rows removed (their entries exist).
   */
  dictionary(): { upsert: Array<RowEntity & { records: number }>; update: Array<RowEntity & { records: number }> } {
    const all = [...this.entities.values()];
    const strip = (e: EntityDelta) => ({
      type: e.type,
      key: e.key,
      name: e.name,
      meshId: e.meshId,
      records: e.records,
    });
    return {
      upsert: all.filter((e) => e.added).map(strip),
      update: all.filter((e) => !e.added && e.records !== 0).map(strip),
    };
  }

  get empty(): boolean {
    return this.entries.size === 0;
  }
}
