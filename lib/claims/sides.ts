import type { ClaimSides, CounterCitation, DocumentScore, SideDocument } from "@/lib/domain/claim-check";
import { verifyPassage } from "@/lib/grounding/passages";
import type { PassageProposal } from "./backend";
import type { FoundDocument } from "./merge-found";
import { MAX_CITED_DOCUMENTS } from "./passages";

/** A document scored in line with the claim (stance "claim"), with its score. */
export interface SupportCandidate {
  document: FoundDocument;
  score: DocumentScore;
}

/**
 * The documents whose findings are in line with the claim (scored stance "claim"), in the merged order (more
 * strategies, then relevance), at most {@link MAX_CITED_DOCUMENTS}: those whose passages are proposed and shown.
 * @param scores one per document, in the order of `documents`.
 */
export function supportCandidates(documents: FoundDocument[], scores: DocumentScore[]): SupportCandidate[] {
  return documents
    .map((document, i) => ({ document, score: scores[i] }))
    .filter((c) => c.score?.stance === "claim")
    .slice(0, MAX_CITED_DOCUMENTS);
}

function sideDocument(
  d: FoundDocument,
  s: DocumentScore,
  passage: string,
  similarity: number,
  citation: number | null,
): SideDocument {
  const e = d.evidence;
  return {
    evidenceId: e.id,
    pmid: e.citation.pmid,
    title: e.citation.title,
    year: e.citation.year,
    url: e.citation.url,
    source: e.citation.source,
    foundBy: d.foundBy,
    score: s.score,
    rationale: s.rationale,
    relation: s.relation ?? null,
    passage,
    similarity,
    citation,
  };
}

/**
 * The documents on each side of a claim.
 * - contradicts: `count` = documents at or above the threshold; shown = the counter-report's citations (their
 *   passages were verified by lib/claims/passages.ts), in citation order.
 * - supports: null when `supportProposals` is null (the backend does not look for documents in line with the
 *   claim); else `count` = documents scored stance "claim", shown = the candidates whose first proposed passage is
 *   found in their abstract (exact, else similarity ≥ 0.95: lib/grounding/passages.ts), with the abstract's own
 *   wording. Candidates without a verified passage are counted, not shown.
 * @param scores one per document, in the order of `documents`; `threshold` the counter-score threshold.
 */
export function buildSides(
  documents: FoundDocument[],
  scores: DocumentScore[],
  citations: CounterCitation[],
  candidates: SupportCandidate[],
  supportProposals: PassageProposal[] | null,
  threshold: number,
): ClaimSides {
  const index = new Map(documents.map((d, i) => [d.evidence.id, i]));
  const contradicting = citations.flatMap((c) => {
    const i = index.get(c.evidenceId);
    return i === undefined ? [] : [sideDocument(documents[i], scores[i], c.passage, c.similarity, c.n)];
  });
  const contradicts = { count: scores.filter((s) => s.score >= threshold).length, documents: contradicting };
  if (supportProposals === null) return { contradicts, supports: null };
  const shown: SideDocument[] = [];
  for (const c of candidates) {
    const proposal = supportProposals.find((p) => p.evidenceId === c.document.evidence.id);
    if (!proposal) continue;
    const check = verifyPassage(proposal.passage, c.document.evidence.citation.abstract);
    if (!check.ok || !check.matched) continue;
    shown.push(sideDocument(c.document, c.score, check.matched, check.similarity, null));
  }
  return { contradicts, supports: { count: scores.filter((s) => s.stance === "claim").length, documents: shown } };
}
