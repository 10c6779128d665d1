import type { DocAnalysis } from "./analyze";
import type { Scores } from "./model";

/** Precision, recall and F1 from counts (0 when undefined). */
export function scores(tp: number, fp: number, fn: number): Scores {
  const precision = tp + fp ? tp / (tp + fp) : 0;
  const recall = tp + fn ? tp / (tp + fn) : 0;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1, tp, fp, fn };
}

/**
 * Scores document-level CID predictions against gold pairs (BioCreative V CDR evaluation: a pair counts once
 * per document, by MeSH IDs). Each item: the predicted and gold "chemical|disease" keys of one document.
 */
export function scoreDocuments(items: Array<{ predicted: Iterable<string>; gold: Iterable<string> }>): Scores {
  let tp = 0,
    fp = 0,
    fn = 0;
  for (const { predicted, gold } of items) {
    const g = new Set(gold);
    const p = new Set(predicted);
    for (const k of p)
      if (g.has(k)) tp++;
      else fp++;
    for (const k of g) if (!p.has(k)) fn++;
  }
  return scores(tp, fp, fn);
}

/** Doc co-occurrence baseline: every chemical × disease pair of the document. */
export function docCooccurrence(a: DocAnalysis): string[] {
  const out: string[] = [];
  for (const c of a.chemicals.keys()) for (const d of a.diseases.keys()) out.push(`${c}|${d}`);
  return out;
}

/** Sentence co-occurrence baseline: pairs whose mentions share at least one sentence. */
export function sentenceCooccurrence(a: DocAnalysis): string[] {
  const out = new Set<string>();
  for (const ms of a.bySentence) {
    for (const c of ms)
      if (c.type === "chemical") for (const d of ms) if (d.type === "disease") out.add(`${c.id}|${d.id}`);
  }
  return [...out];
}
