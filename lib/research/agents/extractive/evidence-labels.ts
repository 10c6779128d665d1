import type { Evidence } from "@/lib/domain/evidence";

/**
 * Short human label of a record for reasoning text: "PMID 19692487", "NCT01234567", "DOI 10.…", else its id.
 */
export function recordLabel(e: Evidence): string {
  if (e.citation.pmid) return `PMID ${e.citation.pmid}`;
  if (e.citation.nctId) return e.citation.nctId;
  if (e.citation.doi) return `DOI ${e.citation.doi}`;
  return e.id;
}

/** "1 record" / "3 records": a count with its noun, for reasoning strings. */
export function plural(n: number, noun: string, nouns = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : nouns}`;
}
