import { paperRecords } from "@/lib/db/papers";
import { searchPassages } from "@/lib/db/passage-search";
import { rankRelevance, type LiteratureSource } from "./types";

/** Passages read per record wanted: a paper's best passages come several per paper. */
const PASSAGES_PER_RECORD = 5;

/**
 * The papers `owner` uploaded to "My papers", as a source: a search reads their passages (lib/db/passage-search.ts,
 * the owner's scope only) and returns the papers in the order of their best passage; when no passage matches, every
 * paper of the owner, newest first (a run limited to one's papers reads them all rather than none). Records come back
 * with `citation.source = "papers"`. A run nobody owns has no papers.
 */
export function createPapersSource(owner: string | null): LiteratureSource {
  return {
    id: "papers",
    async search(query, { limit, signal }) {
      signal?.throwIfAborted();
      if (!owner || limit <= 0) return [];
      const hits = await searchPassages(query, limit * PASSAGES_PER_RECORD, { owner, only: true });
      const ranked = [...new Set(hits.map((h) => h.evidenceId))].slice(0, limit);
      const records = ranked.length > 0 ? await paperRecords(owner, ranked) : await paperRecords(owner);
      const byId = new Map(records.map((r) => [r.id, r]));
      const ordered = ranked.length > 0 ? ranked.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])) : records;
      return ordered.slice(0, limit).map((r, rank, all) => ({
        ...r,
        citation: { ...r.citation, source: "papers" as const },
        relevance: rankRelevance(rank, all.length),
      }));
    },
  };
}
