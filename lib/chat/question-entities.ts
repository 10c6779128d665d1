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
 *   sentences as lib/text/sentences splitSentences returns it (raw, before quotableText cleans it). Unknown sentences
 * name
 *   nothing.
 * - `nearestChemicalIsDrug(record, sentence, at)`: whether the chemical mentioned closest to character `at` of the
 *   sentence (by distance between the mention and `at`) is the question's drug: a dose at `at` is then the drug's
 *   ("zuclopenthixol (100 mg/day) and lithium (1200 mg/day)" gives lithium 1200 mg/day, not 100 mg/day).
 */
export interface QuestionEntities {
  drug: string | null;
  effect: string | null;
  names(record: number, sentence: string): { drug: boolean; effect: boolean };
  nearestChemicalIsDrug(record: number, sentence: string, at: number): boolean;
}

/** Reads the question's drug and effect over `evidence` (see {@link QuestionEntities}). Deterministic. */
export function questionEntities(question: string, evidence: Evidence[]): QuestionEntities {
  const index: ConceptIndex = buildConceptIndex(evidence);
  const terms = findQuestionTerms(question, index);
  const drugKeys = new Set(terms.drug?.keys ?? []);
  const effectKeys = new Set(terms.effect?.keys ?? []);
  const concepts = (record: number, sentence: string): Map<string, string[]> => {
    const view = index.records[record];
    const at = view ? view.sentences.indexOf(sentence) : -1;
    return (at >= 0 ? view.sentenceConcepts[at] : undefined) ?? new Map();
  };
  return {
    drug: terms.drug?.name ?? null,
    effect: terms.effect?.name ?? null,
    names(record, sentence) {
      const keys = [...concepts(record, sentence).keys()];
      return { drug: keys.some((k) => drugKeys.has(k)), effect: keys.some((k) => effectKeys.has(k)) };
    },
    nearestChemicalIsDrug(record, sentence, at) {
      let best: { distance: number; drug: boolean } | null = null;
      for (const [key, forms] of concepts(record, sentence)) {
        if (!drugKeys.has(key) && index.concepts.get(key)?.kind !== "chemical") continue;
        for (const form of new Set(forms)) {
          for (let i = sentence.indexOf(form); i >= 0; i = sentence.indexOf(form, i + 1)) {
            const distance = i + form.length <= at ? at - (i + form.length) : Math.max(0, i - at);
            if (!best || distance < best.distance) best = { distance, drug: drugKeys.has(key) };
          }
        }
      }
      return best?.drug ?? false;
    },
  };
}
