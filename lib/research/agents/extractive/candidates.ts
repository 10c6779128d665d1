import type { Evidence } from "@/lib/domain/evidence";
import type { DesignInfo } from "@/lib/domain/study-design";
import { recogniseGene } from "@/lib/vocabularies";
import { isDrugClass, isUbiquitousChemical } from "./concept-filters";
import { conceptName, type ConceptIndex, type ConceptInfo } from "./concepts";
import { protectiveAgents } from "./cues";
import { chemicalsWithRelation } from "./relations";

/** Candidate drugs reported for an open or repurposing question: at most this many (a readable list). */
export const MAX_CANDIDATES = 10;

/** A drug the relation model relates to the question's condition, with the records that say so. */
export interface DrugCandidate {
  key: string;
  name: string;
  /** Indices of records in which the model predicts the relation (not negated). */
  records: number[];
  probability: number;
  /** How many of those records are studies in people (lib/evidence/study-design classifyStudy). */
  humanRecords: number;
}

/**
 * An open question's candidates: `drugs` that cause (or treat) the condition with evidence in people, ranked by
 * human evidence first, and `inducers`, chemicals the records use only to induce the condition in animal models or
 * cells ("pilocarpine-induced seizures in rats"): true inducers, but not what a clinician asking "which drugs can
 * cause seizures?" wants first, so they are listed apart.
 */
export interface RankedCandidates {
  drugs: DrugCandidate[];
  inducers: DrugCandidate[];
}

/** Protein words: an annotated "chemical" named like this that is also a known gene is a protein, not a drug. */
const PROTEIN_WORDS =
  /\b(?:receptors?|kinases?|channels?|transporters?|enzymes?|proteins?|factors?|synthases?|oxidases?|[a-z]+ases?)\b/i;

/**
 * Whether a chemical concept can be a drug candidate: not ubiquitous (sodium, water …), not a drug class
 * ("anthracycline"), and not a protein annotated as a chemical ("toll-like receptor 4": a gene/protein by NCBI Gene
 * and named as a receptor, kinase, channel …).
 */
export function isDrugLike(info: ConceptInfo): boolean {
  if (info.kind !== "chemical" || isUbiquitousChemical(info) || isDrugClass(info)) return false;
  return ![...info.forms.keys()].some((f) => PROTEIN_WORDS.test(f) && recogniseGene(f) !== null);
}

/** A clipped form ("atorva") replaced by the concept's longest form that starts with it ("atorvastatin"). */
function fullName(info: ConceptInfo, name: string): string {
  const longer = [...info.forms.keys()].filter(
    (f) => f.length > name.length && f.toLowerCase().startsWith(name.toLowerCase()),
  );
  return longer.sort((a, b) => b.length - a.length || a.localeCompare(b))[0] ?? name;
}

/**
 * Ranks candidate drugs for a condition by relation-model evidence: chemicals for which the model predicts
 * `relation` ("causes" for harm questions, "treats" for treatment questions) to any of `effectKeys` in a record, not
 * negated; drug-like chemicals only ({@link isDrugLike}). A chemical none of whose records is a study in people but
 * one of them an animal or in vitro study is an experimental inducer (for a harm question); the others are drugs.
 * Order: records in people (desc), records (desc), best probability (desc), key; at most {@link MAX_CANDIDATES} of
 * each. Names are the form written in the candidate's records.
 */
export function rankCandidates(
  index: ConceptIndex,
  evidence: Evidence[],
  effectKeys: ReadonlySet<string>,
  relation: "causes" | "treats",
  designs: DesignInfo[],
): RankedCandidates {
  const all: DrugCandidate[] = [];
  for (const s of chemicalsWithRelation(evidence, effectKeys, relation)) {
    const info = index.concepts.get(s.chemicalKey);
    if (!info || effectKeys.has(s.chemicalKey) || !isDrugLike(info)) continue;
    const humanRecords = s.records.filter((r) => designs[r]?.human).length;
    all.push({
      key: s.chemicalKey,
      name: fullName(info, conceptName(info, s.records)),
      records: s.records,
      probability: s.probability,
      humanRecords,
    });
  }
  const experimental = (c: DrugCandidate) =>
    relation === "causes" &&
    c.humanRecords === 0 &&
    c.records.some((r) => designs[r]?.design === "animal" || designs[r]?.design === "in-vitro");
  const order = (a: DrugCandidate, b: DrugCandidate) =>
    b.humanRecords - a.humanRecords ||
    b.records.length - a.records.length ||
    b.probability - a.probability ||
    a.key.localeCompare(b.key);
  return {
    drugs: all
      .filter((c) => !experimental(c))
      .sort(order)
      .slice(0, MAX_CANDIDATES),
    inducers: all.filter(experimental).sort(order).slice(0, MAX_CANDIDATES),
  };
}

/**
 * Chemicals reported protective against the drug's effect ("(protective)" only when records say the drug prevents or
 * treats the condition, not on a cue word alone): the cue-based candidates of protectiveAgents (the agent of a
 * protection verb in a record about the drug), kept only where the relation model predicts "treats" between the agent
 * and one of the effect's concepts in one of those records, and only if drug-like. Records: those where both hold.
 */
export function confirmedProtectiveAgents(
  index: ConceptIndex,
  evidence: Evidence[],
  drugKeys: ReadonlySet<string>,
  effectKeys: ReadonlySet<string>,
): Array<{ key: string; records: number[] }> {
  const treats = new Map(
    chemicalsWithRelation(evidence, effectKeys, "treats").map((s) => [s.chemicalKey, new Set(s.records)]),
  );
  return protectiveAgents(index, drugKeys, effectKeys)
    .map((p) => ({ key: p.key, records: p.records.filter((r) => treats.get(p.key)?.has(r)) }))
    .filter((p) => p.records.length > 0 && isDrugLike(index.concepts.get(p.key)!));
}
