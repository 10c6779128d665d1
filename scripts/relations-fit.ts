import LogisticRegressionTwoClasses from "ml-logistic-regression/src/logreg_2classes.js";
import { Matrix } from "ml-matrix";
import type { Example } from "./relations-featurize";

/**
 * Hyperparameters of ml-logistic-regression's batch gradient ascent. learningRate is per example: the
 * package sums the gradient over all rows, so it is divided by the number of examples before being passed.
 */
export interface FitSettings {
  numSteps: number;
  learningRate: number;
}

/**
 * Fits a binary logistic regression with ml-logistic-regression@2.0.0 (its two-class model, the one its
 * one-vs-all wrapper trains per class; training it directly halves the time for our single decision).
 * @returns one weight per feature name, in order (the intercept is the constant "bias" feature).
 */
export function fitLogistic(examples: Example[], names: string[], settings: FitSettings): number[] {
  const index = new Map(names.map((n, i) => [n, i]));
  const X = new Matrix(examples.length, names.length);
  examples.forEach((ex, r) => {
    for (const [name, value] of ex.x) {
      const c = index.get(name);
      if (c !== undefined) X.set(r, c, value);
    }
  });
  const y = Matrix.columnVector(examples.map((ex) => ex.y));
  const model = new LogisticRegressionTwoClasses({
    numSteps: settings.numSteps,
    learningRate: settings.learningRate / examples.length,
  });
  model.train(X, y);
  if (!model.weights) throw new Error("ml-logistic-regression returned no weights");
  return model.weights.to1DArray();
}
