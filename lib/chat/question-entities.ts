import type { Evidence } from "@/lib/domain/evidence";
import { buildConceptIndex, type ConceptIndex } from "@/lib/research/agents/extractive/concepts";
import { findQuestionTerms } from "@/lib/research/agents/extractive/question-terms";

/**
 * The drug and the effect a run's question names, resolved against its evidence (the extractive report's own
 * reading, lib/research/agents/extractive/question-terms findQuestionTerms: MeSH-annotated forms, organ and stem
 * rules), and a test of which of them one sentence of a record names (its concept keys, so "Li" and "lithium
 * carbonate" count as lithium, "renal failure" as nephrotoxicity).
 * - `drug` / `effect`: the names as the report writes them, null when the question names none (an open question has
 *   no drug; a question whose drug no record mentions has none either).
 * - `names(record, sentence)`: `record` indexes the `evidence` given; `sentence` is one of its title or abstract
 *   sentences as lib/text/sentences splitSentences returns it (raw, before cleanSentence). Unknown sentences name
 *   nothing.
 */
export interface QuestionEntities {
  drug: string | null;
  effect: string | null;
  names(record: number, sentence: string): { drug: boolean; effect: boolean };
}

/** Reads the question's drug and effect over `evidence` (see {@link QuestionEntities}). Deterministic. */
export function questionEntities(question: string, evidence: Evidence[]): QuestionEntities {
  const index: ConceptIndex = buildConceptIndex(evidence);
  const terms = findQuestionTerms(question, index);
  const drugKeys = new Set(terms.drug?.keys ?? []);
  const effectKeys = new Set(terms.effect?.keys ?? []);
  return {
    drug: terms.drug?.name ?? null,
    effect: terms.effect?.name ?? null,
    names(record, sentence) {
      const view = index.records[record];
      const at = view ? view.sentences.indexOf(sentence) : -1;
      const keys = at >= 0 ? [...(view.sentenceConcepts[at]?.keys() ?? [])] : [];
      return { drug: keys.some((k) => drugKeys.has(k)), effect: keys.some((k) => effectKeys.has(k)) };
    },
  };
}
