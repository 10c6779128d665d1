import type { HypothesisSet, MechanismHypothesis } from "@/lib/domain/hypothesis";
import { recogniseGene, recogniseProcess, vocabulariesAvailable } from "@/lib/vocabularies";

/**
 * The phrases tried for a target, in order: the whole phrase, its parts around "/", parentheses and commas
 * ("hERG (KCNH2)", "IKr/hERG"), then its first word when that is symbol-like ("hERG potassium channel" → "hERG").
 */
function targetPhrases(target: string): string[] {
  const parts = target
    .split(/[/(),]/)
    .map((p) => p.trim())
    .filter(Boolean);
  const first = target.trim().split(/\s+/)[0];
  const symbolLike = /[A-Z0-9]/.test(first.slice(1)) ? [first] : [];
  return [...new Set([target, ...parts, ...symbolLike])];
}

/**
 * Normalises one hypothesis' chain nodes, for every backend, so chains of both backends name the same genes and
 * processes:
 * - target → NCBI Gene: `targetGeneId` / `targetSymbol` from recogniseGene (NCBI Gene symbols, aliases and names,
 *   human, built by `npm run vocab:build`) of the phrase or its parts (targetPhrases); null when it matches no gene
 *   or protein, so the UI shows it as "unrecognised" rather than silently accepting it;
 * - pathway → GO biological process: `pathwayGoId` from recogniseProcess, null when it matches none.
 * Ids a backend already set (the extractive backend types its nodes itself) are kept. When the vocabularies are
 * not built, nothing can be checked and the hypothesis is returned unchanged (ids stay absent: "unknown").
 * Pure; the drug and effect MeSH IDs are left as given (no MeSH vocabulary is available here).
 */
export function normaliseHypothesis(h: MechanismHypothesis): MechanismHypothesis {
  if (!vocabulariesAvailable()) return h;
  const out: MechanismHypothesis = { ...h };
  if (out.targetGeneId === undefined) {
    const gene =
      targetPhrases(h.target)
        .map(recogniseGene)
        .find((g) => g !== null) ?? null;
    out.targetGeneId = gene?.entrezId ?? null;
    out.targetSymbol = gene?.symbol ?? null;
  }
  if (out.pathwayGoId === undefined) out.pathwayGoId = recogniseProcess(h.pathway)?.goId ?? null;
  return out;
}

/**
 * A hypothesis assessment with every hypothesis normalised ({@link normaliseHypothesis}); the primary hypothesis
 * stays the same object as its entry in `hypotheses` when it was one of them.
 */
export function normaliseAssessment(assessment: HypothesisSet): HypothesisSet {
  const hypotheses = assessment.hypotheses.map(normaliseHypothesis);
  const at = assessment.primaryHypothesis ? assessment.hypotheses.indexOf(assessment.primaryHypothesis) : -1;
  const primary =
    at >= 0 ? hypotheses[at] : assessment.primaryHypothesis ? normaliseHypothesis(assessment.primaryHypothesis) : null;
  return { ...assessment, hypotheses, primaryHypothesis: primary };
}
