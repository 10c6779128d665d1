import type { Evidence } from "@/lib/domain/evidence";
import { identifierKeys, recordUrl, urlKey } from "@/lib/evidence/identity";
import type { KeyedEvidence } from "../../../ai/evidence-context";
import { canonicalKey } from "../../../ai/evidence-keys";

/**
 * Lookup of the evidence a model may refer to: by citation key ("E3" of the prompt's blocks) and by identifier.
 * Lookup keys are lower-case: `key:e3`, `pmid:<digits>`, `nct:<nct id>`, `pmcid:<pmcid>`, `doi:<doi>`,
 * `url:<host/path>`, `id:<evidence id>`.
 */
export interface EvidenceRefIndex {
  byKey: Map<string, string>;
}

function keysOf(e: Evidence): string[] {
  const c = e.citation;
  // This index is case-insensitive: every key lower-case, the identifier keys included.
  const keys = [`id:${e.id.toLowerCase()}`, ...identifierKeys(c).map((key) => key.toLowerCase())];
  for (const url of [c.url, recordUrl(c)]) if (url) keys.push(urlKey(url));
  return keys;
}

/**
 * Indexes records for {@link resolveEvidenceRef}. Keyed items (the blocks of a prompt) can also be found by
 * their citation key; plain records only by identifier. When two records share a lookup key, the first keeps it.
 */
export function indexEvidence(records: Array<KeyedEvidence | Evidence>): EvidenceRefIndex {
  const index: EvidenceRefIndex = { byKey: new Map() };
  for (const record of records) {
    const e = "evidence" in record ? record.evidence : record;
    const keys = "key" in record ? [`key:${record.key.toLowerCase()}`, ...keysOf(e)] : keysOf(e);
    for (const key of keys) if (!index.byKey.has(key)) index.byKey.set(key, e.id);
  }
  return index;
}

/** The lookup keys a free-form reference may stand for (lower-case), most specific first. */
function candidateKeys(raw: string): string[] {
  const ref = raw.trim().replace(/^[[(#\s]+|[\])\s.,;]+$/g, "").trim();
  const lower = ref.toLowerCase();
  if (!ref) return [];
  const keys = [`id:${lower}`];
  let m: RegExpMatchArray | null;
  if ((m = lower.match(/^(?:pmid\s*[:#]?\s*|pubmed\s*[:#]?\s*)?(\d{1,9})$/))) keys.push(`pmid:${m[1]}`);
  if ((m = lower.match(/(?:^|[^a-z])(nct\d{8})$/))) keys.push(`nct:${m[1]}`);
  if ((m = lower.match(/(?:^|[^a-z])(pmc\d+)$/))) keys.push(`pmcid:${m[1]}`);
  if ((m = lower.match(/^(?:doi\s*:\s*|https?:\/\/(?:dx\.)?doi\.org\/)?(10\.\d{4,9}\/\S+)$/))) keys.push(`doi:${m[1]}`);
  if (/^https?:\/\//.test(lower)) keys.push(urlKey(lower));
  return keys;
}

/**
 * Maps one reference written by a model to an evidence id, or null when it names nothing in the index.
 * Accepted forms: a citation key ("E3", "[E3]") of a keyed block, an evidence id ("pmid:9406968"),
 * "PMID 9406968", a bare PMID, an NCT ID, a PMCID, a DOI (bare, "doi:…" or doi.org URL), or a record URL.
 */
export function resolveEvidenceRef(index: EvidenceRefIndex, ref: string): string | null {
  const key = canonicalKey(ref);
  if (key) return index.byKey.get(`key:${key.toLowerCase()}`) ?? null;
  for (const key of candidateKeys(ref)) {
    const id = index.byKey.get(key);
    if (id) return id;
  }
  return null;
}
