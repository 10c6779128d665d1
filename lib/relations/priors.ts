import type { DocAnalysis } from "./analyze";
import type { PriorCounts, PriorLookup } from "./features";
import type { RelationWeights } from "./model";

/** A training document's concepts and gold CID pairs, as counted by the priors. */
export interface LabelledConcepts {
  chemicals: Iterable<string>;
  diseases: Iterable<string>;
  /** Gold "chemical|disease" keys. */
  cid: ReadonlySet<string>;
}

/** Concepts and gold keys of an analysed document with its gold relations. */
export function labelledConcepts(
  a: DocAnalysis,
  relations: ReadonlyArray<readonly [string, string]>,
): LabelledConcepts {
  return {
    chemicals: [...a.chemicals.keys()],
    diseases: [...a.diseases.keys()],
    cid: new Set(relations.map(([c, d]) => `${c}|${d}`)),
  };
}

function bump(table: Record<string, [number, number]>, key: string, cid: boolean, sign: 1 | -1): void {
  const row = (table[key] ??= [0, 0]);
  row[0] += cid ? sign : 0;
  row[1] += sign;
}

function addDocument(p: RelationWeights["priors"], doc: LabelledConcepts, sign: 1 | -1): void {
  const table = p as unknown as Record<"chemical" | "disease" | "pair" | "dominance", Record<string, [number, number]>>;
  const chemicals = [...doc.chemicals];
  const diseases = [...doc.diseases];
  const keys = [...doc.cid];
  for (const c of chemicals)
    bump(
      table.chemical,
      c,
      keys.some((k) => k.startsWith(`${c}|`)),
      sign,
    );
  for (const d of diseases)
    bump(
      table.disease,
      d,
      keys.some((k) => k.endsWith(`|${d}`)),
      sign,
    );
  for (const c of chemicals) for (const d of diseases) bump(table.pair, `${c}|${d}`, doc.cid.has(`${c}|${d}`), sign);
  // Disease dominance "A>B": documents where A is in a gold pair and B in none, out of documents with both.
  // CDR links a chemical to the most specific disease, so this learns which disease wins over which.
  const related = new Set(diseases.filter((d) => keys.some((k) => k.endsWith(`|${d}`))));
  const dominance = (table.dominance ??= {});
  for (const x of diseases)
    for (const y of diseases) if (x !== y) bump(dominance, `${x}>${y}`, related.has(x) && !related.has(y), sign);
}

/**
 * Document-level priors over training documents: for each chemical (disease) [documents where it is in a gold
 * CID pair, documents where it occurs]; for each pair [documents where it is gold CID, documents where both occur].
 * Disease dominance "A>B" (see addDocument). With prune, pairs seen only once and never CID and dominance rows
 * without a win are dropped to keep weights.json small.
 */
export function buildPriors(docs: LabelledConcepts[], prune = false): RelationWeights["priors"] {
  const p: RelationWeights["priors"] = { chemical: {}, disease: {}, pair: {}, dominance: {} };
  for (const doc of docs) addDocument(p, doc, 1);
  if (prune) {
    for (const [k, [cid, seen]] of Object.entries(p.pair)) if (cid === 0 && seen < 2) delete p.pair[k];
    // Dominance rows without a win only ever give rate 0, which the feature's max ignores.
    for (const [k, [wins]] of Object.entries(p.dominance ?? {})) if (wins === 0) delete p.dominance?.[k];
  }
  return p;
}

/** A lookup that removes one document's own counts (leave-one-document-out), for training features. */
export function leaveOneOut(priors: RelationWeights["priors"], doc: LabelledConcepts): PriorLookup {
  const own: RelationWeights["priors"] = { chemical: {}, disease: {}, pair: {}, dominance: {} };
  addDocument(own, doc, 1);
  return (kind, key): PriorCounts => {
    const all = priors[kind]?.[key] ?? [0, 0];
    const mine = own[kind]?.[key] ?? [0, 0];
    return [all[0] - mine[0], all[1] - mine[1]];
  };
}
