import "server-only";
import type { Evidence } from "@/lib/domain/evidence";
import type { FullText } from "@/lib/domain/fulltext";
import { getConfig, isPostgresUrl } from "@/lib/config";
import { inTransaction, type DB } from "@/lib/db/client";
import { findSameRecord, rowToEvidence, saveEvidence } from "@/lib/db/evidence";
import { readFullTexts, saveFullText, type StoredFullText } from "@/lib/db/full-texts";

/**
 * What storing an article reads and writes (lib/library/articles.ts decides what): the stored record an article
 * matches, a record written or merged, a stored full text, a full text saved. Two implementations: Prisma's (any
 * database, one transaction) and a raw SQLite one for batches (lib/db/article-store-sqlite.ts).
 */
export interface ArticleStore {
  /** The stored record with the same evidence key, PMID, NCT ID, PMCID or DOI, or null (findSameRecord). */
  findSame(record: Evidence): Promise<Evidence | null>;
  /**
   * Saves a record as saveEvidence does: a new row, or the stored row (the same record, found by findSame) with the
   * identifiers it lacked and the library flag kept or set.
   */
  saveRecord(record: Evidence, inLibrary: boolean): Promise<void>;
  /** The full text an owner (null: the shared one) has for a record, or null. */
  storedFullText(evidenceId: string, ownerId: string | null): Promise<StoredFullText | null>;
  /** Saves a full text, replacing the same owner's for the record (saveFullText). @returns its id. */
  saveFullText(text: FullText): Promise<string>;
}

/** The article store over a Prisma client or transaction. */
export function prismaArticleStore(db?: DB): ArticleStore {
  return {
    findSame: async (record) => {
      const row = await findSameRecord(record, db);
      return row ? rowToEvidence(row) : null;
    },
    saveRecord: async (record, inLibrary) => void (await saveEvidence(record, { inLibrary }, db)),
    storedFullText: async (evidenceId, ownerId) => {
      const text = (await readFullTexts([evidenceId], ownerId, db)).get(evidenceId);
      return text && text.ownerId === ownerId ? text : null;
    },
    saveFullText: (text) => saveFullText(text, db),
  };
}

/**
 * Runs `work` with an article store in one transaction: on SQLite the raw batch store (better-sqlite3, prepared
 * statements: a stored article costs a few statements, not a Prisma round trip each, which made a JATS import five
 * times slower), on Postgres Prisma's. Committed when `work` resolves, rolled back when it throws.
 */
export async function withArticleStore<T>(work: (store: ArticleStore) => Promise<T>): Promise<T> {
  const url = getConfig().DATABASE_URL;
  if (isPostgresUrl(url)) return inTransaction((tx) => work(prismaArticleStore(tx)));
  const { openSqliteArticleStore } = await import("@/lib/db/article-store-sqlite");
  const store = openSqliteArticleStore(url);
  try {
    return await store.transaction(work);
  } finally {
    store.close();
  }
}
