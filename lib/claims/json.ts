import type { RunDetail } from "@/lib/runs/projections";
import type { ClaimCheckResult } from "@/lib/domain/claim-check";
import type { RunEvent } from "@/lib/domain/events";
import { excludedForProvenance } from "@/lib/evidence/provenance";
import { claimCheckFlows } from "@/lib/report/appraise/flow-diagram";

/** The claim results saved in a run's events, in claim order (claims that did not finish are absent). */
export function claimResultsFromEvents(events: RunEvent[]): ClaimCheckResult[] {
  return events
    .flatMap((e) => (e.type === "claim-verdict" ? [e.data] : []))
    .sort((a, b) => a.claim - b.claim)
    .map((d) => d.result);
}

/**
 * The `--json` contract of a claim check (scripts read it: fields may be added but not renamed):
 * `{ runId, status, claims: [{ claim, counterStatement, verdict, confidence, rationale, counterReport,
 * citations: [{ pmid, passage, score, foundBy }], searchStats }] }`. Added: the run's `text`, `backend`, `model`,
 * `sources`, `error` and `shortfalls`; per claim its `keywords`, `claimSupportingDocuments` and generation
 * `metadata`; per citation `n`, `evidenceId`, `doi`, `nctId`, `title`, `journal`, `year`, `url`, `source`,
 * `similarity`.
 * Added when claims were read for their polarity: per claim `reading` (the claim read as chemical, disease or
 * organ, relation and negation, with the annotation IDs it stands for; null for other claim shapes) and `sides` (the
 * documents on each side: `{ contradicts: { count, documents }, supports: { count, documents } | null }`, each
 * document with its verified `passage` and the `relation` the model read in it; `supports` null when the scorer does
 * not look for such documents — the LLM scorer; `sides` null for checks saved before then).
 * `excludedForProvenance` (`{ count, records }`, see runToJson): found records never scored or cited (retracted);
 * `prisma`, the PRISMA 2020 flow of each claim (see claimCheckFlows).
 */
export function claimCheckToJson(detail: RunDetail) {
  return {
    runId: detail.run.id,
    status: detail.run.status,
    text: detail.run.question,
    backend: detail.run.backend,
    model: detail.run.model,
    sources: detail.run.sources,
    error: detail.run.error,
    claims: claimResultsFromEvents(detail.events).map((c) => ({
      claim: c.claim,
      counterStatement: c.counterStatement,
      keywords: c.keywords,
      verdict: c.verdict,
      confidence: c.confidence,
      rationale: c.rationale,
      counterReport: c.counterReport,
      citations: c.citations.map((x) => ({
        n: x.n,
        pmid: x.pmid,
        passage: x.passage,
        score: x.score,
        foundBy: x.foundBy,
        evidenceId: x.evidenceId,
        doi: x.doi,
        nctId: x.nctId,
        title: x.title,
        journal: x.journal,
        year: x.year,
        url: x.url,
        source: x.source,
        similarity: x.similarity,
      })),
      searchStats: c.searchStats,
      claimSupportingDocuments: c.claimSupportingDocuments,
      reading: c.reading ?? null,
      sides: c.sides ?? null,
      metadata: c.metadata,
    })),
    excludedForProvenance: excludedForProvenance(detail.evidence),
    shortfalls: detail.shortfalls,
    prisma: claimCheckFlows(detail.events),
  };
}
