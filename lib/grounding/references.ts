import { recordUrl } from "@/lib/evidence/identity";
import { journalIssueFields, type Evidence } from "@/lib/domain/evidence";
import type { Reference } from "@/lib/domain/report";

/**
 * The report reference of an evidence record, numbered `n`: every field is copied from the record's
 * citation (never from generated text); `url` is the citation's URL, else the canonical record URL.
 * @throws RangeError when n < 1 or not an integer.
 */
export function referenceFromEvidence(e: Evidence, n: number): Reference {
  if (!Number.isInteger(n) || n < 1) throw new RangeError("reference number must be an integer ≥ 1");
  const c = e.citation;
  return {
    n,
    evidenceId: e.id,
    source: c.source,
    title: c.title,
    authors: [...c.authors],
    journal: c.journal,
    year: c.year,
    ...journalIssueFields(c),
    pmid: c.pmid,
    doi: c.doi,
    ...(c.pmcid ? { pmcid: c.pmcid } : {}),
    nctId: c.nctId,
    url: c.url || recordUrl(c),
  };
}

/**
 * A reference with the journal issue fields and PMCID it lacks taken from its record (a report written before they
 * were kept); what the reference has is kept. The same reference when `e` is undefined.
 */
export function completeReference(ref: Reference, e: Evidence | undefined): Reference {
  if (!e) return ref;
  const c = e.citation;
  return {
    ...ref,
    ...journalIssueFields({
      volume: ref.volume ?? c.volume,
      issue: ref.issue ?? c.issue,
      pages: ref.pages ?? c.pages,
      journalAbbreviation: ref.journalAbbreviation ?? c.journalAbbreviation,
    }),
    ...((ref.pmcid ?? c.pmcid) ? { pmcid: ref.pmcid ?? c.pmcid } : {}),
  };
}

/**
 * Numbers references in order of first citation: `cite(evidence)` returns the record's number, adding it on
 * first use; `references()` returns them in number order.
 */
export function createReferenceList(): { cite(e: Evidence): number; references(): Reference[] } {
  const byId = new Map<string, Reference>();
  return {
    cite(e) {
      let ref = byId.get(e.id);
      if (!ref) {
        ref = referenceFromEvidence(e, byId.size + 1);
        byId.set(e.id, ref);
      }
      return ref.n;
    },
    references() {
      return [...byId.values()].sort((a, b) => a.n - b.n);
    },
  };
}
