import { heldOutDevWeights, readSplitRecords, cdrSplitFile, cooccurringPairs } from "./cdr-pairs";
import { useRelationWeights, predictRelations } from "@/lib/relations/predict";
useRelationWeights(heldOutDevWeights());
const recs = readSplitRecords(cdrSplitFile("dev"));
const pairs = cooccurringPairs(recs);
const ps = new Map<string, number[]>();
for (const r of recs) for (const p of predictRelations(r.document)) { const k = `${p.chemicalId}|${p.diseaseId}`; (ps.get(k) ?? ps.set(k, []).get(k)!).push(p.probability); }
const agg: Record<string, (x: number[]) => number> = {
  max: (x) => Math.max(...x),
  noisyor: (x) => 1 - x.reduce((a, p) => a * (1 - p), 1),
  mean: (x) => x.reduce((a, b) => a + b, 0) / x.length,
};
for (const [name, f] of Object.entries(agg)) {
  const scored = pairs.map((p) => ({ g: p.gold, s: f(ps.get(`${p.chemicalId}|${p.diseaseId}`) ?? [0]) })).sort((a, b) => b.s - a.s);
  let tp = 0, fp = 0, best = 0, bestAt = 0; const P = scored.filter((x) => x.g).length;
  for (const x of scored) { if (x.g) tp++; else fp++; const f1 = 2 * tp / (tp + fp + P); if (f1 > best) { best = f1; bestAt = x.s; } }
  console.log(name, "best pair F1", best.toFixed(3), "at", bestAt.toFixed(3));
}
