import { conceptById, conceptVocabularyVersion } from "@/lib/vocabularies";
import type { RelatedConcept } from "@/lib/domain/reading";
import { commonestName, idsFor, isDiseaseOfOrgan, type AnnotationIndex } from "./annotations";
import {
  chemicalConcept,
  conditionConcepts,
  matchChemical,
  matchCondition,
  organConcepts,
  type ReadConcept,
} from "./concepts";
import type { Proposition, ResolvedProposition } from "./proposition";

/**
 * Resolves a proposition (relation "causes" or "treats") against the records' annotations and the concept vocabulary:
 * the first chemical's IDs and the condition's ({@link resolveFor}). Null for a proposition without a chemical or a
 * condition (an open question is resolved per candidate, see resolveFor).
 */
export function resolveProposition(p: Proposition, index: AnnotationIndex): ResolvedProposition | null {
  if (p.relation === "other" || p.chemicals.length === 0) return null;
  return resolveFor(p, p.chemicals[0], index);
}

/** The concepts annotated IDs stand for when the vocabulary does not know the words written ("QT prolongation"). */
function annotatedConcepts(role: ReadConcept["role"], written: string, ids: string[]): ReadConcept[] {
  return ids.flatMap((id) => {
    const c = /^[CD]\d{6,9}$/.test(id) ? conceptById(id) : null;
    if (!c) return [];
    const kind: ReadConcept["kind"] = role === "condition" ? "disease" : "drug";
    return [{ role, written, id: c.id, name: c.name, kind, via: "annotation" as const }];
  });
}

/** The annotated IDs of one type, most annotated first (ties by ID). */
function annotated(index: AnnotationIndex, type: "chemical" | "disease"): string[] {
  const total = (id: string) => [...(index.namesById.get(id)?.values() ?? [])].reduce((a, b) => a + b, 0);
  return [...index.typeById]
    .filter(([, t]) => t === type)
    .map(([id]) => id)
    .sort((a, b) => total(b) - total(a) || a.localeCompare(b));
}

/**
 * {@link resolveProposition} for a given chemical name (the proposition's own, or a candidate of an open question).
 * - The chemical: its concept (a drug, or a class whose members count: "statins" → D019161, not the simvastatin
 *   some record annotated "statins" with) and every annotated chemical that is the same or narrower (a member, a
 *   descendant), with the annotations of its name ({@link idsFor}: "lithium carbonate" for lithium). An annotated
 *   class the drug belongs to is related.
 * - The condition: for an organ, every annotated disease below the organ's MeSH headings or named as one of its
 *   diseases ({@link isDiseaseOfOrgan}); else each condition's concepts (the vocabulary's, else those its
 *   annotations stand for) and every annotated disease that is the same or narrower, with the annotations of its
 *   name. Annotated diseases that are broader or cousins under a shared parent are related: shown, never counted.
 */
export function resolveFor(p: Proposition, chemical: string, index: AnnotationIndex): ResolvedProposition | null {
  if (p.relation === "other" || (p.conditions.length === 0 && !p.organ)) return null;
  const chemicalIdsByName = idsFor(chemical, "chemical", index);
  const drug = chemicalConcept(chemical, chemicalIdsByName);
  const drugs = drug ? [drug] : annotatedConcepts("chemical", chemical, chemicalIdsByName);
  const chemicalIds = new Set([...chemicalIdsByName, ...drugs.map((d) => d.id)]);
  const related: RelatedConcept[] = [];
  for (const id of annotated(index, "chemical")) {
    const m = drugs.length > 0 ? matchChemical(id, drugs[0]) : null;
    if (!m) continue;
    if (m.kind === "exact" || m.kind === "narrower") chemicalIds.add(id);
    else
      related.push({
        role: "chemical",
        id,
        name: commonestName(index, id),
        kind: m.kind as "broader" | "related",
        via: m.via,
      });
  }
  // A condition's annotations by name; a name no record annotates stands for itself only when no concept does.
  const conditions = p.organ
    ? organConcepts(p.organ)
    : p.conditions.flatMap((c) => {
        const found = conditionConcepts(c);
        return found.length > 0 ? found : annotatedConcepts("condition", c, idsFor(c, "disease", index));
      });
  const byName = p.organ
    ? []
    : [
        ...new Set(
          p.conditions.flatMap((c) =>
            idsFor(c, "disease", index).filter((id) => index.typeById.has(id) || conditions.length === 0),
          ),
        ),
      ];
  const diseaseIds = new Set([...byName, ...conditions.filter((c) => c.kind !== "organ").map((c) => c.id)]);
  for (const id of annotated(index, "disease")) {
    if (chemicalIds.has(id)) continue;
    if (p.organ && isDiseaseOfOrgan(index, id, p.organ)) {
      diseaseIds.add(id);
      continue;
    }
    const m = matchCondition(id, conditions);
    if (!m) continue;
    if (m.kind === "exact" || m.kind === "narrower") diseaseIds.add(id);
    else if (!diseaseIds.has(id))
      related.push({
        role: "condition",
        id,
        name: commonestName(index, id),
        kind: m.kind as "broader" | "related",
        via: m.via,
      });
  }
  const direct = [...diseaseIds].filter((id) => !chemicalIds.has(id));
  const nameOf = (id: string) =>
    index.namesById.has(id) ? commonestName(index, id) : (conditions.find((c) => c.id === id)?.written ?? id);
  return {
    chemical,
    target: p.organ ? p.organ.name : p.conditions.join(" or "),
    organ: p.organ?.name ?? null,
    relation: p.relation,
    negated: p.negated,
    form: p.form,
    chemicalIds: [...chemicalIds].sort(),
    diseaseIds: direct,
    diseases: direct.map(nameOf),
    concepts: [...drugs, ...conditions],
    related,
    vocabulary: conceptVocabularyVersion(),
  };
}
