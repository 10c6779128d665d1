import { identifierKeys, type EvidenceIdentifiers } from "./identity";
import { type Evidence } from "@/lib/domain/evidence";

/**
 * Merges incoming records into the collected evidence, removing duplicates by PMID, DOI, PMCID or NCT ID
 * (a record is a duplicate when any of its identifiers was already seen, in the collection or earlier in
 * `incoming`). The first copy wins. Does not modify its arguments.
 * @returns the records that are new, in order, and how many duplicates were dropped.
 */
export function mergeEvidence(collected: Evidence[], incoming: Evidence[]): { added: Evidence[]; duplicates: number } {
  const seen = new Set(collected.flatMap((e) => identifierKeys(e.citation)));
  const added: Evidence[] = [];
  let duplicates = 0;
  for (const record of incoming) {
    const keys = identifierKeys(record.citation);
    if (keys.some((k) => seen.has(k))) {
      duplicates++;
      continue;
    }
    keys.forEach((k) => seen.add(k));
    added.push(record);
  }
  return { added, duplicates };
}

/** A citation's identifier fields (EvidenceIdentifiers): PMID, DOI, PMCID, NCT ID. */
export const IDENTIFIER_FIELDS = ["pmid", "doi", "pmcid", "nctId"] as const satisfies ReadonlyArray<
  keyof EvidenceIdentifiers
>;

/**
 * The `keys` of a newer copy of a record, each kept from the stored copy where the newer one has none (null or
 * undefined): what a re-imported record lacks (an identifier, a year) is not lost. Does not modify its arguments.
 * @returns an object with exactly `keys`, in their order.
 */
export function keepStored<T extends object, K extends keyof T>(
  incoming: T,
  stored: Pick<T, K>,
  keys: readonly K[],
): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, incoming[k] ?? stored[k]])) as Pick<T, K>;
}
