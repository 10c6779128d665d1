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
  return doi.trim().toLowerCase().replace(/^https?:\/\/(dx\.)?doi\.org\//, "");
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
