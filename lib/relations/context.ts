import type { DocAnalysis } from "./analyze";

/**
 * Document-context features of the second stage: how a pair's first-stage P(CID) compares with the other pairs of its
 * document. Why: most false positives of the first stage (277 of 397 on CDR_DevelopmentSet at P ≥ 0.35) pair a
 * chemical that has a CID relation in the document with another of its diseases: CDR annotates the most specific
 * disease the text relates ("acute liver failure", not "liver injury"), and a chemical's main effect, not every
 * disease named near it. A pair read well below its chemical's best pair, or whose disease is named inside a more
 * specific disease of the same chemical that reads higher, is less likely to be annotated. Measured on held-out
 * CDR_DevelopmentSet: doc-level F1 +0.01–0.02 over the first stage (scripts/train-relations.ts).
 */

/**
 * Names of the second stage's features, in weight order: a constant "bias" (the intercept) and the context features.
 * The first stage reaches the second through its logit alone: a second stage over all first-stage features scored no
 * better on CDR_DevelopmentSet and needs many more gradient steps.
 */
export const CONTEXT_FEATURES = [
  "bias",
  "ctx_logit",
  "ctx_rank_dis_1",
  "ctx_rank_dis_2",
  "ctx_rank_dis_3plus",
  "ctx_rank_chem_1",
  "ctx_rank_chem_2",
  "ctx_rank_chem_3plus",
  "ctx_rel_chem",
  "ctx_rel_dis",
  "ctx_rel_doc",
  "ctx_max_doc",
  "ctx_specific",
  "ctx_specific_higher",
  "ctx_general",
  "ctx_pairs_above",
] as const;

/** One pair of a document with its first-stage P(CID). */
export interface StagedPair {
  chemicalId: string;
  diseaseId: string;
  probability: number;
}

function containsWords(outer: string, inner: string): boolean {
  return outer.length > inner.length && new RegExp(`\\b${inner.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`).test(outer);
}

const logit = (p: number) => {
  const q = Math.min(0.999, Math.max(0.001, p));
  return Math.log(q / (1 - q));
};

/**
 * The context features of every pair of a document, in the order of `pairs` (the document's chemical × disease pairs
 * with first-stage probabilities), each with "bias" 1:
 * - ctx_logit: the first-stage logit ÷ 5 (about −1.4…1.4);
 * - ctx_rank_dis_*: rank of this disease among the chemical's diseases by P (1 = highest; ties share the higher rank),
 *   ctx_rank_chem_* the same for the chemical among the disease's chemicals;
 * - ctx_rel_chem / ctx_rel_dis / ctx_rel_doc: P ÷ the highest P of the chemical's pairs / the disease's / the
 * document's;
 * - ctx_max_doc: the document's highest P; ctx_pairs_above: pairs with P ≥ 0.5, ÷ 5, at most 1;
 * - ctx_specific: the highest P of the chemical with a disease whose mention contains this disease's mention as whole
 *   words ("acute renal failure" for "renal failure"), ctx_specific_higher when it exceeds this pair's P;
 *   ctx_general: the highest P of the chemical with a disease named inside this one's mention.
 */
export function contextFeatures(a: DocAnalysis, pairs: StagedPair[]): Array<Map<string, number>> {
  const texts = new Map<string, string[]>();
  for (const [id, ms] of a.diseases) texts.set(id, [...new Set(ms.map((m) => m.text.toLowerCase()))]);
  const maxDoc = Math.max(...pairs.map((p) => p.probability));
  const above = pairs.filter((p) => p.probability >= 0.5).length;
  return pairs.map((pair) => {
    const sameChem = pairs.filter((o) => o.chemicalId === pair.chemicalId);
    const sameDis = pairs.filter((o) => o.diseaseId === pair.diseaseId);
    const p = pair.probability;
    const rankDis = 1 + sameChem.filter((o) => o.probability > p).length;
    const rankChem = 1 + sameDis.filter((o) => o.probability > p).length;
    const mine = texts.get(pair.diseaseId) ?? [];
    let specific = 0;
    let general = 0;
    for (const o of sameChem) {
      if (o.diseaseId === pair.diseaseId) continue;
      const other = texts.get(o.diseaseId) ?? [];
      if (other.some((x) => mine.some((t) => containsWords(x, t)))) specific = Math.max(specific, o.probability);
      if (mine.some((t) => other.some((x) => containsWords(t, x)))) general = Math.max(general, o.probability);
    }
    const f = new Map<string, number>([
      ["bias", 1],
      ["ctx_logit", logit(p) / 5],
    ]);
    f.set(rankDis === 1 ? "ctx_rank_dis_1" : rankDis === 2 ? "ctx_rank_dis_2" : "ctx_rank_dis_3plus", 1);
    f.set(rankChem === 1 ? "ctx_rank_chem_1" : rankChem === 2 ? "ctx_rank_chem_2" : "ctx_rank_chem_3plus", 1);
    f.set("ctx_rel_chem", p / Math.max(...sameChem.map((o) => o.probability)));
    f.set("ctx_rel_dis", p / Math.max(...sameDis.map((o) => o.probability)));
    f.set("ctx_rel_doc", p / maxDoc);
    f.set("ctx_max_doc", maxDoc);
    f.set("ctx_pairs_above", Math.min(1, above / 5));
    if (specific > 0) f.set("ctx_specific", specific);
    if (specific > p) f.set("ctx_specific_higher", 1);
    if (general > 0) f.set("ctx_general", general);
    return f;
  });
}
