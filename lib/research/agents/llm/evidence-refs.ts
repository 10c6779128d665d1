import type { Evidence } from "@/lib/domain/evidence";
import { identifierKeys, recordUrl, urlKey } from "@/lib/evidence/identity";
import type { NumberedEvidence } from "../../../ai/evidence-context";

/**
 * Lookup of the evidence a model may refer to: by block number (`n` of the prompt) and by identifier key.
 * Keys are lower-case: `pmid:<digits>`, `nct:<nct id>`, `pmcid:<pmcid>`, `doi:<doi>`, `url:<host/path>`, `id:<evidence id>`.
 */
export interface EvidenceRefIndex {
  byNumber: Map<number, string>;
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
 * Indexes records for {@link resolveEvidenceRef}. Numbered items (the blocks of a prompt) can also be found by
 * their number; plain records only by identifier. When two records share a key, the first keeps it.
 */
export function indexEvidence(records: Array<NumberedEvidence | Evidence>): EvidenceRefIndex {
  const index: EvidenceRefIndex = { byNumber: new Map(), byKey: new Map() };
  for (const record of records) {
    const e = "evidence" in record ? record.evidence : record;
    if ("n" in record) index.byNumber.set(record.n, e.id);
    for (const key of keysOf(e)) if (!index.byKey.has(key)) index.byKey.set(key, e.id);
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
 * Accepted forms: a block number ("3", "[3]") when the index has numbers, an evidence id ("pmid:9406968"),
 * "PMID 9406968", a bare PMID, an NCT ID, a PMCID, a DOI (bare, "doi:…" or doi.org URL), or a record URL.
 * A bare number is read as a block number first, then as a PMID.
 */
export function resolveEvidenceRef(index: EvidenceRefIndex, ref: string): string | null {
  const trimmed = ref.trim().replace(/^\[|\]$/g, "");
  if (/^\d+$/.test(trimmed)) {
    const byNumber = index.byNumber.get(Number(trimmed));
    if (byNumber) return byNumber;
  }
  for (const key of candidateKeys(ref)) {
    const id = index.byKey.get(key);
    if (id) return id;
  }
  return null;
}

/** Identifiers a model claimed for one cited record; null when it gave none of that kind. */
export interface ClaimedIdentifiers {
  evidenceId: string | null;
  pmid: string | null;
  doi: string | null;
  nctId: string | null;
  url: string | null;
}

/**
 * Matches a model's reference to one record by its identifiers (never by title or number), tolerating format
 * variants ("PMID: 123", a doi.org URL, a URL without its trailing slash). Every non-empty identifier must
 * resolve, and all to the same record — the rule of validateReportCitations, so a real PMID beside an invented
 * DOI does not match. Returns null when nothing was claimed, when a claim resolves to nothing, or on conflict.
 */
export function matchClaimedReference(index: EvidenceRefIndex, claim: ClaimedIdentifiers): string | null {
  const identifiersOnly: EvidenceRefIndex = { byNumber: new Map(), byKey: index.byKey };
  const found = new Set<string>();
  for (const value of [claim.evidenceId, claim.pmid, claim.nctId, claim.doi, claim.url]) {
    if (!value || !value.trim()) continue;
    const id = resolveEvidenceRef(identifiersOnly, value);
    if (id === null) return null;
    found.add(id);
  }
  return found.size === 1 ? [...found][0] : null;
}
