import type { Evidence } from "@/lib/domain/evidence";
import type { EvidenceSummary } from "@/lib/domain/events";

/** The compact view of a record carried by timeline events (no abstract). */
export function summarizeEvidence(e: Evidence): EvidenceSummary {
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
    publicationTypes: c.publicationTypes,
    preprint: e.preprint,
    trialPhase: e.trial?.phases.length ? e.trial.phases.join("/") : null,
    trialStatus: e.trial?.overallStatus ?? null,
  };
}
