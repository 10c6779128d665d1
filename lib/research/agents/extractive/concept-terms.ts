import { annotationIndex } from "@/lib/reading/annotations";
import type { ReadConcept } from "@/lib/reading/concepts";
import { questionProposition, type ResolvedProposition } from "@/lib/reading/proposition";
import { resolveProposition } from "@/lib/reading/resolve";
import type { Dictionary } from "@/lib/text/dictionary-tagger";
import type { QuestionEntity } from "@/lib/reading/question";
import type { ConceptIndex } from "./concepts";

/** The concept-index keys that stand for a drug or a condition of the question, and how the question wrote it. */
export interface ConceptKeys {
  keys: string[];
  name: string;
  concepts: ReadConcept[];
}

/**
 * The drug and the condition of a question read as concepts (lib/reading: MeSH classes with their members, diseases
 * with their narrower concepts, organs with their subtrees), as keys of the evidence's concept index; `related` the
 * keys of annotated conditions that answer only indirectly (broader, or cousins under a shared parent), with their
 * names. Null parts when the reading finds none in the evidence.
 */
export interface ConceptTerms {
  drug: ConceptKeys | null;
  effect: ConceptKeys | null;
  related: { keys: string[]; names: string[]; via: string[] } | null;
  resolved: ResolvedProposition | null;
}

/**
 * The index keys whose annotation IDs (a composite "D1|D2" counts each part; names as "<type>:<name>") are in `ids`.
 */
function keysOf(index: ConceptIndex, ids: Iterable<string>, type: "chemical" | "disease"): string[] {
  const wanted = new Set(ids);
  const out: string[] = [];
  for (const c of index.concepts.values()) {
    if (c.kind !== type) continue;
    const parts = c.key.startsWith(`${type}:`) ? [c.key.slice(type.length + 1)] : c.key.split("|");
    if (parts.some((p) => wanted.has(p))) out.push(c.key);
  }
  return out.sort();
}

/**
 * The question's concepts over the evidence of a concept index (see {@link ConceptTerms}); the proposition is the
 * one every mode reads (lib/reading questionProposition with the evidence's names as dictionary).
 */
export function conceptTerms(
  question: string,
  index: ConceptIndex,
  dictionary: Dictionary<QuestionEntity>,
): ConceptTerms {
  const proposition = questionProposition(question, dictionary);
  const evidence = index.records.map((r) => r.evidence);
  const resolved =
    proposition.kind === "named-drug"
      ? resolveProposition(proposition, annotationIndex(evidence))
      : proposition.relation === "other"
        ? null
        : resolveProposition({ ...proposition, chemicals: ["any drug"] }, annotationIndex(evidence));
  if (!resolved) return { drug: null, effect: null, related: null, resolved };
  const concepts = resolved.concepts ?? [];
  const drugKeys = proposition.kind === "named-drug" ? keysOf(index, resolved.chemicalIds, "chemical") : [];
  const effectKeys = keysOf(index, resolved.diseaseIds, "disease");
  const related = (resolved.related ?? []).filter((r) => r.role === "condition");
  const relatedKeys = keysOf(
    index,
    related.map((r) => r.id),
    "disease",
  );
  return {
    drug:
      drugKeys.length > 0
        ? { keys: drugKeys, name: resolved.chemical, concepts: concepts.filter((c) => c.role === "chemical") }
        : null,
    effect:
      effectKeys.length > 0
        ? {
            keys: effectKeys,
            name: resolved.organ ? `${resolved.organ} toxicity` : resolved.target,
            concepts: concepts.filter((c) => c.role === "condition"),
          }
        : null,
    related:
      relatedKeys.length > 0
        ? {
            keys: relatedKeys,
            names: [...new Set(related.map((r) => r.name))],
            via: [...new Set(related.flatMap((r) => (r.via ? [r.via] : [])))],
          }
        : null,
    resolved,
  };
}
