import { cdrSplitFile, cooccurringPairs, heldOutDevWeights, readSplitRecords, seededSample } from "./cdr-pairs";
import { inPool, withTempLibrary } from "./eval-support";
import { backendArg, evalModel } from "./eval-model";
import type { BenchmarkResult, BenchmarkRow } from "./eval-types";

/**
 * Pairs sampled per run. Source: our budget — about 0.2 s per claim check (4 at once) keeps the benchmark near 1
 * minute, under 3.
 */
const DEFAULT_PAIRS = 300;
/** Claim checks run at once (SQLite is shared; 2 CPU cores). Source: our choice. */
const CONCURRENCY = 4;
/** Seed of the pair sample, so every run checks the same pairs. Source: our choice. */
const SEED = 20160601;

function prf(
  tp: number,
  fp: number,
  fn: number,
): Pick<BenchmarkRow, "precision" | "recall" | "f1" | "tp" | "fp" | "fn"> {
  const precision = tp + fp === 0 ? 0 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 0 : tp / (tp + fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1, tp, fp, fn };
}

/**
 * Claim checks over BC5CDR pairs, on a temporary library of the split's records only (a fresh SQLite file in a
 * temp folder; the project's database is untouched). For `--pairs N` (default 100) chemical–disease pairs sampled
 * with a fixed seed from those co-occurring in a record of the split (gold: a CID relation of the split):
 * - "<chemical> causes <disease>." — precision, recall and F1 of the verdict "supports" against the gold relations,
 *   beside the co-occurrence baseline (saying "supports" to every sampled pair);
 * - "<chemical> does not cause <disease>." for the gold pairs — how often it is contradicted (recall of
 *   "contradicts").
 * Runs the extractive claim check end to end (search, reading through lib/reading, passages, verdict) without a model,
 * or with `--backend llm` the app's LLM claim check on the configured model (counter-statement, scoring, passages,
 * counter-report, verdict; its calls, tokens and estimated cost are reported in `llm`).
 * The dev split is read by the relation model fitted on the training set alone (held out, see heldOutDevWeights).
 * @param args ["--split", "dev"|"test"] (default test), ["--pairs", "N"] or its alias ["--limit", "N"] (the first N
 *   pairs of the seeded sample), ["--backend", "extractive"|"llm"] (default extractive).
 * @throws Error for bad arguments, and for `--backend llm` without a configured model.
 */
export async function runClaims(args: string[]): Promise<BenchmarkResult> {
  const splitArg = args.includes("--split") ? args[args.indexOf("--split") + 1] : "test";
  const file = cdrSplitFile(splitArg);
  const countFlag = args.includes("--pairs") ? "--pairs" : args.includes("--limit") ? "--limit" : null;
  const n = countFlag ? Number(args[args.indexOf(countFlag) + 1]) : DEFAULT_PAIRS;
  if (!Number.isInteger(n) || n < 1) throw new Error(`${countFlag} needs a positive whole number`);
  const model = evalModel(backendArg(args));
  const records = readSplitRecords(file);
  const { setRelationWeights } = await import("@/lib/relations/predict");
  if (splitArg === "dev") setRelationWeights(heldOutDevWeights());

  try {
    return await withTempLibrary("critica-eval-claims-", async () => {
      const { applyMigrations } = await import("@/lib/db/migrate");
      await applyMigrations();
      const { importFile } = await import("@/lib/library/import");
      await importFile(file);
      const pairs = seededSample(cooccurringPairs(records), n, SEED);
      const { askClaim } = await import("./bottomline-runs");
      const positive = await inPool(pairs, CONCURRENCY, (p) => askClaim(`${p.chemical} causes ${p.disease}.`, model));
      const gold = pairs.filter((p) => p.gold);
      const negated = await inPool(gold, CONCURRENCY, (p) =>
        askClaim(`${p.chemical} does not cause ${p.disease}.`, model),
      );

      const said = pairs.map((p, i) => ({ gold: p.gold, yes: positive[i] === "supports" }));
      const tp = said.filter((s) => s.gold && s.yes).length;
      const fp = said.filter((s) => !s.gold && s.yes).length;
      const fn = said.filter((s) => s.gold && !s.yes).length;
      const contradicted = negated.filter((v) => v === "contradicts").length;
      const rows: BenchmarkRow[] = [
        {
          name: "co-occurrence (supports every pair)",
          source: "measured",
          ...prf(gold.length, pairs.length - gold.length, 0),
        },
        { name: "“<chemical> causes <disease>.” → supports", source: "measured", ...prf(tp, fp, fn) },
        {
          name: `“… does not cause …” contradicted (${contradicted} of ${gold.length} true relations)`,
          source: "measured",
          ...prf(contradicted, 0, gold.length - contradicted),
        },
      ];
      return {
        benchmark: "claims",
        split:
          splitArg === "test"
            ? "CDR_TestSet (library: test records only)"
            : "CDR_DevelopmentSet (library: dev records only; read by the relation model fitted on the training " +
              "set alone)",
        documents: records.length,
        goldRelations: gold.length,
        model: {
          pairs: pairs.length,
          seed: SEED,
          verdicts: {
            supports: positive.filter((v) => v === "supports").length,
            contradicts: positive.filter((v) => v === "contradicts").length,
            undecided: positive.filter((v) => v === "undecided").length,
          },
        },
        rows,
        ...(model.modelId ? { llm: { modelId: model.modelId, usage: model.usage() } } : {}),
      };
    });
  } finally {
    setRelationWeights(null);
  }
}
