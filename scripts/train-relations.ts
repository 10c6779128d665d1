/**
 * Trains the chemical-induced-disease relation model (lib/relations) on BioCreative V CDR.
 * 1. Features for every chemical × disease pair of CDR_TrainingSet (priors leave-one-document-out).
 * 2. For each hyperparameter setting: fit ml-logistic-regression (the first stage); fit it again on 5 folds of the
 *    documents to get every training pair's out-of-fold P(CID), from which the document-context features of the
 *    second stage are computed (lib/relations/context.ts), and fit the second stage on those; score
 *    CDR_DevelopmentSet (priors from the training documents only) at every threshold 0.05…0.95; keep the best
 *    (setting, threshold) by dev F1.
 * 3. Refit both stages with that setting on Training + Development and write lib/relations/weights.json.
 * Deterministic: batch gradient descent from zero weights, no sampling, so the same data gives the same file.
 * Usage: npm run train:relations [-- --quick [--steps N --lr X]] [--min-count N] [--dev-only]
 *   --quick: one setting, for smoke runs; --dev-only: report dev scores and top weights, write no weights.json
 *   (--dev-out FILE: save that train-only model for error analysis)
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { readCdrSplit } from "./cdr-corpus";
import { fitLogistic, type FitSettings } from "./relations-fit";
import { buildVocabulary, featureNames, featurizeDocs, withContext, type Example } from "./relations-featurize";
import { CONTEXT_FEATURES } from "@/lib/relations/context";
import { evaluateModel, prepareRecords, type PreparedDoc } from "@/lib/relations/dataset";
import { featureIndex, probability, type RelationWeights, type Scores } from "@/lib/relations/model";
import { buildPriors } from "@/lib/relations/priors";

const PACKAGE = { package: "ml-logistic-regression", version: "2.0.0" };
const argValue = (name: string) =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : undefined;
// Steps grid: 200 and 300 steps scored below 500 on dev in an earlier run, so the grid starts at 500.
const GRID: FitSettings[] = process.argv.includes("--quick")
  ? [{ numSteps: argValue("--steps") ?? 300, learningRate: argValue("--lr") ?? 0.5 }]
  : [500, 800, 1200].map((numSteps) => ({ numSteps, learningRate: 0.5 }));
// Dev only: stop after tuning (no refit, no file written), for feature experiments.
const DEV_ONLY = process.argv.includes("--dev-only");
/** Context words need this many candidate pairs in the training documents to get a weight (tuned on dev). */
const MIN_CONTEXT_COUNT = argValue("--min-count") ?? 40;

function log(message: string): void {
  process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${message}\n`);
}

/**
 * Gradient steps of the second stage (a model of 16 features, which needs more steps than the first stage's to
 * converge).
 */
const CONTEXT_STEPS = argValue("--context-steps") ?? 2000;

/**
 * Folds of the out-of-fold first-stage probabilities (documents by index modulo FOLDS). Source: our choice, the usual
 * 5.
 */
const FOLDS = 5;

// Rounded as stored in weights.json, so that the scores measured here are those of the stored numbers.
const fitRounded = (rows: Example[], names: string[], settings: FitSettings) =>
  fitLogistic(rows, names, settings).map((x) => Math.round(x * 1e6) / 1e6);

/**
 * Out-of-fold first-stage P(CID) of every training example: each fold's documents scored by a first stage fitted on
 * the other folds, so that the second stage learns from probabilities like those of unseen documents.
 */
function outOfFold(rows: Example[], features: string[], settings: FitSettings): number[] {
  const out = new Array<number>(rows.length);
  const index = featureIndex(features);
  for (let k = 0; k < FOLDS; k++) {
    const weights = fitRounded(
      rows.filter((r) => r.doc % FOLDS !== k),
      features,
      settings,
    );
    rows.forEach((r, i) => {
      if (r.doc % FOLDS === k) out[i] = probability(weights, index, r.x);
    });
    log(`  fold ${k + 1} of ${FOLDS} fitted`);
  }
  return out;
}

/** Fits both stages on `train` and returns a model (threshold not yet tuned) with its feature lists. */
function fitOn(train: PreparedDoc[], settings: FitSettings): RelationWeights {
  const priors = buildPriors(train.map((d) => d.concepts));
  const features = featureNames(buildVocabulary(train, MIN_CONTEXT_COUNT));
  const rows = featurizeDocs(train, priors, new Set(features), true);
  const weights = fitRounded(rows, features, settings);
  const contextNames = [...CONTEXT_FEATURES];
  const contextRows = withContext(train, rows, outOfFold(rows, features, settings));
  const context = {
    features: contextNames,
    weights: fitRounded(contextRows, contextNames, { ...settings, numSteps: CONTEXT_STEPS }),
  };
  return {
    model: { ...PACKAGE, ...settings },
    features,
    weights,
    context,
    threshold: 0.5,
    priors,
    dev: { precision: 0, recall: 0, f1: 0, tp: 0, fp: 0, fn: 0 },
    trainedAt: "",
    trainedOn: [],
  };
}

/**
 * Threshold on dev (0.05…0.95 by 0.01) maximising F1 averaged over a ±0.02 window (a plateau, not a spike:
 * dev has 1012 gold pairs, so single-threshold peaks are partly noise); then the best fallback threshold below it.
 * smoothed: the window-averaged F1 at the chosen threshold, used to compare settings.
 */
function tuneThreshold(
  model: RelationWeights,
  dev: PreparedDoc[],
): { threshold: number; fallbackThreshold: number; scores: Scores; smoothed: number } {
  const grid = (lo: number, hi: number) =>
    Array.from({ length: Math.round((hi - lo) * 100) + 1 }, (_, i) => Math.round((lo + i / 100) * 100) / 100);
  const thresholds = grid(0.03, 0.97);
  // Swept with the document rule fully on (fallback 0), as it will be used; the fallback is tuned after.
  const curve = thresholds.map((threshold) => evaluateModel(dev, { ...model, threshold, fallbackThreshold: 0 }));
  let bestI = 2;
  const window = (i: number) =>
    (curve[i - 2].f1 + curve[i - 1].f1 + curve[i].f1 + curve[i + 1].f1 + curve[i + 2].f1) / 5;
  for (let i = 2; i < curve.length - 2; i++) if (window(i) > window(bestI)) bestI = i;
  let best = { threshold: thresholds[bestI], fallbackThreshold: 0, scores: curve[bestI], smoothed: window(bestI) };
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
  let best: {
    model: RelationWeights;
    threshold: number;
    fallbackThreshold: number;
    scores: Scores;
    smoothed: number;
  } | null = null;
  for (const settings of GRID) {
    const model = fitOn(train, settings);
    const tuned = tuneThreshold(model, dev);
    const { precision: p, recall: r, f1 } = tuned.scores;
    log(
      `steps ${settings.numSteps} lr ${settings.learningRate}: dev P ${p.toFixed(4)} R ${r.toFixed(4)} F1 ` +
        `${f1.toFixed(4)} at ${tuned.threshold} (fallback ${tuned.fallbackThreshold}; window F1 ` +
        `${tuned.smoothed.toFixed(4)})`,
    );
    if (!best || tuned.smoothed > best.smoothed) best = { model, ...tuned };
  }
  if (!best) throw new Error("empty grid");
  log(
    `best: steps ${best.model.model.numSteps} lr ${best.model.model.learningRate} threshold ${best.threshold} ` +
      `fallback ${best.fallbackThreshold} dev F1 ${best.scores.f1.toFixed(4)}`,
  );
  if (DEV_ONLY) {
    const top = best.model.weights
      .map((w, i) => [w, best.model.features[i]] as const)
      .sort((x, y) => Math.abs(y[0]) - Math.abs(x[0]));
    log(
      `top weights: ${top
        .slice(0, 30)
        .map(([w, n]) => `${n} ${w.toFixed(2)}`)
        .join(", ")}`,
    );
    const outIndex = process.argv.indexOf("--dev-out");
    if (outIndex > 0)
      writeFileSync(
        process.argv[outIndex + 1],
        JSON.stringify({ ...best.model, threshold: best.threshold, fallbackThreshold: best.fallbackThreshold }),
      );
    return;
  }
  const settings: FitSettings = { numSteps: best.model.model.numSteps, learningRate: best.model.model.learningRate };
  const all = [...train, ...dev];
  const final = fitOn(all, settings);
  const out = {
    ...final,
    priors: buildPriors(
      all.map((d) => d.concepts),
      true,
    ),
    threshold: best.threshold,
    fallbackThreshold: best.fallbackThreshold,
    dev: best.scores,
    trainedAt: new Date().toISOString(),
    trainedOn: ["CDR_TrainingSet", "CDR_DevelopmentSet"],
    devModel: { features: best.model.features, weights: best.model.weights, context: best.model.context },
  };
  const file = path.resolve(process.cwd(), "lib/relations/weights.json");
  writeFileSync(file, `${JSON.stringify(out)}\n`);
  log(`wrote ${file}`);
}

main();
