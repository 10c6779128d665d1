import type { CdrRecord } from "@/lib/relations/pubtator";
import { mentionIds } from "@/lib/relations/pubtator";
import {
  actionsOf,
  broaderOf,
  classMembers,
  conceptById,
  descendantIds,
  entryTerms,
  relateDiseases,
} from "@/lib/vocabularies";
import { cooccurringPairs, seededSample } from "./cdr-pairs";

/**
 * A question (and the same claim) lifted from a BC5CDR pair to the concept level, and what it should get:
 * - "class": the drug's pharmacological action as the subject ("Do anti-arrhythmia agents cause hypothyroidism?"),
 *   from a gold CID pair: a member causes it, so yes;
 * - "broader": the disease's broader MeSH concept ("Does amiodarone cause thyroid diseases?"), from a gold pair: yes;
 * - "related": a cousin of the disease under a shared parent that the split annotates ("Does amiodarone cause
 *   hyperthyroidism?" from amiodarone–hypothyroidism): the gold records are related evidence, never "no";
 * - "indication": a co-occurring pair without a CID relation lifted the same way (class or broader), when no gold
 *   pair of the split falls under the lifted concepts: not yes.
 * `gold` are the PMIDs whose CID relation the question rests on (for "indication": the records naming the pair).
 */
export interface ConceptQuestion {
  level: "class" | "broader" | "related" | "indication";
  question: string;
  claim: string;
  chemicalId: string;
  diseaseId: string;
  /** The concept asked about in place of the pair's own (the class, the broader or related disease). */
  liftedId: string;
  gold: string[];
}

/** The surface form a split writes an ID with most often. */
function surfaces(records: CdrRecord[]): Map<string, string> {
  const counts = new Map<string, Map<string, number>>();
  for (const r of records)
    for (const m of r.document.mentions)
      for (const id of mentionIds(m.id)) {
        const byText = counts.get(id) ?? counts.set(id, new Map()).get(id)!;
        byText.set(m.text, (byText.get(m.text) ?? 0) + 1);
      }
  return new Map(
    [...counts].map(([id, texts]) => [id, [...texts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0][0]]),
  );
}

/** A term as a question writes it: lower case, acronyms ("GABA", "HMG-CoA") kept. */
const natural = (term: string) => term.replace(/[\p{L}\p{N}-]+/gu, (w) => (/[A-Z]{2}/.test(w) ? w : w.toLowerCase()));

/**
 * How a question writes a lifted concept: its MeSH heading when not inverted ("Thyroid Diseases" → "thyroid
 * diseases"), else its shortest plural entry term without a comma ("Anti-Arrhythmia Agents" is the heading; "Lung
 * Diseases, Interstitial" → "interstitial lung diseases").
 */
function phrase(id: string): string | null {
  const name = conceptById(id)?.name;
  if (name && !name.includes(",")) return natural(name);
  const plural = entryTerms(id, true).filter((t) => !t.includes(",") && /s$/.test(t));
  const best = [...plural].sort((a, b) => a.length - b.length || a.localeCompare(b))[0];
  return best ? natural(best) : null;
}

/**
 * How a question writes the pair's own concept: the split's commonest form, or the heading for an abbreviation ("EE").
 */
function own(id: string, names: Map<string, string>): string {
  const surface = names.get(id) ?? id;
  return /^[A-Z0-9-]{1,4}$/.test(surface) || surface.length < 3 ? (phrase(id) ?? surface) : surface;
}

/** Pharmacological actions that describe a drug's metabolism or interactions, or no class a question would name. */
const NOT_A_CLASS = /^Cytochrome P-450|Inducers$|^Physiological Effects|^Molecular Mechanisms/;
/**
 * Largest class asked about (members), so that a class question is not "do chemicals cause …". Source: our choice.
 */
const MAX_CLASS_MEMBERS = 300;

/** The classes of a drug a question may name: its pharmacological actions, the most specific (fewest members) first. */
function classesOf(chemicalId: string): string[] {
  return actionsOf(chemicalId)
    .filter((a) => !NOT_A_CLASS.test(a.name))
    .map((a) => ({ id: a.id, n: classMembers(a.id).length }))
    .filter((a) => a.n >= 2 && a.n <= MAX_CLASS_MEMBERS)
    .sort((a, b) => a.n - b.n || a.id.localeCompare(b.id))
    .map((a) => a.id);
}

/**
 * Concept-level questions of a split (see {@link ConceptQuestion}), seeded samples of `perLevel` of each level and
 * 2 × `perLevel` indications. Generated from the split's gold CID relations through the MeSH trees and
 * pharmacological actions; never hand-picked. `knownGold` are CID pairs ("chemical|disease") known from other splits
 * (the training set's, for dev): a lifted pair that covers one of them is no negative either.
 */
export function conceptQuestions(
  records: CdrRecord[],
  perLevel: number,
  seed: number,
  knownGold: ReadonlySet<string> = new Set(),
): ConceptQuestion[] {
  const names = surfaces(records);
  const pairs = cooccurringPairs(records);
  const gold = pairs.filter((p) => p.gold);
  const goldKeys = new Set([...gold.map((p) => `${p.chemicalId}|${p.diseaseId}`), ...knownGold]);
  const annotatedDiseases = new Set(pairs.map((p) => p.diseaseId));
  const are = (subject: string) => (/s$/.test(subject) ? "Do" : "Does");
  const make = (
    level: ConceptQuestion["level"],
    subject: string,
    object: string,
    p: (typeof pairs)[number],
    liftedId: string,
  ): ConceptQuestion => ({
    level,
    question: `${are(subject)} ${subject} cause ${object}?`,
    claim: `${subject[0].toUpperCase()}${subject.slice(1)} ${are(subject) === "Do" ? "cause" : "causes"} ${object}.`,
    chemicalId: p.chemicalId,
    diseaseId: p.diseaseId,
    liftedId,
    gold: p.pmids,
  });
  // A lifted pair any gold pair of the split falls under is not a negative: some member causes some narrower disease.
  const anyGoldUnder = (chemicals: Set<string>, diseases: Set<string>) =>
    [...goldKeys].some((k) => {
      const [c, d] = k.split("|");
      return chemicals.has(c) && diseases.has(d);
    });
  const lifts = (positive: boolean) =>
    pairs
      .filter((p) => p.gold === positive && conceptById(p.chemicalId) && conceptById(p.diseaseId))
      .flatMap((p): ConceptQuestion[] => {
        const disease = own(p.diseaseId, names);
        const chemical = own(p.chemicalId, names);
        const out: ConceptQuestion[] = [];
        const cls = classesOf(p.chemicalId)[0];
        const clsPhrase = cls ? phrase(cls) : null;
        if (cls && clsPhrase) {
          const under = anyGoldUnder(new Set([cls, ...classMembers(cls)]), new Set([p.diseaseId]));
          if (positive || !under) out.push(make(positive ? "class" : "indication", clsPhrase, disease, p, cls));
        }
        const broader = broaderOf(p.diseaseId)[0];
        const broaderPhrase = broader ? phrase(broader.id) : null;
        if (broader && broaderPhrase) {
          const under = anyGoldUnder(new Set([p.chemicalId]), new Set([broader.id, ...descendantIds(broader.id)]));
          if (positive || !under)
            out.push(make(positive ? "broader" : "indication", chemical, broaderPhrase, p, broader.id));
        }
        if (positive) {
          const cousin = [...annotatedDiseases]
            .filter((d) => d !== p.diseaseId && !goldKeys.has(`${p.chemicalId}|${d}`))
            .find((d) => relateDiseases(p.diseaseId, d)?.kind === "related");
          if (cousin) out.push(make("related", chemical, own(cousin, names), p, cousin));
        }
        return out;
      });
  const positives = lifts(true);
  const negatives = lifts(false);
  const of = (level: ConceptQuestion["level"], from: ConceptQuestion[]) =>
    seededSample(
      from.filter((q) => q.level === level),
      perLevel,
      seed,
    );
  return [
    ...of("class", positives),
    ...of("broader", positives),
    ...of("related", positives),
    ...seededSample(negatives, 2 * perLevel, seed),
  ];
}
