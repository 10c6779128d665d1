import type { ClaimVerdict } from "@/lib/domain/claim-check";
import type { Verdict } from "@/lib/report/appraise/bottom-line";
import { ORGAN_QUESTION_WORDS, organQuestionFor, organQuestionsWithout } from "./bottomline-organs";
import {
  cdrSplitFile,
  cooccurringPairs,
  heldOutDevWeights,
  readSplitRecords,
  seededSample,
  type CdrPair,
} from "./cdr-pairs";
import { inPool, withTempLibrary } from "./eval-support";
import type { BenchmarkResult, BenchmarkRow } from "./eval-types";
import { runPubmedQa } from "./eval-pubmedqa";

/** Pairs of each kind (CID, co-occurring non-CID) asked per run. Source: our budget, about 4 minutes on 2 cores. */
const DEFAULT_PAIRS = 100;
/** Organ questions asked per run. Source: our budget. */
const DEFAULT_ORGAN_QUESTIONS = 40;
/**
 * Research runs and claim checks at once (SQLite is shared; 2 CPU cores). Source: our choice, as the other benchmarks.
 */
const CONCURRENCY = 4;
/** Seed of the samples, so that every run asks the same pairs. Source: our choice (the claims benchmark's). */
const SEED = 20160601;
/** Iterations of each research run: the default of CRITICA_MAX_ITERATIONS, as a new user's run. */
const ITERATIONS = 3;

/** What one question asked as research and as claim checks gave. */
export interface PairAnswer {
  pair: CdrPair;
  research: Verdict | null;
  unverified: boolean;
  claim: ClaimVerdict;
  /** "<chemical> does not cause <disease>." for a CID pair; null for other pairs. */
  negated: ClaimVerdict | null;
}

/**
 * The research verdict as a claim verdict: yes / probably yes → supports, no / probably no → contradicts, else
 * undecided.
 */
export function asClaimVerdict(v: Verdict | null): ClaimVerdict {
  if (v === "yes" || v === "probably yes") return "supports";
  if (v === "no" || v === "probably no") return "contradicts";
  return "undecided";
}

function argNumber(args: string[], name: string, fallback: number): number {
  if (!args.includes(name)) return fallback;
  const n = Number(args[args.indexOf(name) + 1]);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} needs a whole number`);
  return n;
}

const rate = (n: number, of: number) => (of === 0 ? 0 : n / of);

/**
 * The bottom line against BC5CDR (issue: one reading, one answer). On a temporary library of one split's records
 * (fresh SQLite file; the project's database is untouched), with the extractive backend end to end:
 * - `--pairs N` CID pairs and N co-occurring non-CID pairs of the split (seeded sample, balanced), each asked as the
 *   research question "Does <chemical> cause <disease>?" (3 iterations) and as the claim "<chemical> causes
 *   <disease>."; each CID pair also as "<chemical> does not cause <disease>.";
 * - `--organs N` organ questions "Is <chemical> cardiotoxic?" (hepatotoxic, nephrotoxic, ototoxic, neurotoxic) for
 *   chemicals with a CID relation in the split to a disease of that organ, and N for chemicals named with a disease of
 *   the organ but with no CID relation in the split to any (organQuestionsWithout), whose yes-rate shows that the
 *   organ rule still discriminates.
 * Rows: yes-rate (yes or probably yes) on CID pairs and on non-CID pairs, agreement of research and claim check
 * (supports ~ yes/probably yes, contradicts ~ no/probably no, undecided ~ unclear), organ questions answered yes (with
 * and without an annotated toxicity), share of Unverified reports over every research run, negated true relations
 * contradicted; then PubMedQA on the
 * matching split (test: odd PMIDs, dev: even) beside its majority baseline.
 * Split dev reads its records with the relation model fitted on the training set alone ({@link heldOutDevWeights}),
 * so dev figures are held-out; test is the committed model on the test split (report once).
 * @param args ["--split", "test"|"dev"] (default test), ["--pairs", "N"], ["--organs", "N"], ["--no-pubmedqa"].
 */
export async function runBottomLine(args: string[]): Promise<BenchmarkResult> {
  const split = args.includes("--split") ? args[args.indexOf("--split") + 1] : "test";
  const file = cdrSplitFile(split);
  const n = argNumber(args, "--pairs", DEFAULT_PAIRS);
  const organCount = argNumber(args, "--organs", DEFAULT_ORGAN_QUESTIONS);
  const records = readSplitRecords(file);
  const all = cooccurringPairs(records);
  const pairs = [
    ...seededSample(
      all.filter((p) => p.gold),
      n,
      SEED,
    ),
    ...seededSample(
      all.filter((p) => !p.gold),
      n,
      SEED,
    ),
  ];
  const organQuestions = seededSample(organQuestionFor(records), organCount, SEED);
  const withoutQuestions = seededSample(organQuestionsWithout(records), organCount, SEED);
  const { setRelationWeights } = await import("@/lib/relations/predict");
  if (split === "dev") setRelationWeights(heldOutDevWeights());
  try {
    const answers = await withTempLibrary("critica-eval-bottomline-", async () => {
      const { applyMigrations } = await import("@/lib/db/migrate");
      await applyMigrations();
      const { importFile } = await import("@/lib/library/import");
      await importFile(file);
      const { askResearch, askClaim } = await import("./bottomline-runs");
      const pairAnswers = await inPool(pairs, CONCURRENCY, async (pair): Promise<PairAnswer> => {
        const research = await askResearch(`Does ${pair.chemical} cause ${pair.disease}?`, ITERATIONS);
        const claim = await askClaim(`${pair.chemical} causes ${pair.disease}.`);
        const negated = pair.gold ? await askClaim(`${pair.chemical} does not cause ${pair.disease}.`) : null;
        return { pair, research: research.verdict, unverified: research.unverified, claim, negated };
      });
      const organAnswers = await inPool(organQuestions, CONCURRENCY, async (q) => ({
        q,
        ...(await askResearch(q.question, ITERATIONS)),
      }));
      const withoutAnswers = await inPool(withoutQuestions, CONCURRENCY, async (q) => ({
        q,
        ...(await askResearch(q.question, ITERATIONS)),
      }));
      return { pairAnswers, organAnswers, withoutAnswers };
    });
    const { pairAnswers, organAnswers, withoutAnswers } = answers;
    const cid = pairAnswers.filter((a) => a.pair.gold);
    const other = pairAnswers.filter((a) => !a.pair.gold);
    const yes = (v: Verdict | null) => v === "yes" || v === "probably yes";
    const agree = pairAnswers.filter((a) => asClaimVerdict(a.research) === a.claim).length;
    const runs = pairAnswers.length + organAnswers.length + withoutAnswers.length;
    const unverified = [...pairAnswers, ...organAnswers, ...withoutAnswers].filter((a) => a.unverified).length;
    const contradicted = cid.filter((a) => a.negated === "contradicts").length;
    const rows: BenchmarkRow[] = [
      {
        name:
          `CID pairs answered yes / probably yes (${cid.filter((a) => yes(a.research)).length} of ${cid.length}; ` +
          `goal ≥ 0.70)`,
        source: "measured",
        f1: rate(cid.filter((a) => yes(a.research)).length, cid.length),
      },
      {
        name:
          `non-CID co-occurring pairs answered yes / probably yes ` +
          `(${other.filter((a) => yes(a.research)).length} of ${other.length}; goal ≤ 0.25)`,
        source: "measured",
        f1: rate(other.filter((a) => yes(a.research)).length, other.length),
      },
      {
        name: `research and claim check agree (${agree} of ${pairAnswers.length}; goal ≥ 0.90)`,
        source: "measured",
        f1: rate(agree, pairAnswers.length),
      },
      {
        name:
          `organ questions answered yes / probably yes (${organAnswers.filter((a) => yes(a.verdict)).length} of ` +
          `${organAnswers.length}; goal ≥ 0.90)`,
        source: "measured",
        f1: rate(organAnswers.filter((a) => yes(a.verdict)).length, organAnswers.length),
      },
      {
        name:
          `organ questions without an annotated toxicity answered yes / probably yes ` +
          `(${withoutAnswers.filter((a) => yes(a.verdict)).length} of ${withoutAnswers.length}; goal: clearly ` +
          `lower, ≤ 0.30)`,
        source: "measured",
        f1: rate(withoutAnswers.filter((a) => yes(a.verdict)).length, withoutAnswers.length),
      },
      {
        name: `Unverified reports (${unverified} of ${runs} runs; goal ≤ 0.05)`,
        source: "measured",
        f1: rate(unverified, runs),
      },
      {
        name: `negated true relations contradicted (${contradicted} of ${cid.length}; goal ≥ 0.80)`,
        source: "measured",
        f1: rate(contradicted, cid.length),
      },
    ];
    const notes = [
      (split === "dev"
        ? "CDR_DevelopmentSet read by the relation model fitted on CDR_TrainingSet alone (held out)"
        : "CDR_TestSet read by the committed relation model (fitted on training + development)") +
        "; library: the split's 500 records only",
      `pairs: ${n} CID and ${n} co-occurring non-CID pairs (seed ${SEED}); research: 3 iterations, extractive; ` +
        `organ words: ${ORGAN_QUESTION_WORDS.join(", ")}`,
    ];
    if (!args.includes("--no-pubmedqa")) {
      const qa = await runPubmedQa(["--split", split]);
      rows.push(
        ...qa.rows
          .filter((r) => r.source === "measured" && !r.name.includes("cites"))
          .map((r) => ({ ...r, name: `PubMedQA ${r.name}` })),
      );
      notes.push(`PubMedQA: ${qa.split}`);
    }
    return {
      benchmark: "bottomline",
      split:
        split === "test"
          ? "CDR_TestSet (measured once, after tuning on development)"
          : "CDR_DevelopmentSet (held out from the relation model; used for tuning)",
      documents: records.length,
      goldRelations: cid.length,
      metric: "rate",
      model: {
        seed: SEED,
        pairs: pairAnswers.map((a) => ({
          chemical: a.pair.chemical,
          disease: a.pair.disease,
          gold: a.pair.gold,
          research: a.research,
          claim: a.claim,
          negated: a.negated,
          unverified: a.unverified,
        })),
        organs: organAnswers.map((a) => ({ question: a.q.question, verdict: a.verdict, unverified: a.unverified })),
        organsWithout: withoutAnswers.map((a) => ({
          question: a.q.question,
          verdict: a.verdict,
          unverified: a.unverified,
        })),
      },
      rows,
      notes,
    };
  } finally {
    setRelationWeights(null);
  }
}
