// Types for the parts of ml-logistic-regression@2.0.0 (MIT, mljs) that scripts/train-relations.ts uses;
// the package ships none. Its two-class model is batch gradient ascent on the log-likelihood, no intercept
// (we add a constant "bias" feature), no regularisation (numSteps acts as early stopping).
declare module "ml-logistic-regression/src/logreg_2classes.js" {
  import type { Matrix } from "ml-matrix";
  export default class LogisticRegressionTwoClasses {
    constructor(options?: { numSteps?: number; learningRate?: number });
    weights: Matrix | null;
    train(features: Matrix, target: Matrix): void;
    testScores(features: Matrix): number[];
  }
}
