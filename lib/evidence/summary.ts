import type { Evidence } from "@/lib/domain/evidence";
import type { EvidenceSummary } from "@/lib/domain/events";

/** What names a record to a reader: its id, source, title, journal, year, identifiers and URL. */
export type BibliographicFields = Pick<
  EvidenceSummary,
  "id" | "source" | "title" | "journal" | "year" | "pmid" | "doi" | "nctId" | "url"
>;

/** The fields that name a record to a reader, shared by the timeline's summaries and the report's records. */
export function bibliographicFields(e: Evidence): BibliographicFields {
  const c = e.citation;
  return {
    id: e.id,
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
