import { recordUrl, type Evidence } from "@/lib/domain/evidence";

/** URL without scheme, "www.", query, fragment and trailing slash, lower-cased: "pubmed.ncbi.nlm.nih.gov/123". */
export function normalizeUrl(url: string): string {
  return url.trim().toLowerCase().replace(/^[a-z]+:\/\//, "").replace(/^www\./, "").replace(/[?#].*$/, "").replace(/\/+$/, "");
}

/** Identifiers a URL itself spells: PubMed PMID, DOI behind doi.org, NCT ID (as evidence keys "pmid:…", "doi:…", "nct:…"). */
export function idsFromUrl(url: string): string[] {
  const keys: string[] = [];
  const pmid = /(?:pubmed\.ncbi\.nlm\.nih\.gov|ncbi\.nlm\.nih\.gov\/pubmed)\/(\d+)/i.exec(url);
  if (pmid) keys.push(`pmid:${pmid[1]}`);
  const doi = /doi\.org\/(10\.[^\s?#]+)/i.exec(url);
  if (doi) keys.push(`doi:${decodeURIComponent(doi[1]).toLowerCase()}`);
  const nct = /(NCT\d{8})/i.exec(url);
  if (nct) keys.push(`nct:${nct[1].toUpperCase()}`);
  return keys;
}

/**
 * Every way the evidence can be named, as keys "id:", "pmid:", "doi:" (lower-cased), "nct:", "pmcid:" (upper-cased)
 * and "url:" (normalizeUrl), each mapped to its record (the first record wins a shared key).
 */
export function evidenceLookup(evidence: Evidence[]): Map<string, Evidence> {
  const map = new Map<string, Evidence>();
  const put = (key: string, e: Evidence) => {
    if (!map.has(key)) map.set(key, e);
  };
  for (const e of evidence) {
    const c = e.citation;
    put(`id:${e.id}`, e);
    if (c.pmid) put(`pmid:${c.pmid}`, e);
    if (c.doi) put(`doi:${c.doi.toLowerCase()}`, e);
    if (c.nctId) put(`nct:${c.nctId.toUpperCase()}`, e);
    if (c.pmcid) put(`pmcid:${c.pmcid.toUpperCase()}`, e);
    for (const url of [c.url, recordUrl(c)]) if (url) put(`url:${normalizeUrl(url)}`, e);
  }
  return map;
}
