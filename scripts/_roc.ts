import { heldOutDevWeights, readSplitRecords, cdrSplitFile, cooccurringPairs } from "./cdr-pairs";
import { useRelationWeights, predictRelations } from "@/lib/relations/predict";
const w = heldOutDevWeights();
useRelationWeights(w);
const recs = readSplitRecords(cdrSplitFile("dev"));
const pairs = cooccurringPairs(recs);
const best = new Map<string, { p: number; rel: string[]; neg: boolean[] }>();
for (const r of recs) {
  for (const p of predictRelations(r.document)) {
    const k = `${p.chemicalId}|${p.diseaseId}`;
    const e = best.get(k) ?? { p: 0, rel: [], neg: [] };
    e.p = Math.max(e.p, p.probability); e.rel.push(p.relation); e.neg.push(p.negated);
    best.set(k, e);
  }
}
const pos = pairs.filter(p => p.gold).map(p => best.get(`${p.chemicalId}|${p.diseaseId}`)!);
const neg = pairs.filter(p => !p.gold).map(p => best.get(`${p.chemicalId}|${p.diseaseId}`)!);
console.log("pairs", pos.length, neg.length);
for (const t of [0.05,0.1,0.15,0.2,0.25,0.3,0.37,0.45,0.5]) {
  const tpr = pos.filter(x => x && x.p >= t).length / pos.length;
  const fpr = neg.filter(x => x && x.p >= t).length / neg.length;
  console.log(t, tpr.toFixed(3), fpr.toFixed(3));
}
const tprC = pos.filter(x => x && x.rel.includes("causes")).length / pos.length;
const fprC = neg.filter(x => x && x.rel.includes("causes")).length / neg.length;
console.log("causes any", tprC.toFixed(3), fprC.toFixed(3));
