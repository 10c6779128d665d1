import type { ClaimVerdict } from "@/lib/domain/claim-check";
import type { Verdict } from "@/lib/report/appraise/bottom-line";
import { asClaimVerdict } from "./eval-bottomline";
import { cdrSplitFile, heldOutDevWeights, readSplitRecords } from "./cdr-pairs";
import { conceptQuestions, type ConceptQuestion } from "./concept-questions";
import path from "node:path";
import { CDR_DIR, readCdrSplit } from "./cdr-corpus";
import { inPool, withTempLibrary } from "./eval-support";
import type { BenchmarkResult, BenchmarkRow } from "./eval-types";

/**
 * Questions of each level asked per run (indications: twice as many). Source: our budget, about 10 minutes on 2 cores.
 */
const DEFAULT_PER_LEVEL = 40;
/** Research runs and claim checks at once, seed and iterations: as the bottom-line benchmark. */
const CONCURRENCY = 4;
const SEED = 20160601;
const TRAINING_FILE = "CDR_TrainingSet.PubTator.txt";
const ITERATIONS = 3;

/** What one concept question asked as research and as a claim check gave, and how its gold records were read. */
interface ConceptAnswer {
  q: ConceptQuestion;
  research: Verdict | null;
  claim: ClaimVerdict;
  /** Stances of the gold records the research run retrieved, by PMID. */
  goldStances: Record<string, string>;
}

const rate = (n: number, of: number) => (of === 0 ? 0 : n / of);
const yes = (v: Verdict | null) => v === "yes" || v === "probably yes";

function argNumber(args: string[], name: string, fallback: number): number {
  if (!args.includes(name)) return fallback;
  const n = Number(args[args.indexOf(name) + 1]);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} needs a positive whole number`);
  return n;
}

/** The records of the split(s): "dev" (default, read by the model fitted on the training set alone) or "train". */
function splitRecords(split: string) {
  if (split === "dev") return readSplitRecords(cdrSplitFile("dev"));
  if (split === "train") return readCdrSplit(TRAINING_FILE);
  throw new Error(`unknown split "${split}" (use dev or train; the test split is never read here)`);
}

/**
 * Concept-level questions (scripts/concept-questions.ts) researched and checked as claims on a temporary library of the
 * split's records, extractive, 3 iterations. Rows: class and broader-disease questions answered yes (goal ≥ 0.80),
 * indications answered yes (goal ≤ 0.20), the gold records the runs retrieved read yes or possibly, read no (goal ≤
 * 0.05), read as related evidence on related-outcome questions, and agreement of research and claim check (goal ≥
 * 0.90). Split dev reads its records with the relation model fitted on CDR_TrainingSet alone (held out); split train
 * reads the training records with the committed model, which was fitted on them (in-sample: an upper bound).
 * @param args ["--split", "dev"|"train"] (default dev), ["--per-level", "N"] (default 40), ["--level",
 *   "broader,class"] (only those levels; default all).
 */
export async function runConcepts(args: string[]): Promise<BenchmarkResult> {
  const split = args.includes("--split") ? args[args.indexOf("--split") + 1] : "dev";
  const records = splitRecords(split);
  const perLevel = argNumber(args, "--per-level", DEFAULT_PER_LEVEL);
  // CID pairs of both splits the questions may come from: a lifted "indication" covering any of them is no negative.
  const known = new Set(
    [...readSplitRecords(cdrSplitFile("dev")), ...readCdrSplit(TRAINING_FILE)].flatMap((r) =>
      r.relations.map(([c, d]) => `${c}|${d}`),
    ),
  );
  // The same seeded questions, optionally of some levels only ("--level broader"): each level is sampled apart.
  const levels = args.includes("--level") ? args[args.indexOf("--level") + 1].split(",") : null;
  const questions = conceptQuestions(records, perLevel, SEED, known).filter((q) => !levels || levels.includes(q.level));
  const { setRelationWeights } = await import("@/lib/relations/predict");
  if (split === "dev") setRelationWeights(heldOutDevWeights());
  try {
    const answers = await withTempLibrary("critica-eval-concepts-", async () => {
      const { applyMigrations } = await import("@/lib/db/migrate");
      await applyMigrations();
      const { importFile } = await import("@/lib/library/import");
      await importFile(split === "dev" ? cdrSplitFile("dev") : path.join(CDR_DIR, TRAINING_FILE));
      const { askResearch, askClaim } = await import("./bottomline-runs");
      const { readQuestionEvidence } = await import("@/lib/reading/read");
      return inPool(questions, CONCURRENCY, async (q): Promise<ConceptAnswer> => {
        const research = await askResearch(q.question, ITERATIONS);
        const claim = await askClaim(q.claim);
        const evidence = research.outcome.evidence;
        const readings = readQuestionEvidence(q.question, evidence).readings;
        const goldStances: Record<string, string> = {};
        evidence.forEach((e, i) => {
          if (e.citation.pmid && q.gold.includes(e.citation.pmid)) goldStances[e.citation.pmid] = readings[i].stance;
        });
        return { q, research: research.verdict, claim, goldStances };
      });
    });
    return conceptResult(split, records.length, answers);
  } finally {
    setRelationWeights(null);
  }
}

function conceptResult(split: string, documents: number, answers: ConceptAnswer[]): BenchmarkResult {
  const at = (level: ConceptQuestion["level"]) => answers.filter((a) => a.q.level === level);
  const lifted = [...at("class"), ...at("broader")];
  const positives = [...lifted, ...at("related")];
  const stances = (as: ConceptAnswer[]) => as.flatMap((a) => Object.values(a.goldStances));
  const goldRead = stances(lifted);
  const relatedRead = stances(at("related"));
  const agree = answers.filter((a) => asClaimVerdict(a.research) === a.claim).length;
  const count = (list: string[], ...s: string[]) => list.filter((x) => s.includes(x)).length;
  const row = (name: string, n: number, of: number): BenchmarkRow => ({
    name: `${name} (${n} of ${of})`,
    source: "measured",
    f1: rate(n, of),
  });
  const yesOf = (as: ConceptAnswer[]) => as.filter((a) => yes(a.research)).length;
  return {
    benchmark: "concepts",
    split:
      split === "dev"
        ? "CDR_DevelopmentSet (held out from the relation model: read by the model fitted on CDR_TrainingSet alone)"
        : "CDR_TrainingSet (in-sample: the committed relation model was fitted on these records)",
    documents,
    goldRelations: positives.length,
    metric: "rate",
    model: {
      seed: SEED,
      questions: answers.map((a) => ({
        level: a.q.level,
        question: a.q.question,
        research: a.research,
        claim: a.claim,
        gold: a.goldStances,
      })),
    },
    rows: [
      row("class questions answered yes / probably yes; goal ≥ 0.80", yesOf(at("class")), at("class").length),
      row(
        "broader-disease questions answered yes / probably yes; goal ≥ 0.80",
        yesOf(at("broader")),
        at("broader").length,
      ),
      row("class and broader questions together; goal ≥ 0.80", yesOf(lifted), lifted.length),
      row("indications answered yes / probably yes; goal ≤ 0.20", yesOf(at("indication")), at("indication").length),
      row("gold records retrieved, read yes or possibly", count(goldRead, "yes", "possibly"), goldRead.length),
      row("gold records retrieved, read no; goal ≤ 0.05", count(goldRead, "no"), goldRead.length),
      row(
        "related-outcome questions: gold records read as related evidence (or yes / possibly)",
        count(relatedRead, "related", "yes", "possibly"),
        relatedRead.length,
      ),
      row("related-outcome questions: gold records read no; goal ≤ 0.05", count(relatedRead, "no"), relatedRead.length),
      row("research and claim check agree; goal ≥ 0.90", agree, answers.length),
    ],
    notes: [
      `questions generated from the split's gold CID relations through MeSH pharmacological actions (class) and ` +
        `trees (broader, related), indications from its co-occurring pairs without a CID relation (seed ` +
        `${SEED}, ${answers.length} questions); research: ${ITERATIONS} iterations, extractive; library: the ` +
        `split's records only`,
    ],
  };
}
