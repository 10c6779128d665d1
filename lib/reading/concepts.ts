import type { QuestionConceptSummary } from "@/lib/domain/reading";
import {
  actionsOf,
  classMembers,
  conceptById,
  findConceptMentions,
  isBelow,
  lookupConcept,
  relateDiseases,
  type Concept,
  type MatchKind,
} from "@/lib/vocabularies";
import type { Organ } from "@/lib/vocabularies/organs";

/**
 * A question's or claim's drug or condition read as a concept of the vocabulary (MeSH 2024, Disease Ontology), with
 * how it was written and how it was recognised (see QuestionConceptSummary in lib/domain/claim-check.ts).
 */
export type ReadConcept = QuestionConceptSummary;

/**
 * Whether a chemical concept is a class whose members answer for it: a pharmacological action ("Hydroxymethylglutaryl-
 * CoA Reductase Inhibitors") or a chemical group of the D tree, which MeSH names in the plural ("Aminoglycosides",
 * "Anthracyclines", "Lithium Compounds"). A drug's own descendants in the D tree are its derivatives (epirubicin below
 * doxorubicin), other drugs, not members.
 */
export function isClass(c: Concept): boolean {
  if (c.kind === "class") return true;
  if (c.kind !== "chemical" || !/s$/i.test(c.name.split(",")[0])) return false;
  const n = classMembers(c.id).length;
  return n >= 2 && n <= MAX_GROUP_MEMBERS;
}

/**
 * Largest chemical group of the D tree whose members count for it. Source: our choice: drug groups are small
 * (Aminoglycosides 30, Cephalosporins 37, Benzodiazepines 25), functional groups are not (Alcohols, Amines: thousands
 * of compounds no one means by "alcohol").
 */
const MAX_GROUP_MEMBERS = 250;

/** The concept of a concept vocabulary entry, as the reading names it. */
function readConcept(role: ReadConcept["role"], written: string, c: Concept, via: ReadConcept["via"]): ReadConcept {
  const kind: ReadConcept["kind"] = role === "condition" ? "disease" : isClass(c) ? "class" : "drug";
  return { role, written, id: c.id, name: c.name, kind, via };
}

/**
 * The drug concept a chemical name stands for ("statins" → D019161 Hydroxymethylglutaryl-CoA Reductase Inhibitors, a
 * class; "amiodarone" → D000638), or null when the vocabulary does not know it, or knows it only in the other number
 * while the records annotate the name as written with another concept ("alcohol" is ethanol in the records, not
 * MeSH's Alcohols): the records' annotations decide then.
 * @param annotated the MeSH IDs the records annotate the name with (idsFor), if any.
 */
export function chemicalConcept(written: string, annotated: string[] = []): ReadConcept | null {
  const c = lookupConcept(written);
  if (!c || (c.kind !== "chemical" && c.kind !== "class")) return null;
  const mesh = annotated.filter((id) => /^[CD]\d{6,9}$/.test(id));
  if (c.matched !== "term" && c.matched !== "alias" && mesh.length > 0 && !mesh.includes(c.id)) return null;
  return readConcept("chemical", written, c, c.source === "do" ? "do" : "mesh");
}

/**
 * The disease concepts a condition as written stands for: the one concept of the whole phrase ("pulmonary
 * fibrosis", "myxoedema"), else the disease concepts named inside it ("myxoedema coma" → myxedema, coma); [] when
 * the vocabulary knows none (the records' annotations decide, as for "QT prolongation").
 */
export function conditionConcepts(written: string): ReadConcept[] {
  const whole = lookupConcept(written);
  if (whole?.kind === "disease")
    return [readConcept("condition", written, whole, whole.source === "do" ? "do" : "mesh")];
  return findConceptMentions(written)
    .filter((m) => m.concept.kind === "disease")
    .map((m) => readConcept("condition", m.text, m.concept, m.fromDo ? "do" : "mesh"));
}

/**
 * The disease concepts of an organ: the MeSH headings whose subtrees are its diseases (Kidney Diseases for
 * "nephrotoxic").
 */
export function organConcepts(organ: Organ): ReadConcept[] {
  return organ.mesh.flatMap((id) => {
    const c = conceptById(id);
    return c ? [{ ...readConcept("condition", organ.name, c, "organ"), kind: "organ" as const }] : [];
  });
}

/** How an annotated ID relates to the concepts asked about: its kind and, for a cousin, the shared parent's name. */
export interface IdMatch {
  kind: MatchKind;
  /** The concept asked about that it matched. */
  asked: ReadConcept;
  /** For "related": the shared parent ("Lung Diseases"); else null. */
  via: string | null;
}

/**
 * How an ID found in a record (MeSH, or a lower-cased name the vocabulary may know) relates to the conditions asked
 * about: the closest relation over them (exact, then narrower, broader, related), or null.
 */
export function matchCondition(id: string, asked: ReadConcept[]): IdMatch | null {
  const mesh = meshIdOf(id);
  if (!mesh) return null;
  let best: IdMatch | null = null;
  for (const a of asked) {
    const r = relateDiseases(a.id, mesh);
    if (r && (!best || RANK[r.kind] < RANK[best.kind]))
      best = { kind: r.kind, asked: a, via: r.via ? (conceptById(r.via)?.name ?? null) : null };
  }
  return best;
}

/**
 * How a chemical ID found in a record relates to the drug asked about: the same ("exact"); a member of an asked class
 * ("narrower": lovastatin for statins); a class the asked drug belongs to by its pharmacological actions or the D
 * tree ("broader": statins for simvastatin); a derivative of an asked drug ("related": epirubicin, below doxorubicin
 * in the D tree); else null.
 */
export function matchChemical(id: string, asked: ReadConcept): IdMatch | null {
  const mesh = meshIdOf(id);
  if (!mesh) return null;
  if (mesh === asked.id) return { kind: "exact", asked, via: null };
  if (asked.kind === "class") return memberSet(asked.id).has(mesh) ? { kind: "narrower", asked, via: null } : null;
  if (isBelow(mesh, asked.id)) return { kind: "related", asked, via: asked.name };
  const found = conceptById(mesh);
  if (found && isClass(found) && (actionsOf(asked.id).some((a) => a.id === mesh) || isBelow(asked.id, mesh)))
    return { kind: "broader", asked, via: null };
  return null;
}

const members = new Map<string, Set<string>>();
/** A class's members as a set (classMembers, kept for the process: the vocabulary does not change under it). */
function memberSet(id: string): Set<string> {
  let set = members.get(id);
  if (!set) members.set(id, (set = new Set(classMembers(id))));
  return set;
}

const RANK: Record<MatchKind, number> = { exact: 0, narrower: 1, broader: 2, related: 3 };

const byName = new Map<string, string | null>();
/** The MeSH ID of an annotation ID: itself when it is one ("D011658", "C413408"), else the concept its name names. */
export function meshIdOf(id: string): string | null {
  if (/^[CD]\d{6,9}$/.test(id) || id.startsWith("DOID:")) return id;
  let mesh = byName.get(id);
  if (mesh === undefined) byName.set(id, (mesh = lookupConcept(id)?.id ?? null));
  if (byName.size > 20_000) byName.clear();
  return mesh;
}
