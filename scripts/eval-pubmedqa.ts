import type { Verdict } from "@/lib/report/appraise/bottom-line";
import { inPool, withTempLibrary } from "./eval-support";
import { backendArg, evalModel } from "./eval-model";
import type { BenchmarkResult, BenchmarkRow } from "./eval-types";
import { isDevPmid, readPubmedQa, type PubmedQaItem } from "@/lib/library/pubmedqa";

/** Research runs at once (SQLite is shared; 2 CPU cores). Source: our choice, as for the claims benchmark. */
const CONCURRENCY = 4;

/**
 * Published accuracies on PQA-L's test set in the reasoning-required setting (Jin et al. 2019, "PubMedQA: A Dataset
 * for Biomedical Research Question Answering", EMNLP, Table 5): majority (always "yes") 0.552, BioBERT with
 * multi-phase fine-tuning 0.681, a single human expert 0.780. Their test set is 500 fixed questions; ours is the
 * odd-PMID half of the same 1,000, so the rows are comparable in kind, not question for question.
 */
const PUBLISHED: BenchmarkRow[] = [
  { name: "majority (always yes), Jin et al. 2019", source: "published", f1: 0.552 },
  { name: "BioBERT, Jin et al. 2019", source: "published", f1: 0.681 },
  { name: "human (single annotator), Jin et al. 2019", source: "published", f1: 0.78 },
];

/**
 * The five-point verdict as PubMedQA's three labels: yes / probably yes → yes, no / probably no → no, unclear →
 * maybe.
 */
export function pubmedQaLabel(verdict: Verdict | null): "yes" | "no" | "maybe" {
  if (verdict === "yes" || verdict === "probably yes") return "yes";
  if (verdict === "no" || verdict === "probably no") return "no";
  return "maybe";
}

/** One question researched: the verdict mapped to a label, and whether the report cites the question's own abstract. */
interface Answered {
  label: "yes" | "no" | "maybe";
  citesOwn: boolean;
}

/**
 * PubMedQA PQA-L (Jin et al. 2019) in the reasoning-required setting: a temporary library (fresh SQLite file in a temp
 * folder; the project's database is untouched) holds all 1,000 abstracts without their conclusions (see
 * readPubmedQa); each question of the split is researched over it end to end (local source, one iteration) with
 * the extractive backend, or with `--backend llm` the configured language model (the app's LLM backend: hypothesis,
 * judge, report, critic; its calls, tokens and estimated cost are reported in `llm`), and the report's bottom line
 * (lib/report/appraise/bottom-line.ts) is mapped onto yes / no / maybe ({@link pubmedQaLabel}). Two figures: accuracy
 * against `final_decision`, and how often the report cites the question's own abstract. Split: dev = even PMIDs
 * (tuning), test = odd PMIDs (report once).
 * @param args ["--split", "dev"|"test"] (default test), ["--limit", "N"] (the first N questions of the split, by
 *   PMID), ["--backend", "extractive"|"llm"] (default extractive).
 * @throws Error for bad arguments, and for `--backend llm` without a configured model.
 */
export async function runPubmedQa(args: string[]): Promise<BenchmarkResult> {
  const split = args.includes("--split") ? args[args.indexOf("--split") + 1] : "test";
  if (split !== "dev" && split !== "test") throw new Error(`unknown split "${split}" (use test or dev)`);
  const limit = args.includes("--limit") ? Number(args[args.indexOf("--limit") + 1]) : Infinity;
  if (limit !== Infinity && (!Number.isInteger(limit) || limit < 1))
    throw new Error("--limit needs a positive whole number");
  const model = evalModel(backendArg(args));
  const all = readPubmedQa();
  const items = all.filter((i) => isDevPmid(i.pmid) === (split === "dev")).slice(0, limit);

  return withTempLibrary("critica-eval-pubmedqa-", async () => {
    const { applyMigrations } = await import("@/lib/db/migrate");
    await applyMigrations();
    const { saveLibraryRecords } = await import("@/lib/db/evidence");
    await saveLibraryRecords(all.map((i) => i.record));
    const { askResearch } = await import("./bottomline-runs");
    const research = async (item: PubmedQaItem): Promise<Answered> => {
      const { verdict, outcome } = await askResearch(item.question, 1, model);
      return {
        label: pubmedQaLabel(verdict),
        citesOwn: outcome.report?.references.some((r) => r.pmid === item.pmid) ?? false,
      };
    };
    const answers = await inPool(items, CONCURRENCY, research);
    const correct = answers.filter((a, i) => a.label === items[i].gold).length;
    const cited = answers.filter((a) => a.citesOwn).length;
    const count = (label: string, of: Array<{ label?: string; gold?: string }>, key: "label" | "gold") =>
      of.filter((x) => x[key] === label).length;
    const who = model.modelId ? `Critica llm (${model.modelId})` : "Critica extractive";
    return {
      benchmark: "pubmedqa",
      split:
        split === "test"
          ? "PQA-L odd PMIDs (test; library: all 1,000 abstracts without conclusions)"
          : "PQA-L even PMIDs (dev, used for tuning; library: all 1,000 abstracts without conclusions)",
      documents: items.length,
      goldRelations: 0,
      metric: "accuracy / rate",
      model: {
        accuracy: correct / items.length,
        correct,
        citesOwnAbstract: cited / items.length,
        cited,
        predicted: {
          yes: count("yes", answers, "label"),
          no: count("no", answers, "label"),
          maybe: count("maybe", answers, "label"),
        },
        gold: {
          yes: count("yes", items, "gold"),
          no: count("no", items, "gold"),
          maybe: count("maybe", items, "gold"),
        },
      },
      rows: [
        { name: `${who}: accuracy`, source: "measured", f1: correct / items.length },
        { name: `${who}: report cites the question's own abstract`, source: "measured", f1: cited / items.length },
        {
          name: "majority (always yes) on this split",
          source: "measured",
          f1: count("yes", items, "gold") / items.length,
        },
        ...PUBLISHED,
      ],
      notes: [
        "published rows are accuracy on Jin et al.'s own 500-question test split of the same 1,000 questions",
        "verdict → label: yes / probably yes → yes, no / probably no → no, unclear → maybe",
      ],
      ...(model.modelId ? { llm: { modelId: model.modelId, usage: model.usage() } } : {}),
    };
  });
}
