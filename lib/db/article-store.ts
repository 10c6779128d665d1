import "server-only";
import { getConfig, isPostgresUrl } from "@/lib/config";
import { inTransaction, type DB } from "./client";
import { findSameRecord, rowToEvidence, saveEvidence } from "./evidence";
import { readFullTexts, saveFullText } from "./full-texts";
import type { ArticleStore } from "./article-store-contract";

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
  const { openSqliteArticleStore } = await import("./article-store-sqlite");
  const store = openSqliteArticleStore(url);
  try {
    return await store.transaction(work);
  } finally {
    store.close();
  }
}
