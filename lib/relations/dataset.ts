import { analyzeDocument, type DocAnalysis } from "./analyze";
import { decideAll } from "./decide";
import { pairFeatures, type FeatureContext, type PairAnalysis } from "./features";
import { scoreDocuments } from "./evaluate";
import { featureIndex, priorLookup, vocabularyOf, type RelationWeights, type Scores } from "./model";
import { labelledConcepts, type LabelledConcepts } from "./priors";
import type { CdrRecord } from "./pubtator";

/** A corpus record analysed once: its analysis, gold "chemical|disease" keys and concepts for the priors. */
export interface PreparedDoc {
  pmid: string;
  analysis: DocAnalysis;
  gold: Set<string>;
  concepts: LabelledConcepts;
}

/** One candidate chemical × disease pair with its gold label. */
export interface PairRow {
  key: string;
  chemicalId: string;
  diseaseId: string;
  label: 0 | 1;
  pair: PairAnalysis;
}

/** Analyses corpus records (gold mentions, "-1" skipped, composite IDs expanded). */
export function prepareRecords(records: CdrRecord[]): PreparedDoc[] {
  return records.map((r) => {
    const analysis = analyzeDocument(r.document);
    return {
      pmid: r.pmid,
      analysis,
      gold: new Set(r.relations.map(([c, d]) => `${c}|${d}`)),
      concepts: labelledConcepts(analysis, r.relations),
    };
  });
}

/** Every candidate pair of a document (all chemical × disease concept pairs) with features under `ctx`. */
export function pairRows(doc: PreparedDoc, ctx: FeatureContext): PairRow[] {
  const rows: PairRow[] = [];
  for (const c of doc.analysis.chemicals.keys()) {
    for (const d of doc.analysis.diseases.keys()) {
      const pair = pairFeatures(doc.analysis, c, d, ctx);
      const key = `${c}|${d}`;
      if (pair) rows.push({ key, chemicalId: c, diseaseId: d, label: doc.gold.has(key) ? 1 : 0, pair });
    }
  }
  return rows;
}

/**
 * Doc-level CID scores of a model on prepared documents: a pair is predicted when decide() says "causes".
 * @param priors the priors to use (for a held-out split: those of the training documents only).
 */
export function evaluateModel(
  docs: PreparedDoc[],
  weights: RelationWeights,
  priors: RelationWeights["priors"] = weights.priors,
): Scores {
  const index = featureIndex(weights.features);
  const ctx: FeatureContext = { prior: priorLookup(priors), vocabulary: vocabularyOf(weights.features) };
  return scoreDocuments(
    docs.map((doc) => ({
      gold: doc.gold,
      predicted: decideAll(doc.analysis, ctx, weights, index)
        .filter((p) => p.relation === "causes")
        .map((p) => `${p.chemicalId}|${p.diseaseId}`),
    })),
  );
}
