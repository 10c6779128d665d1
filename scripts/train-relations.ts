/**
 * Trains the chemical-induced-disease relation model (lib/relations) on BioCreative V CDR.
 * 1. Features for every chemical × disease pair of CDR_TrainingSet (priors leave-one-document-out).
 * 2. For each hyperparameter setting: fit ml-logistic-regression, score CDR_DevelopmentSet (priors from the
 *    training documents only) at every threshold 0.05…0.95; keep the best (setting, threshold) by dev F1.
 * 3. Refit with that setting on Training + Development and write lib/relations/weights.json.
 * Deterministic: batch gradient descent from zero weights, no sampling, so the same data gives the same file.
 * Usage: npm run train:relations [-- --quick] [-- --dev-only]
 *   --quick: one setting, for smoke runs; --dev-only: report dev scores and top weights, write nothing
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { readCdrSplit } from "./cdr-corpus";
import { fitLogistic, type FitSettings } from "./relations-fit";
import { buildVocabulary, featureNames, featurizeDocs } from "./relations-featurize";
import { evaluateModel, prepareRecords, type PreparedDoc } from "@/lib/relations/dataset";
import type { RelationWeights, Scores } from "@/lib/relations/model";
import { buildPriors } from "@/lib/relations/priors";

const PACKAGE = { package: "ml-logistic-regression", version: "2.0.0" };
const GRID: FitSettings[] = process.argv.includes("--quick")
  ? [{ numSteps: 300, learningRate: 0.5 }]
  : [150, 300, 600].flatMap((numSteps) => [0.25, 0.5, 1].map((learningRate) => ({ numSteps, learningRate })));
// Dev only: stop after tuning (no refit, no file written), for feature experiments.
const DEV_ONLY = process.argv.includes("--dev-only");
const MIN_CONTEXT_COUNT = 25;

function log(message: string): void {
  process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${message}\n`);
}

/** Fits on `train` and returns a model (threshold not yet tuned) with its feature list. */
function fitOn(train: PreparedDoc[], settings: FitSettings): RelationWeights {
  const priors = buildPriors(train.map((d) => d.concepts));
  const features = featureNames(buildVocabulary(train, MIN_CONTEXT_COUNT));
  const rows = featurizeDocs(train, priors, new Set(features), true);
  // Rounded as stored in weights.json, so that the scores measured here are those of the stored numbers.
  const weights = fitLogistic(rows, features, settings).map((x) => Math.round(x * 1e6) / 1e6);
  return {
    model: { ...PACKAGE, ...settings }, features, weights, threshold: 0.5, priors,
    dev: { precision: 0, recall: 0, f1: 0, tp: 0, fp: 0, fn: 0 }, trainedAt: "", trainedOn: [],
  };
}

/** Best threshold on dev (0.05…0.95 by 0.01), then the best fallback threshold below it (see decideAll). */
function tuneThreshold(model: RelationWeights, dev: PreparedDoc[]): { threshold: number; fallbackThreshold: number; scores: Scores } {
  const grid = (lo: number, hi: number) => Array.from({ length: Math.round((hi - lo) * 100) + 1 }, (_, i) => Math.round((lo + i / 100) * 100) / 100);
  let best = { threshold: 0.5, fallbackThreshold: 1, scores: evaluateModel(dev, { ...model, threshold: 0.5, fallbackThreshold: 1 }) };
  for (const threshold of grid(0.05, 0.95)) {
    const s = evaluateModel(dev, { ...model, threshold, fallbackThreshold: 1 });
    if (s.f1 > best.scores.f1) best = { threshold, fallbackThreshold: 1, scores: s };
  }
  for (const fallbackThreshold of grid(0, best.threshold).filter((_, i) => i % 2 === 0)) {
    const s = evaluateModel(dev, { ...model, threshold: best.threshold, fallbackThreshold });
    if (s.f1 > best.scores.f1) best = { ...best, fallbackThreshold, scores: s };
  }
  return best;
}

function main(): void {
  const train = prepareRecords(readCdrSplit("CDR_TrainingSet.PubTator.txt"));
  const dev = prepareRecords(readCdrSplit("CDR_DevelopmentSet.PubTator.txt"));
  log(`training ${train.length} docs, development ${dev.length} docs`);
  let best: { model: RelationWeights; threshold: number; fallbackThreshold: number; scores: Scores } | null = null;
  for (const settings of GRID) {
    const model = fitOn(train, settings);
    const tuned = tuneThreshold(model, dev);
    const { precision: p, recall: r, f1 } = tuned.scores;
    log(`steps ${settings.numSteps} lr ${settings.learningRate}: dev P ${p.toFixed(4)} R ${r.toFixed(4)} F1 ${f1.toFixed(4)} at ${tuned.threshold} (fallback ${tuned.fallbackThreshold})`);
    if (!best || tuned.scores.f1 > best.scores.f1) best = { model, ...tuned };
  }
  if (!best) throw new Error("empty grid");
  log(`best: steps ${best.model.model.numSteps} lr ${best.model.model.learningRate} threshold ${best.threshold} fallback ${best.fallbackThreshold} dev F1 ${best.scores.f1.toFixed(4)}`);
  if (DEV_ONLY) {
    const top = best.model.weights.map((w, i) => [w, best.model.features[i]] as const).sort((x, y) => Math.abs(y[0]) - Math.abs(x[0]));
    log(`top weights: ${top.slice(0, 30).map(([w, n]) => `${n} ${w.toFixed(2)}`).join(", ")}`);
    return;
  }
  const settings: FitSettings = { numSteps: best.model.model.numSteps, learningRate: best.model.model.learningRate };
  const all = [...train, ...dev];
  const final = fitOn(all, settings);
  const out = {
    ...final,
    priors: buildPriors(all.map((d) => d.concepts), true),
    threshold: best.threshold,
    fallbackThreshold: best.fallbackThreshold,
    dev: best.scores,
    trainedAt: new Date().toISOString(),
    trainedOn: ["CDR_TrainingSet", "CDR_DevelopmentSet"],
    devModel: { features: best.model.features, weights: best.model.weights },
  };
  const file = path.resolve(process.cwd(), "lib/relations/weights.json");
  writeFileSync(file, `${JSON.stringify(out)}\n`);
  log(`wrote ${file}`);
}

main();
