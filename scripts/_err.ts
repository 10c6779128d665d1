import { heldOutDevWeights, readSplitRecords, cdrSplitFile } from "./cdr-pairs";
import { analyzeDocument } from "@/lib/relations/analyze";
import { pairFeatures } from "@/lib/relations/features";
import { priorLookup, vocabularyOf, featureIndex, probability } from "@/lib/relations/model";
const w = heldOutDevWeights();
const ctx = { prior: priorLookup(w.priors), vocabulary: vocabularyOf(w.features) };
const idx = featureIndex(w.features);
const recs = readSplitRecords(cdrSplitFile("dev"));
const stats: Record<string, { fn: number; tp: number; fp: number; tn: number }> = {};
const bump = (k: string, gold: boolean, pred: boolean) => { const s = (stats[k] ??= { fn: 0, tp: 0, fp: 0, tn: 0 }); if (gold && pred) s.tp++; else if (gold) s.fn++; else if (pred) s.fp++; else s.tn++; };
for (const r of recs) {
  const a = analyzeDocument(r.document);
  const gold = new Set(r.relations.map(([c, d]) => `${c}|${d}`));
  for (const c of a.chemicals.keys()) for (const d of a.diseases.keys()) {
    const pa = pairFeatures(a, c, d, ctx); if (!pa) continue;
    const p = probability(w.weights, idx, pa.features);
    const g = gold.has(`${c}|${d}`), pred = p >= 0.3;
    bump("all", g, pred);
    bump(pa.features.has("co_sentence") ? "co" : "noco", g, pred);
    if (pa.features.has("dis_dominated_strong")) bump("dominated", g, pred);
    if (pa.features.has("chem_rank_3plus")) bump("chemrank3", g, pred);
    if (pa.features.has("pair_prior_cid")) bump("prior_cid", g, pred);
    if (pa.features.has("negated_all")) bump("negated_all", g, pred);
    if (pa.features.has("treats")) bump("treats", g, pred);
  }
}
console.log(stats);
