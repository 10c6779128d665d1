/**
 * Calibrates the reading's constants (lib/reading/record.ts RELATION_PROBABILITY, ORGAN_UNRELATED_BEARING,
 * PAIR_UNRELATED_BEARING;
 * lib/reading/verdict.ts VERDICT_WEIGHTS) on development data only:
 * - a balanced set of CDR_DevelopmentSet pairs (CID and co-occurring non-CID, seeded sample) asked as "Does
 *   <chemical> cause <disease>?", every organ question of the split ("Is <chemical> cardiotoxic?"), each researched
 *   end to end (extractive, 3 iterations) on a library of the split's records, read by the relation model fitted on
 *   CDR_TrainingSet alone (so no record is one the model was fitted on);
 * - PubMedQA's even PMIDs researched over the 1,000 abstracts without conclusions (one iteration, as its benchmark).
 * Each question is researched once; the grid then re-reads the collected predictions. Pair questions and organ
 * questions are tuned apart (their thresholds are separate): for pairs, the settings with CID yes-rate ≥ 0.8, non-CID
 * yes-rate ≤ 0.22, negated CID claims contradicted ≥ 0.8 and PubMedQA accuracy above its majority baseline (margins
 * for the test split), best claim-level F1 at the split's own share of CID pairs first; for organ questions, those
 * with organ yes-rate ≥ 0.9 and yes-rate without an annotated toxicity ≤ 0.25, widest gap first. Usage: npx tsx
 * --conditions=react-server scripts/calibrate-reading.ts
 * [--pairs N] (default 300 of each kind). Prints the grid's best settings; never reads the CDR test split or odd PMIDs.
 */
import type { PairPrediction } from "@/lib/relations";
import type { ResolvedProposition } from "@/lib/reading/proposition";
import type { RelationThresholds } from "@/lib/reading/record";
import type { WeightedStance } from "@/lib/reading/verdict";
import fs from "node:fs";
import { organQuestionFor, organQuestionsWithout } from "./bottomline-organs";
import { cdrSplitFile, cooccurringPairs, heldOutDevWeights, readSplitRecords, seededSample } from "./cdr-pairs";
import { inPool, withTempLibrary } from "./eval-support";
import { isDevPmid, readPubmedQa } from "@/lib/library/pubmedqa";

/** Seed of the calibration sample (not the benchmark's, so that the dev benchmark is not the set tuned on). */
const SEED = 7;
const CONCURRENCY = 4;

/** One record's predictions for a question's proposition, or null when it names not both. */
type Collected = {
  resolved: ResolvedProposition | null;
  records: Array<PairPrediction[] | null>;
  kind: "cid" | "other" | "organ" | "organ-without" | "negated";
};

async function collectCdr(pairsPerKind: number): Promise<Collected[]> {
  const file = cdrSplitFile("dev");
  const records = readSplitRecords(file);
  const pairs = cooccurringPairs(records);
  const sample = [
    ...seededSample(
      pairs.filter((p) => p.gold),
      pairsPerKind,
      SEED,
    ),
    ...seededSample(
      pairs.filter((p) => !p.gold),
      pairsPerKind,
      SEED,
    ),
  ];
  const organs = organQuestionFor(records);
  const without = seededSample(organQuestionsWithout(records), organs.length, SEED);
  const { setRelationWeights } = await import("@/lib/relations/predict");
  setRelationWeights(heldOutDevWeights());
  return withTempLibrary("critica-calibrate-", async () => {
    const { applyMigrations } = await import("@/lib/db/migrate");
    await applyMigrations();
    const { importFile } = await import("@/lib/library/import");
    await importFile(file);
    const { askResearch } = await import("./bottomline-runs");
    const { readQuestionEvidence, readClaimEvidence } = await import("@/lib/reading/read");
    const { readRelation } = await import("@/lib/reading/relation-reading");
    const { annotationIndex } = await import("@/lib/reading/annotations");
    const collect = (
      resolved: ResolvedProposition | null,
      evidence: Parameters<typeof annotationIndex>[0],
      kind: Collected["kind"],
    ): Collected => {
      if (!resolved) return { resolved, records: [], kind };
      const index = annotationIndex(evidence);
      return {
        resolved,
        kind,
        records: evidence.map((e) => {
          const r = readRelation(e, resolved, index);
          return r.predictions.length > 0 ? r.predictions : null;
        }),
      };
    };
    const out: Collected[] = [];
    await inPool(sample, CONCURRENCY, async (pair) => {
      const { outcome } = await askResearch(`Does ${pair.chemical} cause ${pair.disease}?`, 3);
      out.push(
        collect(
          readQuestionEvidence(`Does ${pair.chemical} cause ${pair.disease}?`, outcome.evidence).resolved,
          outcome.evidence,
          pair.gold ? "cid" : "other",
        ),
      );
      if (pair.gold)
        out.push(
          collect(
            readClaimEvidence(`${pair.chemical} does not cause ${pair.disease}.`, outcome.evidence)?.resolved ?? null,
            outcome.evidence,
            "negated",
          ),
        );
    });
    await inPool(organs, CONCURRENCY, async (q) => {
      const { outcome } = await askResearch(q.question, 3);
      out.push(collect(readQuestionEvidence(q.question, outcome.evidence).resolved, outcome.evidence, "organ"));
    });
    await inPool(without, CONCURRENCY, async (q) => {
      const { outcome } = await askResearch(q.question, 3);
      out.push(collect(readQuestionEvidence(q.question, outcome.evidence).resolved, outcome.evidence, "organ-without"));
    });
    setRelationWeights(null);
    process.stderr.write(`collected ${sample.length} pairs and ${organs.length} organ questions\n`);
    return out;
  });
}

/**
 * PubMedQA even PMIDs: each question's finding-cue stances (they do not depend on the relation thresholds) and gold
 * label.
 */
async function collectPubmedQa(): Promise<Array<{ stances: WeightedStance[]; gold: string }>> {
  const all = readPubmedQa();
  const items = all.filter((i) => isDevPmid(i.pmid));
  return withTempLibrary("critica-calibrate-pqa-", async () => {
    const { applyMigrations } = await import("@/lib/db/migrate");
    await applyMigrations();
    const { saveLibraryRecords } = await import("@/lib/db/evidence");
    await saveLibraryRecords(all.map((i) => i.record));
    const { askResearch } = await import("./bottomline-runs");
    const { readQuestionEvidence } = await import("@/lib/reading/read");
    return inPool(items, CONCURRENCY, async (item) => {
      const { outcome } = await askResearch(item.question, 1);
      return { stances: readQuestionEvidence(item.question, outcome.evidence).readings, gold: item.gold };
    });
  });
}

async function main(): Promise<void> {
  const pairsPerKind = process.argv.includes("--pairs")
    ? Number(process.argv[process.argv.indexOf("--pairs") + 1])
    : 300;
  // --cache FILE keeps the researched questions, so that the grid can be rerun without researching them again.
  const cacheFile = process.argv.includes("--cache") ? process.argv[process.argv.indexOf("--cache") + 1] : null;
  const cached =
    cacheFile && fs.existsSync(cacheFile)
      ? (JSON.parse(fs.readFileSync(cacheFile, "utf8")) as {
          cdr: Collected[];
          pqa: Array<{ stances: WeightedStance[]; gold: string }>;
        })
      : null;
  const cdr = cached?.cdr ?? (await collectCdr(pairsPerKind));
  const pqa = cached?.pqa ?? (await collectPubmedQa());
  if (cacheFile && !cached) fs.writeFileSync(cacheFile, JSON.stringify({ cdr, pqa }));
  const { stanceFromPredictions, RELATION_PROBABILITY } = await import("@/lib/reading/record");
  const { stanceBalance, verdictOf, VERDICT_WEIGHTS } = await import("@/lib/reading/verdict");
  const prevalence = (() => {
    const pairs = cooccurringPairs(readSplitRecords(cdrSplitFile("dev")));
    return pairs.filter((p) => p.gold).length / pairs.length;
  })();
  const majority = pqa.filter((q) => q.gold === "yes").length / pqa.length;
  const isYes = (v: string) => v === "yes" || v === "probably yes";
  const isNo = (v: string) => v === "no" || v === "probably no";
  const verdictWeights: Array<[number, number]> = [
    [0.5, 0.1],
    [0.5, 0.25],
    [0.25, 0.1],
    [0.25, 0.25],
  ];
  const rateOf = (
    kind: Collected["kind"],
    at: RelationThresholds,
    unrelated: { organ: number; pair: number },
    w: typeof VERDICT_WEIGHTS,
    ok: (v: string) => boolean,
  ) => {
    const of = cdr.filter((c) => c.kind === kind);
    const verdict = (c: Collected) => {
      const stances = c.records.map((preds): WeightedStance =>
        preds && c.resolved
          ? {
              ...stanceFromPredictions(preds, c.resolved, at, unrelated.organ, unrelated.pair),
              method: "relation-model",
            }
          : { stance: "irrelevant", bearing: 0 },
      );
      return verdictOf(stanceBalance(stances, w), w);
    };
    return of.filter((c) => ok(verdict(c))).length / of.length;
  };
  // Pair questions and claims read with yes/possibly; organ questions with organYes/organPossibly and the bearing of
  // unrelated organ records: the two grids are independent given the verdict weights.
  const pairRows: Array<Record<string, number>> = [];
  const organRows: Array<Record<string, number>> = [];
  for (const [possiblyValue, possiblyRelation] of verdictWeights) {
    const w = { ...VERDICT_WEIGHTS, possibly: possiblyValue, possiblyRelation };
    const label = (v: string) => (isYes(v) ? "yes" : isNo(v) ? "no" : "maybe");
    const pubmedqa = pqa.filter((q) => label(verdictOf(stanceBalance(q.stances, w), w)) === q.gold).length / pqa.length;
    for (const yes of [0.15, 0.2, 0.25, 0.3, 0.35, 0.4]) {
      for (const possibly of [0.05, 0.1, 0.15, 0.2, 0.25]) {
        if (possibly > yes) continue;
        for (const pairUnrelated of [1, 0.5]) {
          const at = { ...RELATION_PROBABILITY, yes, possibly };
          const unrelated = { organ: 1, pair: pairUnrelated };
          const tpr = rateOf("cid", at, unrelated, w, isYes);
          const fpr = rateOf("other", at, unrelated, w, isYes);
          const f1 = (2 * tpr * prevalence) / (tpr * prevalence + fpr * (1 - prevalence) + prevalence);
          pairRows.push({
            yes,
            possibly,
            pairUnrelated,
            possiblyValue,
            possiblyRelation,
            cid: tpr,
            nonCid: fpr,
            negated: rateOf("negated", at, unrelated, w, isNo),
            f1,
            pubmedqa,
          });
        }
      }
    }
    for (const organYes of [0.1, 0.15, 0.2, 0.25, 0.3]) {
      for (const organPossibly of [0.03, 0.05, 0.08, 0.1, 0.15]) {
        if (organPossibly > organYes) continue;
        for (const organUnrelated of [0.3, 0.5, 1]) {
          const at = { ...RELATION_PROBABILITY, organYes, organPossibly };
          const unrelated = { organ: organUnrelated, pair: 1 };
          organRows.push({
            organYes,
            organPossibly,
            organUnrelated,
            possiblyValue,
            possiblyRelation,
            organ: rateOf("organ", at, unrelated, w, isYes),
            organWithout: rateOf("organ-without", at, unrelated, w, isYes),
          });
        }
      }
    }
  }
  const fmt = (r: Record<string, number>) =>
    Object.entries(r)
      .map(([k, v]) => `${k} ${v.toFixed(3)}`)
      .join("  ");
  process.stdout.write(
    `prevalence of CID among co-occurring dev pairs ${prevalence.toFixed(3)}; PubMedQA dev majority ` +
      `${majority.toFixed(3)}\n`,
  );
  // CID ≥ 0.8: a margin of 0.1 over the goal, since 0.77 here read 0.69 on the dev benchmark's own 100 CID pairs.
  const feasible = pairRows
    .filter((r) => r.cid >= 0.8 && r.nonCid <= 0.22 && r.negated >= 0.8 && r.pubmedqa > majority)
    .sort((a, b) => b.f1 - a.f1 || b.pubmedqa - a.pubmedqa);
  process.stdout.write(
    `pair settings meeting CID ≥ 0.8, non-CID ≤ 0.22, negated ≥ 0.8, PubMedQA > majority: ${feasible.length} ` +
      `of ${pairRows.length}\n${feasible.slice(0, 10).map(fmt).join("\n")}\n`,
  );
  if (process.env.CALIBRATE_ALL_PAIRS) process.stdout.write(`all pair settings:\n${pairRows.map(fmt).join("\n")}\n`);
  process.stdout.write(
    `pair settings by F1 regardless:\n${[...pairRows]
      .sort((a, b) => b.f1 - a.f1)
      .slice(0, 5)
      .map(fmt)
      .join("\n")}\n`,
  );
  // Organ rule: organ questions answered yes ≥ 0.9 while those without an annotated toxicity stay ≤ 0.25; the
  // widest gap.
  const organOk = organRows
    .filter((r) => r.organ >= 0.9 && r.organWithout <= 0.25)
    .sort((a, b) => b.organ - b.organWithout - (a.organ - a.organWithout));
  process.stdout.write(
    `organ settings meeting organ ≥ 0.9 and without ≤ 0.25: ${organOk.length} of ` +
      `${organRows.length}\n${organOk.slice(0, 10).map(fmt).join("\n")}\n`,
  );
  process.stdout.write(
    `organ settings by gap (organ − without):\n${[...organRows]
      .sort((a, b) => b.organ - b.organWithout - (a.organ - a.organWithout))
      .slice(0, 10)
      .map(fmt)
      .join("\n")}\n`,
  );
  // The verdict weights are shared by pair and organ questions: per weight pair, the best pair setting meeting the pair
  // goals and the organ setting with the widest gap among those with organ ≥ ORGAN_FLOOR (chosen together).
  const ORGAN_FLOOR = Number(process.env.CALIBRATE_ORGAN_FLOOR ?? 0.85);
  for (const [possiblyValue, possiblyRelation] of verdictWeights) {
    const same = (r: Record<string, number>) =>
      r.possiblyValue === possiblyValue && r.possiblyRelation === possiblyRelation;
    const pair = feasible.find(same);
    const organ = organRows
      .filter((r) => same(r) && r.organ >= ORGAN_FLOOR)
      .sort((a, b) => b.organ - b.organWithout - (a.organ - a.organWithout))[0];
    process.stdout.write(
      `weights possiblyValue ${possiblyValue}, possiblyRelation ${possiblyRelation}:\n` +
        `  pair ${pair ? fmt(pair) : "none meets the goals"}\n` +
        `  organ ${organ ? fmt(organ) : `none with organ ≥ ${ORGAN_FLOOR}`}\n`,
    );
  }
  process.stdout.write(
    `organ settings by organ yes-rate:\n${[...organRows]
      .sort((a, b) => b.organ - a.organ || a.organWithout - b.organWithout)
      .slice(0, 10)
      .map(fmt)
      .join("\n")}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
