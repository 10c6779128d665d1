import type { Evidence } from "@/lib/domain/evidence";
import { identifierKeys, recordUrl, urlKey } from "@/lib/evidence/identity";

/**
 * Every key a record can be referred to by: its id ("id:…"), its identifier keys ("pmid:…", "doi:…", "nct:…",
 * "pmcid:…", see lib/evidence/identity) and its URLs (urlKey), each mapped to its record (the first record wins a
 * shared key).
 */
export function evidenceLookup(evidence: Evidence[]): Map<string, Evidence> {
  const map = new Map<string, Evidence>();
  const put = (key: string, e: Evidence) => {
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
