import type { Evidence } from "@/lib/domain/evidence";
import { isOrganDisease } from "@/lib/vocabularies/organs";
import type { Proposition, ResolvedProposition } from "./proposition";

/** The annotated names of a set of records by annotation ID, and the IDs of each lower-cased name. */
export interface AnnotationIndex {
  namesById: Map<string, Map<string, number>>;
  /** How each lower-cased name was first written ("DCM" for "dcm"). */
  written: Map<string, string>;
  idsByName: Map<string, Set<string>>;
  typeById: Map<string, "chemical" | "disease">;
}

/** The IDs of an annotation: its MeSH ID(s) ("D1|D2" gives both), else its lower-cased name. */
export function annotationIds(e: { name: string; meshId: string | null }): string[] {
  return (e.meshId ?? e.name.toLowerCase().trim()).split("|").filter(Boolean);
}

/** The index of the chemical and disease annotations of `records`: names (lower-cased, with record counts) per ID. */
export function annotationIndex(records: Evidence[]): AnnotationIndex {
  const index: AnnotationIndex = { namesById: new Map(), written: new Map(), idsByName: new Map(), typeById: new Map() };
  for (const d of records) {
    for (const e of d.entities) {
      if (e.type === "gene") continue;
      const name = e.name.toLowerCase().trim();
      if (name.length < 2) continue;
      if (!index.written.has(name)) index.written.set(name, e.name.trim());
      for (const id of annotationIds(e)) {
        const names = index.namesById.get(id) ?? index.namesById.set(id, new Map()).get(id)!;
        names.set(name, (names.get(name) ?? 0) + 1);
        (index.idsByName.get(name) ?? index.idsByName.set(name, new Set()).get(name)!).add(id);
        index.typeById.set(id, e.type);
      }
    }
  }
  return index;
}

/**
 * IDs a written name stands for: annotations of that name (also singular/plural); for a chemical also the
 * chemicals annotated with a name that starts with it as a word ("lithium carbonate", "lithium chloride" for
 * lithium: the same active moiety); else the lower-cased name itself.
 */
export function idsFor(text: string, type: "chemical" | "disease", index: AnnotationIndex): string[] {
  const name = text.toLowerCase().trim();
  const variants = [name, name.replace(/s$/, ""), `${name}s`, name.replace(/ies$/, "y"), name.replace(/y$/, "ies")];
  const ids = new Set(variants.flatMap((v) => [...(index.idsByName.get(v) ?? [])]).filter((id) => index.typeById.get(id) === type));
  if (type === "chemical" && name.length >= 4) {
    for (const [other, otherIds] of index.idsByName) {
      if (!other.startsWith(`${name} `)) continue;
      for (const id of otherIds) if (index.typeById.get(id) === "chemical") ids.add(id);
    }
  }
  return ids.size > 0 ? [...ids].sort() : [name];
}

/** The most annotated name of an ID (ties: alphabetical), else `fallback`. */
export function commonestName(index: AnnotationIndex, id: string): string {
  const names = index.namesById.get(id);
  if (!names) return id;
  const name = [...names.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0][0];
  return index.written.get(name) ?? name;
}

/**
 * Resolves a proposition (relation "causes" or "treats") against the records' annotations: the first chemical's
 * IDs ({@link idsFor}), and the condition's — for an organ, every annotated disease with a name of that organ
 * (lib/vocabularies/organs.ts isOrganDisease: "myocardial infarction", "arrhythmias" … for the heart), most
 * annotated first; else the annotations of each condition named. Null for a proposition without a chemical or a
 * condition (an open question is resolved per candidate, see resolveFor). A disease counts for an organ when its most
 * annotated name is a disease of the organ: "death", once annotated as "sudden cardiac death", is not a heart disease.
 */
export function resolveProposition(p: Proposition, index: AnnotationIndex): ResolvedProposition | null {
  if (p.relation === "other" || p.chemicals.length === 0) return null;
  return resolveFor(p, p.chemicals[0], index);
}

/** {@link resolveProposition} for a given chemical name (the proposition's own, or a candidate of an open question). */
export function resolveFor(p: Proposition, chemical: string, index: AnnotationIndex): ResolvedProposition | null {
  if (p.relation === "other" || (p.conditions.length === 0 && !p.organ)) return null;
  const chemicalIds = idsFor(chemical, "chemical", index);
  let diseaseIds: string[];
  if (p.organ) {
    const organ = p.organ;
    const total = (id: string) => [...(index.namesById.get(id)?.values() ?? [])].reduce((a, b) => a + b, 0);
    diseaseIds = [...index.namesById.entries()]
      .filter(([id]) => index.typeById.get(id) === "disease" && isOrganDisease(commonestName(index, id), organ))
      .map(([id]) => id)
      .sort((a, b) => total(b) - total(a) || a.localeCompare(b));
  } else {
    diseaseIds = [...new Set(p.conditions.flatMap((c) => idsFor(c, "disease", index)))];
  }
  const chemicals = new Set(chemicalIds);
  return {
    chemical,
    target: p.organ ? p.organ.name : p.conditions.join(" or "),
    organ: p.organ?.name ?? null,
    relation: p.relation,
    negated: p.negated,
    form: p.form,
    chemicalIds,
    diseaseIds: diseaseIds.filter((id) => !chemicals.has(id)),
    diseases: diseaseIds.filter((id) => !chemicals.has(id)).map((id) => commonestName(index, id)),
  };
}
