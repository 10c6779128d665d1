import { SEARCH_STRATEGIES, type SearchStrategy } from "@/lib/domain/claim-check";
import { identifierKeys } from "@/lib/evidence/identity";
import { type Evidence } from "@/lib/domain/evidence";
import { normaliseForMatch } from "@/lib/text/quote-match";
import type { StrategyHit } from "./strategies";

/** Most documents scored per claim. Source: our choice, a bound on the scoring work (and model calls) per claim. */
export const MAX_FOUND_DOCUMENTS = 100;

/**
 * One document found for a claim: the record (first copy seen), the strategies that found it, in
 * keyword–semantic–HyDE order (provenance), and its best relevance (0–1) over those strategies.
 */
export interface FoundDocument {
  evidence: Evidence;
  foundBy: SearchStrategy[];
  relevance: number;
}

/**
 * Merges the strategies' hits: deduplicates by any shared PMID, DOI, PMCID or NCT ID (as mergeEvidence does),
 * records which strategies found each document, ranks documents found by more strategies first, then by best
 * relevance, then by id (deterministic), and keeps the first {@link MAX_FOUND_DOCUMENTS}.
 * @param hits per strategy; null for a strategy that did not run.
 */
export function mergeFound(
  hits: Record<SearchStrategy, StrategyHit[] | null>,
  cap = MAX_FOUND_DOCUMENTS,
): FoundDocument[] {
  const byKey = new Map<string, FoundDocument>();
  const documents: FoundDocument[] = [];
  for (const strategy of SEARCH_STRATEGIES) {
    for (const hit of hits[strategy] ?? []) {
      const keys = identifierKeys(hit.evidence.citation);
      if (keys.length === 0) keys.push(`id:${hit.evidence.id}`);
      const known = keys.map((k) => byKey.get(k)).find((d) => d !== undefined);
      const doc = known ?? { evidence: hit.evidence, foundBy: [], relevance: 0 };
      if (!known) documents.push(doc);
      if (!doc.foundBy.includes(strategy)) doc.foundBy.push(strategy);
      doc.relevance = Math.max(doc.relevance, hit.relevance);
      for (const k of keys) if (!byKey.has(k)) byKey.set(k, doc);
    }
  }
  return documents
    .sort(
      (a, b) =>
        b.foundBy.length - a.foundBy.length || b.relevance - a.relevance || a.evidence.id.localeCompare(b.evidence.id),
    )
    .slice(0, cap);
}

/** How many of `documents` each strategy found. */
export function countByStrategy(documents: Array<{ foundBy: SearchStrategy[] }>): Record<SearchStrategy, number> {
  const counts: Record<SearchStrategy, number> = { keyword: 0, semantic: 0, hyde: 0 };
  for (const d of documents) for (const s of d.foundBy) counts[s]++;
  return counts;
}

/**
 * The found documents without the claim's own source: a record whose abstract contains the claim verbatim (after
 * normalisation) is the paper the claim was pasted from, and a paper is no evidence about itself.
 */
export function withoutSourceOf(claim: string, documents: FoundDocument[]): FoundDocument[] {
  const needle = normaliseForMatch(claim.replace(/…$/, ""));
  if (needle.length < 20) return documents;
  return documents.filter((d) => !normaliseForMatch(d.evidence.citation.abstract).includes(needle));
}
