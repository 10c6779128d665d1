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
export function labelledConcepts(a: DocAnalysis, relations: ReadonlyArray<readonly [string, string]>): LabelledConcepts {
  return { chemicals: [...a.chemicals.keys()], diseases: [...a.diseases.keys()], cid: new Set(relations.map(([c, d]) => `${c}|${d}`)) };
}

function bump(table: Record<string, [number, number]>, key: string, cid: boolean, sign: 1 | -1): void {
  const row = (table[key] ??= [0, 0]);
  row[0] += cid ? sign : 0;
  row[1] += sign;
}

function addDocument(p: RelationWeights["priors"], doc: LabelledConcepts, sign: 1 | -1): void {
  const table = p as unknown as Record<"chemical" | "disease" | "pair", Record<string, [number, number]>>;
  const chemicals = [...doc.chemicals];
  const diseases = [...doc.diseases];
  const keys = [...doc.cid];
  for (const c of chemicals) bump(table.chemical, c, keys.some((k) => k.startsWith(`${c}|`)), sign);
  for (const d of diseases) bump(table.disease, d, keys.some((k) => k.endsWith(`|${d}`)), sign);
  for (const c of chemicals) for (const d of diseases) bump(table.pair, `${c}|${d}`, doc.cid.has(`${c}|${d}`), sign);
}

/**
 * Document-level priors over training documents: for each chemical (disease) [documents where it is in a gold
 * CID pair, documents where it occurs]; for each pair [documents where it is gold CID, documents where both occur].
 * Pairs seen only once and never CID are dropped to keep weights.json small (they carry little evidence).
 */
export function buildPriors(docs: LabelledConcepts[], prune = false): RelationWeights["priors"] {
  const p: RelationWeights["priors"] = { chemical: {}, disease: {}, pair: {} };
  for (const doc of docs) addDocument(p, doc, 1);
  if (prune) for (const [k, [cid, seen]] of Object.entries(p.pair)) if (cid === 0 && seen < 2) delete p.pair[k];
  return p;
}

/** A lookup that removes one document's own counts (leave-one-document-out), for training features. */
export function leaveOneOut(priors: RelationWeights["priors"], doc: LabelledConcepts): PriorLookup {
  const own: RelationWeights["priors"] = { chemical: {}, disease: {}, pair: {} };
  addDocument(own, doc, 1);
  return (kind, key): PriorCounts => {
    const all = priors[kind][key] ?? [0, 0];
    const mine = own[kind][key] ?? [0, 0];
    return [all[0] - mine[0], all[1] - mine[1]];
  };
}
