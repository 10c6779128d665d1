import type { Evidence } from "@/lib/domain/evidence";
import type { EvidenceSummary } from "@/lib/domain/events";

/** What names a record to a reader: its id, source, title, journal, year, identifiers and URL. */
export type BibliographicFields = Pick<
  EvidenceSummary,
  "id" | "source" | "title" | "journal" | "year" | "pmid" | "doi" | "nctId" | "url"
>;

/** What names a record to a reader apart from its id: source, title, journal, year, identifiers and URL. */
export type CitationNaming = Omit<BibliographicFields, "id">;

/**
 * The citation fields that name a record, copied from a record's citation or anything that carries them (a claim
 * check's counter-citation): shared by the timeline's summaries, the report's records and the claim check's
 * references.
 */
export function citationNaming(c: CitationNaming): CitationNaming {
  return {
    source: c.source,
    title: c.title,
    journal: c.journal,
    year: c.year,
    pmid: c.pmid,
    doi: c.doi,
    nctId: c.nctId,
    url: c.url,
  };
}

/** The fields that name a record to a reader, shared by the timeline's summaries and the report's records. */
export function bibliographicFields(e: Evidence): BibliographicFields {
  return { id: e.id, ...citationNaming(e.citation) };
}

/** The compact view of a record carried by timeline events (no abstract). */
export function summarizeEvidence(e: Evidence): EvidenceSummary {
  return {
    ...bibliographicFields(e),
    publicationTypes: e.citation.publicationTypes,
    preprint: e.preprint,
    trialPhase: e.trial?.phases.length ? e.trial.phases.join("/") : null,
    trialStatus: e.trial?.overallStatus ?? null,
  };
}
