import type { Evidence } from "@/lib/domain/evidence";
import { isOrganDisease, type Organ } from "@/lib/vocabularies/organs";

/** The annotated names of a set of records by annotation ID, and the IDs of each lower-cased name. */
export interface AnnotationIndex {
  namesById: Map<string, Map<string, number>>;
  /** How each lower-cased name was first written ("DCM" for "dcm"). */
  written: Map<string, string>;
  idsByName: Map<string, Set<string>>;
  typeById: Map<string, "chemical" | "disease">;
  /**
   * Long forms the records define for abbreviated disease names ("neuroleptic malignant syndrome" for "NMS" in
   * "… neuroleptic malignant syndrome (NMS) …"), lower-cased, with record counts, by disease ID. A record keeps one
   * name per annotation, often the short one, which names no organ.
   */
  longFormsById: Map<string, Map<string, number>>;
}

/** The IDs of an annotation: its MeSH ID(s) ("D1|D2" gives both), else its lower-cased name. */
export function annotationIds(e: { name: string; meshId: string | null }): string[] {
  return (e.meshId ?? e.name.toLowerCase().trim()).split("|").filter(Boolean);
}

/**
 * Whether a name, as written, abbreviates a concept ("TdP", "ALF", "METH", "5-HT", "Li"): one word of at most 6
 * letters, digits or hyphens with at least 2 capitals, or of at most 3 with one. "death" or "Fever" are words.
 */
export function isAbbreviation(written: string): boolean {
  const name = written.trim();
  if (!/^[\p{L}\p{N}-]{1,6}$/u.test(name)) return false;
  const capitals = name.replace(/[^\p{Lu}]/gu, "").length;
  return capitals >= 2 || (capitals === 1 && name.length <= 3);
}

/**
 * The long form a text defines for an abbreviation written in brackets after it ("neuroleptic malignant syndrome
 * (NMS)"): the words before the bracket back to the nearest one that starts with the abbreviation's first letter,
 * at most the abbreviation's length + 2 words. Source: the rule of Schwartz & Hearst 2003 (Pac Symp Biocomput 8:451),
 * reduced to its first-letter check. Null when the text defines none.
 */
export function longFormOf(text: string, abbreviation: string): string | null {
  const at = text.toLowerCase().indexOf(`(${abbreviation.toLowerCase()})`);
  if (at < 0) return null;
  const words = text
    .slice(0, at)
    .trim()
    .split(/\s+/)
    .slice(-(abbreviation.length + 2));
  const first = abbreviation[0].toLowerCase();
  for (let i = words.length - 1; i >= 0; i--)
    if (words[i].toLowerCase().startsWith(first)) return words.slice(i).join(" ").toLowerCase();
  return null;
}

/**
 * The index of the chemical and disease annotations of `records`: names (lower-cased, with record counts) per ID, and
 * the long forms the records define for abbreviated disease names ({@link longFormOf}).
 */
export function annotationIndex(records: Evidence[]): AnnotationIndex {
  const index: AnnotationIndex = {
    namesById: new Map(),
    written: new Map(),
    idsByName: new Map(),
    typeById: new Map(),
    longFormsById: new Map(),
  };
  const count = (table: Map<string, Map<string, number>>, id: string, name: string) => {
    const names = table.get(id) ?? table.set(id, new Map()).get(id)!;
    names.set(name, (names.get(name) ?? 0) + 1);
  };
  for (const d of records) {
    for (const e of d.entities) {
      if (e.type === "gene") continue;
      const name = e.name.toLowerCase().trim();
      if (name.length < 2) continue;
      if (!index.written.has(name)) index.written.set(name, e.name.trim());
      const long =
        e.type === "disease" && isAbbreviation(e.name)
          ? longFormOf(`${d.citation.title} ${d.citation.abstract}`, e.name.trim())
          : null;
      for (const id of annotationIds(e)) {
        count(index.namesById, id, name);
        if (long) count(index.longFormsById, id, long);
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
  const ids = new Set(
    variants.flatMap((v) => [...(index.idsByName.get(v) ?? [])]).filter((id) => index.typeById.get(id) === type),
  );
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
 * Share of a disease's annotated mentions whose names are names of an organ from which it counts as a disease of the
 * organ even when its commonest name is not ("torsade de pointes" 17 of 36 mentions of MeSH D016171, the rest "TdP").
 * Source: our reading of the disease names of CDR_TrainingSet and CDR_DevelopmentSet: at 0.4, "death" (once "sudden
 * cardiac death"), "hypotension" or "eosinophilia" (3 of 11 "eosinophilic myocarditis") are not heart diseases.
 */
export const ORGAN_NAME_SHARE = 0.4;

/**
 * Whether an annotated disease is a disease of `organ` (lib/vocabularies/organs.ts isOrganDisease), by its names in
 * the records (record counts): among its names that are not abbreviations, with the long forms the records define
 * for them ("neuroleptic malignant syndrome" for "NMS", "acute liver failure" for "ALF"), more name the organ than
 * not; or at least {@link ORGAN_NAME_SHARE} of all its names do, in at least 2 records ("cardiac arrest" beside
 * "asystole"). A disease named by an organ in one record among others ("death", once "cardiac death") is not.
 */
export function isDiseaseOfOrgan(index: AnnotationIndex, id: string, organ: Organ): boolean {
  const names = [
    ...(index.namesById.get(id) ?? new Map<string, number>()),
    ...(index.longFormsById.get(id) ?? new Map<string, number>()),
  ];
  const sum = (list: Array<[string, number]>) => list.reduce((n, [, c]) => n + c, 0);
  const ofOrgan = (list: Array<[string, number]>) => list.filter(([n]) => isOrganDisease(n, organ));
  const spelled = names.filter(([n]) => !isAbbreviation(index.written.get(n) ?? n));
  const spelledOfOrgan = sum(ofOrgan(spelled));
  if (spelledOfOrgan > sum(spelled) - spelledOfOrgan) return true;
  const organNames = sum(ofOrgan(names));
  return organNames >= 2 && organNames / sum(names) >= ORGAN_NAME_SHARE;
}
