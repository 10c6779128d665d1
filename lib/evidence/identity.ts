import type { Citation } from "@/lib/domain/evidence";

/*
 * Evidence identity, in one place: the identifier keys of a record (PMID, NCT ID, PMCID, DOI), its stable key and
 * landing page, and the normalisation of URLs and DOIs that references are matched on. Keys are
 * `pmid:<PMID>`, `nct:<NCT ID upper-case>`, `pmcid:<PMCID upper-case>`, `doi:<DOI lower-case>`, `url:<host/path>`.
 */

/** The identifiers a record can be matched on across sources. */
export type EvidenceIdentifiers = Pick<Citation, "pmid" | "doi" | "pmcid" | "nctId">;

/**
 * The stable key of a record: `pmid:`, then `nct:`, `pmcid:`, `doi:` (lower-cased), in that order of preference.
 * @throws Error when the record carries none of the four identifiers.
 */
export function evidenceKey(ids: EvidenceIdentifiers): string {
  if (ids.pmid) return `pmid:${ids.pmid}`;
  if (ids.nctId) return `nct:${ids.nctId.toUpperCase()}`;
  if (ids.pmcid) return `pmcid:${ids.pmcid.toUpperCase()}`;
  if (ids.doi) return `doi:${ids.doi.toLowerCase()}`;
  throw new Error("record has no PMID, NCT ID, PMCID or DOI");
}

/** Every identifier key of a record (used to deduplicate across sources that know different identifiers). */
export function identifierKeys(ids: EvidenceIdentifiers): string[] {
  const keys: string[] = [];
  if (ids.pmid) keys.push(`pmid:${ids.pmid}`);
  if (ids.nctId) keys.push(`nct:${ids.nctId.toUpperCase()}`);
  if (ids.pmcid) keys.push(`pmcid:${ids.pmcid.toUpperCase()}`);
  if (ids.doi) keys.push(`doi:${ids.doi.toLowerCase()}`);
  return keys;
}

/** Canonical landing page of a record: PubMed, then the trial registry, then PMC, then the DOI resolver. */
export function recordUrl(ids: EvidenceIdentifiers): string {
  if (ids.pmid) return `https://pubmed.ncbi.nlm.nih.gov/${ids.pmid}/`;
  if (ids.nctId) return `https://clinicaltrials.gov/study/${ids.nctId}`;
  if (ids.pmcid) return `https://pmc.ncbi.nlm.nih.gov/articles/${ids.pmcid}/`;
  if (ids.doi) return `https://doi.org/${ids.doi}`;
  return "";
}

/** A URL without scheme, "www.", query, fragment and trailing slash, lower-cased: "pubmed.ncbi.nlm.nih.gov/123". */
export function normaliseUrl(url: string): string {
  return url
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, "")
    .replace(/^www\./, "")
    .replace(/[?#].*$/, "")
    .replace(/\/+$/, "");
}

/** The `url:` key of a URL (see {@link normaliseUrl}). */
export function urlKey(url: string): string {
  return `url:${normaliseUrl(url)}`;
}

/** A DOI as written in a reference, trimmed, lower-cased and without a doi.org prefix: "10.1000/xyz". */
export function normaliseDoi(doi: string): string {
  return doi
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\/(dx\.)?doi\.org\//, "");
}

/** Identifier keys a URL itself spells: PubMed PMID, DOI behind doi.org, NCT ID. */
export function urlIdentifierKeys(url: string): string[] {
  const keys: string[] = [];
  const pmid = /(?:pubmed\.ncbi\.nlm\.nih\.gov|ncbi\.nlm\.nih\.gov\/pubmed)\/(\d+)/i.exec(url);
  if (pmid) keys.push(`pmid:${pmid[1]}`);
  const doi = /doi\.org\/(10\.[^\s?#]+)/i.exec(url);
  if (doi) keys.push(`doi:${decodeURIComponent(doi[1]).toLowerCase()}`);
  const nct = /(NCT\d{8})/i.exec(url);
  if (nct) keys.push(`nct:${nct[1].toUpperCase()}`);
  return keys;
}

/*
 * Identifiers written by people or models: what a reference, a URL or a free-form mention names, as the keys above,
 * and the lookup from every key of a record to the record. Reports, the chat and the agents match on these.
 */

/**
 * Anything a record can be named by: id, PMID, DOI, NCT ID, URL (as a Reference or a model's free text carries them).
 */
export interface WrittenReference {
  evidenceId?: string | null;
  pmid?: string | null;
  doi?: string | null;
  nctId?: string | null;
  url?: string | null;
}

/**
 * Every key a record can be referred to by: its id (`id:<evidence id>`), its identifier keys ({@link identifierKeys})
 * and its URLs ({@link urlKey}: the record's own URL and its canonical landing page), each mapped to its record (the
 * first record wins a shared key).
 */
export function evidenceLookup<E extends { id: string; citation: Citation }>(evidence: E[]): Map<string, E> {
  const map = new Map<string, E>();
  const put = (key: string, e: E) => {
    if (!map.has(key)) map.set(key, e);
  };
  for (const e of evidence) {
    const c = e.citation;
    put(`id:${e.id}`, e);
    for (const key of identifierKeys(c)) put(key, e);
    for (const url of [c.url, recordUrl(c)]) if (url) put(urlKey(url), e);
  }
  return map;
}

/**
 * The lookup keys of a written reference, one per identifier it carries: `id:`, `pmid:`, `doi:`, `nct:`, and for a
 * URL the identifiers it spells ({@link urlIdentifierKeys}) or else its `url:` key. Empty for a reference without
 * identifiers. Every key must name the same record for the reference to be that record's (see validate-citations).
 */
export function referenceKeys(ref: WrittenReference): string[] {
  const keys: string[] = [];
  if (ref.evidenceId) keys.push(`id:${ref.evidenceId}`);
  if (ref.pmid) keys.push(`pmid:${ref.pmid.trim()}`);
  if (ref.doi) keys.push(`doi:${normaliseDoi(ref.doi)}`);
  if (ref.nctId) keys.push(`nct:${ref.nctId.trim().toUpperCase()}`);
  if (ref.url) {
    const fromUrl = urlIdentifierKeys(ref.url);
    keys.push(...(fromUrl.length > 0 ? fromUrl : [urlKey(ref.url)]));
  }
  return keys;
}

/**
 * The keys an identifier found in prose names: a URL the identifiers it spells (else its `url:` key), a DOI
 * ("10.…") its `doi:` key, "PMID 123" its `pmid:` key, an NCT ID its `nct:` key.
 */
export function writtenIdentifierKeys(identifier: string): string[] {
  if (/^(?:https?:\/\/|www\.)/i.test(identifier)) {
    const fromUrl = urlIdentifierKeys(identifier);
    return fromUrl.length > 0 ? fromUrl : [urlKey(identifier)];
  }
  if (/^10\./.test(identifier)) return [`doi:${normaliseDoi(identifier)}`];
  const pmid = /^PMID:?\s*(\d+)$/i.exec(identifier);
  if (pmid) return [`pmid:${pmid[1]}`];
  return [`nct:${identifier.toUpperCase()}`];
}

/**
 * The lookup keys a free-form reference written by a model may stand for, most specific first: the evidence id as
 * written ("pmid:9406968"), "PMID 9406968" or a bare PMID, an NCT ID, a PMCID, a DOI (bare, "doi:…" or a doi.org
 * URL), a record URL. Surrounding brackets, "#" and trailing punctuation are ignored. Empty for blank text.
 */
export function freeTextReferenceKeys(raw: string): string[] {
  const ref = raw
    .trim()
    .replace(/^[[(#\s]+|[\])\s.,;]+$/g, "")
    .trim();
  if (!ref) return [];
  const lower = ref.toLowerCase();
  const keys = [`id:${ref}`, `id:${lower}`];
  let m: RegExpMatchArray | null;
  if ((m = lower.match(/^(?:pmid\s*[:#]?\s*|pubmed\s*[:#]?\s*)?(\d{1,9})$/))) keys.push(`pmid:${m[1]}`);
  if ((m = lower.match(/(?:^|[^a-z])(nct\d{8})$/))) keys.push(`nct:${m[1].toUpperCase()}`);
  if ((m = lower.match(/(?:^|[^a-z])(pmc\d+)$/))) keys.push(`pmcid:${m[1].toUpperCase()}`);
  if ((m = lower.match(/^(?:doi\s*:\s*|https?:\/\/(?:dx\.)?doi\.org\/)?(10\.\d{4,9}\/\S+)$/))) keys.push(`doi:${m[1]}`);
  if (/^https?:\/\//.test(lower)) keys.push(...urlIdentifierKeys(ref), urlKey(lower));
  return [...new Set(keys)];
}

/*
 * Citation keys of the agents' prompts. A run's evidence list only grows (records are appended as searches find
 * them, lib/research/run.ts), so the record at position i keeps the key "E<i+1>" for the whole run, in every agent's
 * prompt and in the text agents pass to each other (PaperQA2-style keys; code turns them into [n] only when the
 * report is rendered). The sentences of a record's abstract are numbered too: "E3.2" is the second sentence of the
 * abstract of E3 (lib/evidence/prompt-context/excerpts abstractSentences), so a model names the sentence it rests on
 * and code looks the exact text up instead of trusting a copy.
 */

/** The citation key of the record at 0-based position `index` of a run's evidence: "E1", "E2", … */
export function citationKey(index: number): string {
  return `E${index + 1}`;
}

/** A citation key: "E" and a positive integer, case-insensitive ("e7" is read as E7). */
export const CITATION_KEY_PATTERN = /^E([1-9]\d*)$/i;

/** Evidence id → citation key for a run's evidence list (the first position of an id wins). */
export function citationKeys(evidence: Array<{ id: string }>): Map<string, string> {
  const keys = new Map<string, string>();
  evidence.forEach((e, i) => {
    if (!keys.has(e.id)) keys.set(e.id, citationKey(i));
  });
  return keys;
}

/** A key written by a model ("E7", "e7", "[E7]", "(E7)") in its canonical form "E7", or null when it is not a key. */
export function canonicalCitationKey(raw: string): string | null {
  const m = CITATION_KEY_PATTERN.exec(
    raw
      .trim()
      .replace(/^[[(]|[\])]$/g, "")
      .trim(),
  );
  return m ? `E${m[1]}` : null;
}

/** The sentence id of sentence `n` (1-based) of the record keyed `key`: "E3.2". */
export function sentenceId(key: string, n: number): string {
  return `${key}.${n}`;
}
