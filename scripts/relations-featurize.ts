import { contextFeatures } from "@/lib/relations/context";
import { contextWords, ENGINEERED_FEATURES, type FeatureContext } from "@/lib/relations/features";
import { pairRows, type PreparedDoc } from "@/lib/relations/dataset";
import type { RelationWeights } from "@/lib/relations/model";
import { priorLookup } from "@/lib/relations/model";
import { leaveOneOut } from "@/lib/relations/priors";

/** A training example: named features and the gold label, with its document (index into the docs) and pair. */
export interface Example {
  x: Map<string, number>;
  y: 0 | 1;
  doc: number;
  chemicalId: string;
  diseaseId: string;
}

/**
 * Context words ("b:", "c:", "d:") that occur in at least `minCount` candidate pairs of the documents, sorted.
 * Rare words get no weight of their own: with ~10k pairs they would only fit noise.
 */
export function buildVocabulary(docs: PreparedDoc[], minCount: number): string[] {
  const counts = new Map<string, number>();
  const ctx: FeatureContext = { prior: () => [0, 0], vocabulary: new Set() };
  for (const doc of docs) {
    for (const row of pairRows(doc, ctx)) {
      const a = doc.analysis;
      const words = contextWords(
        a,
        a.chemicals.get(row.chemicalId) ?? [],
        a.diseases.get(row.diseaseId) ?? [],
        row.pair.coSentences.map((c) => c.pair),
      );
      for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
    }
  }
  return [...counts]
    .filter(([, n]) => n >= minCount)
    .map(([w]) => w)
    .sort();
}

/** The model's feature list: engineered features, then the vocabulary. */
export function featureNames(vocabulary: string[]): string[] {
  return [...ENGINEERED_FEATURES, ...vocabulary];
}

/**
 * Examples for every candidate pair. loo: priors leave each document's own counts out (training documents);
 * otherwise the priors are used as they are (held-out documents).
 */
export function featurizeDocs(
  docs: PreparedDoc[],
  priors: RelationWeights["priors"],
  vocabulary: Set<string>,
  loo: boolean,
): Example[] {
  const out: Example[] = [];
  docs.forEach((doc, i) => {
    const ctx: FeatureContext = { prior: loo ? leaveOneOut(priors, doc.concepts) : priorLookup(priors), vocabulary };
    for (const row of pairRows(doc, ctx))
      out.push({ x: row.pair.features, y: row.label, doc: i, chemicalId: row.chemicalId, diseaseId: row.diseaseId });
  });
  return out;
}

/**
 * Second-stage examples: each example's document-context features (lib/relations/context.ts), computed from
 * `probabilities` (one first-stage P per example, in order; for training documents, out-of-fold).
 */
export function withContext(docs: PreparedDoc[], examples: Example[], probabilities: number[]): Example[] {
  const byDoc = new Map<number, number[]>();
  examples.forEach((e, i) => byDoc.set(e.doc, [...(byDoc.get(e.doc) ?? []), i]));
  const out: Example[] = new Array(examples.length);
  for (const [doc, members] of byDoc) {
    const context = contextFeatures(
      docs[doc].analysis,
      members.map((i) => ({ ...examples[i], probability: probabilities[i] })),
    );
    members.forEach((i, k) => (out[i] = { ...examples[i], x: context[k] }));
  }
  return out;
}
