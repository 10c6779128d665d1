import { listLibraryEntityCounts } from "@/lib/db/library";
import type { Entity } from "@/lib/domain/evidence";

/** Minimum number of library records that must annotate a name before it enters the dictionary (noise guard). */
export const MIN_ANNOTATED_RECORDS = 2;

/**
 * The chemical and disease names annotated in the local library (PubTator annotations with MeSH IDs, PubMed
 * chemical lists), each with the entity it stands for, most frequently annotated first. Names annotated in fewer
 * than MIN_ANNOTATED_RECORDS records are left out. Empty when the library is empty. Read from the LibraryEntity
 * counts the database keeps as records come and go, so a library of millions of records is not scanned.
 */
export async function loadLibraryEntities(): Promise<Entity[]> {
  return (await listLibraryEntityCounts(MIN_ANNOTATED_RECORDS)).map((c) => c.entity);
}
