import type { DocAnalysis } from "./analyze";
import { contextFeatures } from "./context";
import { pairFeatures, type FeatureContext, type PairAnalysis } from "./features";
import { featureIndex, probability, type RelationWeights } from "./model";
import type { PairPrediction, RelationSentence } from "./types";

function sentenceOf(a: DocAnalysis, index: number, cue: string | null, negated: boolean): RelationSentence {
  const s = a.sentences[index];
  return { text: a.text.slice(s.start, s.end), start: s.start, end: s.end, cue, negated };
}

/**
 * Turns a pair's analysis and its P(CID) into a prediction. Precedence: "treats" when a non-negated
 * protective/therapeutic pattern relates the pair and no sentence makes the chemical its "-induced"/"by" agent; else
 * "causes" when P(CID) ≥ threshold and the pair is not negated; else "none".
 */
export function decide(
  a: DocAnalysis,
  chemicalId: string,
  diseaseId: string,
  pa: PairAnalysis,
  p: number,
  weights: RelationWeights,
): PairPrediction {
  const pairs = pa.coSentences.map((c) => c.pair);
  const negated = pairs.length > 0 && pairs.every((x) => x.negated);
  const agent = pairs.some((x) => (x.induced || x.byChemical) && !x.negated);
  const treats = pairs.some((x) => x.treats) && !agent;
  const relation = treats ? "treats" : p >= weights.threshold && !negated ? "causes" : "none";
  let sentences = pa.coSentences.map(({ index: i, pair }) => sentenceOf(a, i, pair.cue, pair.negated));
  if (!sentences.length) {
    const first = (group: "chemicals" | "diseases", id: string) => a[group].get(id)?.[0]?.sentence ?? 0;
    const idx = [...new Set([first("chemicals", chemicalId), first("diseases", diseaseId)])].sort((x, y) => x - y);
    sentences = idx.map((i) => sentenceOf(a, i, null, false));
  }
  return {
    chemicalId,
    diseaseId,
    chemical: pa.chemical,
    disease: pa.disease,
    probability: p,
    relation,
    negated,
    sentences,
  };
}

/**
 * Every chemical × disease pair of an analysed document, decided, sorted by probability descending (ties by
 * chemical then disease ID). Document rule: when no pair reaches the threshold, the most probable pair that is
 * neither negated nor "treats" is taken as "causes" if P(CID) ≥ weights.fallbackThreshold (tuned on
 * CDR_DevelopmentSet). Why: every CDR document states at least one CID relation, because the corpus was drawn
 * from CTD-curated chemical–disease articles; records retrieved for a chemical and a disease are alike.
 */
export function decideAll(
  a: DocAnalysis,
  ctx: FeatureContext,
  weights: RelationWeights,
  index: Map<string, number>,
): PairPrediction[] {
  const analysed: Array<{ chemicalId: string; diseaseId: string; pa: PairAnalysis; probability: number }> = [];
  for (const chemicalId of a.chemicals.keys()) {
    for (const diseaseId of a.diseases.keys()) {
      const pa = pairFeatures(a, chemicalId, diseaseId, ctx);
      if (pa)
        analysed.push({ chemicalId, diseaseId, pa, probability: probability(weights.weights, index, pa.features) });
    }
  }
  const final = secondStage(a, analysed, weights);
  const out = analysed.map((x, i) => decide(a, x.chemicalId, x.diseaseId, x.pa, final[i], weights));
  out.sort(
    (x, y) =>
      y.probability - x.probability ||
      x.chemicalId.localeCompare(y.chemicalId) ||
      x.diseaseId.localeCompare(y.diseaseId),
  );
  const fallback = weights.fallbackThreshold;
  if (fallback !== undefined && !out.some((p) => p.relation === "causes")) {
    const top = out.find((p) => !p.negated && p.relation !== "treats");
    if (top && top.probability >= fallback) top.relation = "causes";
  }
  return out;
}

/**
 * P(CID) of every pair after the second stage (lib/relations/context.ts) when the model has one: its document-context
 * features (the first stage's logit among them), weighed by `weights.context`; else the first stage's P.
 */
export function secondStage(
  a: DocAnalysis,
  pairs: Array<{ chemicalId: string; diseaseId: string; pa: PairAnalysis; probability: number }>,
  weights: RelationWeights,
): number[] {
  const stage = weights.context;
  if (!stage || pairs.length === 0) return pairs.map((p) => p.probability);
  const index = featureIndex(stage.features);
  const context = contextFeatures(a, pairs);
  return pairs.map((_, i) => probability(stage.weights, index, context[i]));
}
