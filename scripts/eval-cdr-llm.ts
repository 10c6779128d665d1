import { readFileSync } from "node:fs";
import { parsePubTator } from "@/lib/sources/parse/pubtator";
import { evaluateModel, prepareRecords } from "@/lib/relations/dataset";
import { docCooccurrence, scoreDocuments } from "@/lib/relations/evaluate";
import type { RelationWeights, Scores } from "@/lib/relations/model";
import committed from "@/lib/relations/weights.json";
import type { Evidence } from "@/lib/domain/evidence";
import type { LiteratureSource } from "@/lib/sources/types";
import { cdrSplitFile, cooccurringPairs, readSplitRecords } from "./cdr-pairs";
import { evalModel } from "./eval-model";
import { inPool, withTempLibrary } from "./eval-support";
import type { BenchmarkResult, BenchmarkRow } from "./eval-types";

/** Claim checks at once (each makes several model calls). Source: our choice, as the claims benchmark. */
const CONCURRENCY = 4;

/** A source that answers every search with one record: the claim check then reads that abstract alone. */
function oneRecord(record: Evidence): LiteratureSource {
  return { id: "local", search: async () => [{ ...record, relevance: 1 }] };
}

const measured = (name: string, s: Scores): BenchmarkRow => ({ name, source: "measured", ...s });

/**
 * Doc-level chemical-induced-disease relations of BioCreative V CDR read by the app's claim check on the configured
 * language model (`npm run eval -- cdr --backend llm [--split test|dev] [--limit N]`): for each of the first N
 * documents of the split (file order; default all), every chemical × disease pair of its gold entities (MeSH IDs,
 * as the relation-model benchmark pairs them) is checked as "<chemical> causes <disease>." against that document's
 * title and abstract alone (a source that returns only it); the verdict "supports" predicts the CID relation.
 * Rows on the same documents: this prediction, the doc co-occurrence baseline and the committed relation model.
 * The model's calls, tokens and estimated cost are reported in `llm`. Nothing is tuned here.
 * @throws Error for an unknown split or a bad --limit, and when no language model is configured.
 */
export async function runCdrWithModel(args: string[]): Promise<BenchmarkResult> {
  const split = args.includes("--split") ? args[args.indexOf("--split") + 1] : "test";
  const file = cdrSplitFile(split);
  const limit = args.includes("--limit") ? Number(args[args.indexOf("--limit") + 1]) : Infinity;
  if (limit !== Infinity && (!Number.isInteger(limit) || limit < 1))
    throw new Error("--limit needs a positive whole number");
  const model = evalModel("llm");
  const records = readSplitRecords(file).slice(0, limit);
  const evidence = new Map(parsePubTator(readFileSync(file, "utf8")).map((e) => [e.citation.pmid, e]));
  const docs = prepareRecords(records);
  const checks = records.flatMap((r) => cooccurringPairs([r]).map((pair) => ({ pmid: r.pmid, pair })));

  const verdicts = await withTempLibrary("critica-eval-cdr-llm-", async () => {
    const { applyMigrations } = await import("@/lib/db/migrate");
    await applyMigrations();
    const { askClaim } = await import("./bottomline-runs");
    return inPool(checks, CONCURRENCY, ({ pmid, pair }) =>
      askClaim(`${pair.chemical} causes ${pair.disease}.`, model, [oneRecord(evidence.get(pmid)!)]),
    );
  });
  const predicted = new Map(records.map((r) => [r.pmid, new Set<string>()]));
  checks.forEach((c, i) => {
    if (verdicts[i] === "supports") predicted.get(c.pmid)!.add(`${c.pair.chemicalId}|${c.pair.diseaseId}`);
  });
  const weights = committed as unknown as RelationWeights;
  return {
    benchmark: "cdr",
    split:
      `${file.replace(/^.*\//, "").replace(".PubTator.txt", "")} ` +
      `(${records.length === 1 ? "its first document" : `its first ${records.length} documents`}; each pair ` +
      `checked as a claim against its own abstract)`,
    documents: docs.length,
    goldRelations: docs.reduce((n, d) => n + d.gold.size, 0),
    model: {
      pairs: checks.length,
      verdicts: {
        supports: verdicts.filter((v) => v === "supports").length,
        contradicts: verdicts.filter((v) => v === "contradicts").length,
        undecided: verdicts.filter((v) => v === "undecided").length,
      },
    },
    rows: [
      measured(
        "doc co-occurrence baseline",
        scoreDocuments(docs.map((d) => ({ gold: d.gold, predicted: docCooccurrence(d.analysis) }))),
      ),
      measured("Critica relation model", evaluateModel(docs, weights)),
      measured(
        `claim check (llm ${model.modelId}): “<chemical> causes <disease>.” → supports`,
        scoreDocuments(docs.map((d) => ({ gold: d.gold, predicted: predicted.get(d.pmid)! }))),
      ),
    ],
    notes: [
      "gold entities; doc-level pairs by MeSH ID; each pair checked against its own document's abstract alone",
      "the relation model and the claim check read the same documents; published BioCreative V rows are in " +
        "`eval -- cdr` (all documents)",
    ],
    llm: { modelId: model.modelId!, usage: model.usage() },
  };
}
