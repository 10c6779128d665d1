import type { Evidence } from "@/lib/domain/evidence";
import type { FullText } from "@/lib/domain/fulltext";
import type { StoredFullText } from "./full-texts";

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
