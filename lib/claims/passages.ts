import {
  COUNTER_SCORE_THRESHOLD,
  type CounterCitation,
  type DocumentScore,
  type DroppedPassage,
} from "@/lib/domain/claim-check";
import { verifyPassage } from "@/lib/grounding/passages";
import type { PassageProposal } from "./backend";
import type { FoundDocument } from "./merge-found";

/**
 * Most documents cited per claim. Source: our budget — a 200–300 word report cannot discuss more than about ten
 * findings (PaperChecker's example reports cite 2–10).
 */
export const MAX_CITED_DOCUMENTS = 10;

/** A document that may be cited: found, scored at or above the threshold. */
export interface CitationCandidate {
  document: FoundDocument;
  score: number;
}

/**
 * The documents whose score reaches {@link COUNTER_SCORE_THRESHOLD}, best score first (ties keep the merged
 * order: more strategies, then relevance), at most {@link MAX_CITED_DOCUMENTS}.
 * @param scores one per document, in the order of `documents`.
 */
export function citationCandidates(documents: FoundDocument[], scores: DocumentScore[]): CitationCandidate[] {
  return documents
    .map((document, i) => ({ document, score: scores[i]?.score ?? 0, i }))
    .filter((c) => c.score >= COUNTER_SCORE_THRESHOLD)
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, MAX_CITED_DOCUMENTS)
    .map(({ document, score }) => ({ document, score }));
}

/**
 * Keeps the proposed passages that are found in their document's abstract (exact, else similarity ≥ 0.95 over a
 * sliding window: lib/grounding/passages.ts) and numbers them as citations [1]…[n] in candidate order, one per
 * document (its first verified passage). The citation's passage is the abstract's own wording of the match.
 * Every other proposal is dropped: not found in the abstract, for a document that is not a candidate, or a second
 * passage for an already cited document (the last is not reported as dropped).
 */
export function verifyPassages(
  candidates: CitationCandidate[],
  proposals: PassageProposal[],
): { citations: CounterCitation[]; dropped: DroppedPassage[] } {
  const citations: CounterCitation[] = [];
  const dropped: DroppedPassage[] = [];
  const byId = new Map(candidates.map((c) => [c.document.evidence.id, c]));
  const verified = new Map<string, { passage: string; similarity: number }>();
  for (const p of proposals) {
    const candidate = byId.get(p.evidenceId);
    if (!candidate) {
      dropped.push({ evidenceId: p.evidenceId, passage: p.passage, similarity: 0 });
      continue;
    }
    if (verified.has(p.evidenceId)) continue;
    const check = verifyPassage(p.passage, candidate.document.evidence.citation.abstract);
    if (!check.ok || !check.matched) {
      dropped.push({ evidenceId: p.evidenceId, passage: p.passage, similarity: check.similarity });
      continue;
    }
    verified.set(p.evidenceId, { passage: check.matched, similarity: check.similarity });
  }
  for (const c of candidates) {
    const v = verified.get(c.document.evidence.id);
    if (!v) continue;
    const e = c.document.evidence;
    citations.push({
      n: citations.length + 1,
      evidenceId: e.id,
      pmid: e.citation.pmid,
      doi: e.citation.doi,
      nctId: e.citation.nctId,
      title: e.citation.title,
      journal: e.citation.journal,
      year: e.citation.year,
      url: e.citation.url,
      source: e.citation.source,
      passage: v.passage,
      similarity: v.similarity,
      score: c.score,
      foundBy: c.document.foundBy,
    });
  }
  return { citations, dropped };
}
