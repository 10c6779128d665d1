import { listLibraryEntities } from "@/lib/db/evidence";
import type { Entity } from "@/lib/domain/evidence";

/** Minimum number of library records that must annotate a name before it enters the dictionary (noise guard). */
export const MIN_ANNOTATED_RECORDS = 2;

/**
 * The chemical and disease names annotated in the local library (PubTator annotations with MeSH IDs, PubMed
 * chemical lists), each with the entity it stands for, most frequently annotated first. Names annotated in fewer
 * than MIN_ANNOTATED_RECORDS records are left out. Empty when the library is empty.
 */
export async function loadLibraryEntities(): Promise<Entity[]> {
  const counts = new Map<string, { entity: Entity; records: number }>();
  for (const entities of await listLibraryEntities()) {
    const seen = new Set<string>();
    for (const e of entities) {
      if (e.type === "gene") continue;
      const key = `${e.type}|${e.name.toLowerCase()}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const entry = counts.get(key);
      if (entry) entry.records++;
      else counts.set(key, { entity: { name: e.name, type: e.type, meshId: e.meshId }, records: 1 });
    }
  }
  return [...counts.values()]
    .filter((c) => c.records >= MIN_ANNOTATED_RECORDS)
    .sort((a, b) => b.records - a.records || a.entity.name.localeCompare(b.entity.name))
    .map((c) => c.entity);
}
