import type { Evidence } from "@/lib/domain/evidence";
import { canonicalCitationKey, evidenceLookup, freeTextReferenceKeys } from "@/lib/evidence/identity";
import type { KeyedEvidence } from "@/lib/evidence/prompt-context/context";

/**
 * Lookup of the evidence a model may refer to: by citation key ("E3" of the prompt's blocks) and by identifier
 * (the keys of lib/evidence/identity evidenceLookup: `id:`, `pmid:`, `nct:`, `pmcid:`, `doi:`, `url:`).
 */
export interface EvidenceRefIndex {
  byCitationKey: Map<string, string>;
  byIdentifier: Map<string, Evidence>;
}

/**
 * Indexes records for {@link resolveEvidenceRef}. Keyed items (the blocks of a prompt) can also be found by
 * their citation key; plain records only by identifier. When two records share a lookup key, the first keeps it.
 */
export function indexEvidence(records: Array<KeyedEvidence | Evidence>): EvidenceRefIndex {
  const byCitationKey = new Map<string, string>();
  for (const record of records)
    if ("key" in record && !byCitationKey.has(record.key)) byCitationKey.set(record.key, record.evidence.id);
  return { byCitationKey, byIdentifier: evidenceLookup(records.map((r) => ("evidence" in r ? r.evidence : r))) };
}

/**
 * Maps one reference written by a model to an evidence id, or null when it names nothing in the index.
 * Accepted forms: a citation key ("E3", "[E3]") of a keyed block, an evidence id ("pmid:9406968"),
 * "PMID 9406968", a bare PMID, an NCT ID, a PMCID, a DOI (bare, "doi:…" or doi.org URL), or a record URL
 * (lib/evidence/identity freeTextReferenceKeys).
 */
export function resolveEvidenceRef(index: EvidenceRefIndex, ref: string): string | null {
  const key = canonicalCitationKey(ref);
  if (key) return index.byCitationKey.get(key) ?? null;
  for (const candidate of freeTextReferenceKeys(ref)) {
    const e = index.byIdentifier.get(candidate);
    if (e) return e.id;
  }
  return null;
}
