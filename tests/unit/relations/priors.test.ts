import { describe, expect, it } from "vitest";
import { prepareRecords } from "@/lib/relations/dataset";
import { priorLookup } from "@/lib/relations/model";
import { buildPriors, leaveOneOut } from "@/lib/relations/priors";
import { cdrSplit } from "./corpus";

describe("training priors on CDR_TrainingSet", () => {
  const docs = prepareRecords(cdrSplit("TrainingSet"));
  const priors = buildPriors(docs.map((d) => d.concepts));
  const doc = docs.find((d) => d.pmid === "20882060");
  if (!doc) throw new Error("PMID 20882060 missing");

  it("counts documents: haloperidol (D006220) is in a gold pair in some of the documents it occurs in", () => {
    const all = priorLookup(priors)("chemical", "D006220");
    const byHand = docs.filter((d) => d.analysis.chemicals.has("D006220"));
    expect(all[1]).toBe(byHand.length);
    expect(all[0]).toBe(byHand.filter((d) => [...d.gold].some((k) => k.startsWith("D006220|"))).length);
  });

  it("leaves a document's own labels out of its features", () => {
    const all = priorLookup(priors);
    const loo = leaveOneOut(priors, doc.concepts);
    const key = "D006220|D002375"; // haloperidol → parkinsonian catalepsy, gold in 20882060
    expect(loo("pair", key)).toEqual([all("pair", key)[0] - 1, all("pair", key)[1] - 1]);
    // neurotensin → catalepsy co-occurs there but is not gold: only the seen count drops.
    const other = "D009496|D002375";
    expect(loo("pair", other)).toEqual([all("pair", other)[0], all("pair", other)[1] - 1]);
  });

  it("learns disease dominance: in 20882060 catalepsy (gold) wins over parkinsonian symptoms (not gold)", () => {
    const own = buildPriors([doc.concepts]);
    expect(priorLookup(own)("dominance", "D002375>D010302")).toEqual([1, 1]);
    expect(priorLookup(own)("dominance", "D010302>D002375")).toEqual([0, 1]);
  });
});
