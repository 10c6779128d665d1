import { readCdrSplit } from "./cdr-corpus";
import type { BenchmarkResult, BenchmarkRow } from "./eval-types";
import { evaluateModel, prepareRecords } from "@/lib/relations/dataset";
import { docCooccurrence, scoreDocuments, sentenceCooccurrence } from "@/lib/relations/evaluate";
import type { RelationWeights, Scores } from "@/lib/relations/model";
import committed from "@/lib/relations/weights.json";

/** Which CDR split to score (the default is the test split; "dev" is for checking the tuning figures). */
const SPLITS: Record<string, string> = {
  test: "CDR_TestSet.PubTator.txt",
  dev: "CDR_DevelopmentSet.PubTator.txt",
};

function measured(name: string, s: Scores): BenchmarkRow {
  return { name, source: "measured", ...s };
}

/**
 * Doc-level chemical-induced-disease relations on BioCreative V CDR with the gold entity annotations
 * (pairs by MeSH ID; mentions with ID -1 skipped; composite IDs "D1|D2" expanded to each part).
 * Rows: the two co-occurrence baselines and the committed model, measured here, and the published
 * BioCreative V figures (Wei et al. 2016, Database baw032), which used the teams' own entity recognition.
 * @param args ["--split", "dev"] scores the development split instead of the test split.
 */
export function runCdr(args: string[]): BenchmarkResult {
  const splitArg = args.includes("--split") ? args[args.indexOf("--split") + 1] : "test";
  const file = SPLITS[splitArg];
  if (!file) throw new Error(`unknown split "${splitArg}" (use test or dev)`);
  const docs = prepareRecords(readCdrSplit(file));
  const weights = committed as unknown as RelationWeights;
  const rows: BenchmarkRow[] = [
    measured(
      "doc co-occurrence baseline",
      scoreDocuments(docs.map((d) => ({ gold: d.gold, predicted: docCooccurrence(d.analysis) }))),
    ),
    measured(
      "sentence co-occurrence baseline",
      scoreDocuments(docs.map((d) => ({ gold: d.gold, predicted: sentenceCooccurrence(d.analysis) }))),
    ),
    measured("Critica relation model", evaluateModel(docs, weights)),
    { name: "best BioCreative V team (own NER)", source: "published", f1: 0.57 },
    { name: "BioCreative V ensemble", source: "published", f1: 0.628 },
  ];
  return {
    benchmark: "cdr",
    split: file.replace(".PubTator.txt", ""),
    documents: docs.length,
    goldRelations: docs.reduce((n, d) => n + d.gold.size, 0),
    model: {
      threshold: weights.threshold,
      fallbackThreshold: weights.fallbackThreshold,
      trainedAt: weights.trainedAt,
      trainedOn: weights.trainedOn,
      dev: weights.dev,
      ...weights.model,
    },
    rows,
    notes: [
      "gold entities; doc-level pairs by MeSH ID; mentions with ID -1 skipped; composite IDs expanded",
      "published rows used the teams' own entity recognition (Wei et al. 2016, Database baw032)",
      ...(splitArg === "dev"
        ? [
            "the committed model was refit on CDR_DevelopmentSet: this dev row is a training fit, see model.dev " +
              "for the held-out dev score",
          ]
        : []),
    ],
  };
}
