import { readFileSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { evaluateModel, prepareRecords } from "@/lib/relations/dataset";
import type { RelationWeights } from "@/lib/relations/model";
import { buildPriors } from "@/lib/relations/priors";
import committed from "@/lib/relations/weights.json";
import { cdrSplit } from "./corpus";

type Stored = RelationWeights & { devModel: Pick<RelationWeights, "features" | "weights" | "context"> };
const stored = committed as unknown as Stored;

describe("lib/relations/weights.json", () => {
  it("is small and records the package that trained it", () => {
    expect(statSync("lib/relations/weights.json").size).toBeLessThan(500_000);
    const pkg = JSON.parse(readFileSync("node_modules/ml-logistic-regression/package.json", "utf8")) as {
      version: string;
    };
    expect(stored.model.package).toBe("ml-logistic-regression");
    expect(stored.model.version).toBe(pkg.version);
    expect(stored.weights).toHaveLength(stored.features.length);
    // The second stage (lib/relations/context.ts) and the train-only model's second stage.
    expect(stored.context?.weights).toHaveLength(stored.context?.features.length ?? -1);
    expect(stored.devModel.context?.features).toEqual(stored.context?.features);
    expect(stored.trainedOn).toEqual(["CDR_TrainingSet", "CDR_DevelopmentSet"]);
  });

  it("reproduces the dev scores in its metadata (model fit on CDR_TrainingSet, scored on CDR_DevelopmentSet)", () => {
    const train = prepareRecords(cdrSplit("TrainingSet"));
    const dev = prepareRecords(cdrSplit("DevelopmentSet"));
    const priors = buildPriors(train.map((d) => d.concepts));
    const { features, weights, context } = stored.devModel;
    const devModel: RelationWeights = { ...stored, features, weights, context, priors };
    const s = evaluateModel(dev, devModel);
    expect({ tp: s.tp, fp: s.fp, fn: s.fn }).toEqual({ tp: stored.dev.tp, fp: stored.dev.fp, fn: stored.dev.fn });
    expect(s.f1).toBeCloseTo(stored.dev.f1, 12);
  });
});
