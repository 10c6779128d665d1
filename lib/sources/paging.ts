import type { Evidence } from "@/lib/domain/evidence";
import { rankRelevance } from "./types";

/** One page of a paged search: its records and the cursor of the next page, null after the last. */
export interface SearchPage {
  records: Evidence[];
  next: string | null;
}

/** Safety bound on pages per search (records without identifiers are skipped, so a page can add fewer than asked). */
const MAX_PAGES = 20;

/**
 * Follows a paged search (Europe PMC's cursorMark, ClinicalTrials.gov's pageToken) until `wanted` distinct records
 * (by evidence id), the last page, or {@link MAX_PAGES} pages, and returns the first `wanted` in the order found,
 * with relevance = rankRelevance(rank, records returned).
 * @param readPage reads one page; its cursor is null for the first page.
 */
export async function collectPages(
  wanted: number,
  readPage: (cursor: string | null) => Promise<SearchPage>,
): Promise<Evidence[]> {
  const collected = new Map<string, Evidence>();
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES && collected.size < wanted; page++) {
    const { records, next } = await readPage(cursor);
    for (const record of records) if (!collected.has(record.id)) collected.set(record.id, record);
    if (next === null) break;
    cursor = next;
  }
  const records = [...collected.values()].slice(0, wanted);
  return records.map((record, rank) => ({ ...record, relevance: rankRelevance(rank, records.length) }));
}
