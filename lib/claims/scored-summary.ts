import type { DocumentScore, ScoredDocumentSummary } from "@/lib/domain/claim-check";
import type { FoundDocument } from "./merge-found";

/** The scored documents for the timeline (the claim-scored event), best score first (ties keep the merged order). */
export function summarizeScored(documents: FoundDocument[], scores: DocumentScore[]): ScoredDocumentSummary[] {
  return documents
    .map((d, i) => ({ d, s: scores[i], i }))
    .sort((a, b) => b.s.score - a.s.score || a.i - b.i)
    .map(({ d, s }) => ({
      evidenceId: d.evidence.id,
      pmid: d.evidence.citation.pmid,
      title: d.evidence.citation.title,
      year: d.evidence.citation.year,
      url: d.evidence.citation.url,
      source: d.evidence.citation.source,
      foundBy: d.foundBy,
      score: s.score,
      stance: s.stance,
      rationale: s.rationale,
    }));
}
