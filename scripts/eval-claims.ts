import fs from "node:fs";
import path from "node:path";
import type { ClaimCheckResult } from "@/lib/domain/claim-check";
import { inPool, withTempLibrary } from "./eval-support";
import type { BenchmarkResult, BenchmarkRow } from "./eval-types";

/** CDR splits by name; the relation model is trained on Training + Development, so only "test" is an honest figure. */
const SPLITS: Record<string, string> = { dev: "CDR_DevelopmentSet.PubTator.txt", test: "CDR_TestSet.PubTator.txt" };
/** Pairs sampled per run. Source: our budget — about 0.2 s per claim check (4 at once) keeps the benchmark near 1 minute, under 3. */
const DEFAULT_PAIRS = 300;
/** Claim checks run at once (SQLite is shared; 2 CPU cores). Source: our choice. */
const CONCURRENCY = 4;
/** Seed of the pair sample, so every run checks the same pairs. Source: our choice. */
const SEED = 20160601;

interface Pair {
  chemicalId: string;
  diseaseId: string;
  chemical: string;
  disease: string;
  gold: boolean;
}

/** mulberry32: a small seeded PRNG (Tommy Ettinger's public-domain generator), for a reproducible sample. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The most frequent surface form of an ID in a record's mentions (ties: the first written). */
function surface(mentions: Array<{ text: string; id: string }>, id: string): string {
  const counts = new Map<string, number>();
  for (const m of mentions) if (m.id.split("|").includes(id)) counts.set(m.text, (counts.get(m.text) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
}

/**
 * Every chemical × disease pair (MeSH IDs) that co-occurs in a record of the split, once, with its gold label: a CID
 * relation of some record of the split. Names: the pair's most frequent surface forms in the first record with it.
 */
async function cooccurringPairs(file: string): Promise<Pair[]> {
  const { parsePubtator, mentionIds } = await import("@/lib/relations/pubtator");
  const records = parsePubtator(fs.readFileSync(file, "utf8"));
  const gold = new Set(records.flatMap((r) => r.relations.map(([c, d]) => `${c}|${d}`)));
  const pairs = new Map<string, Pair>();
  for (const r of records) {
    const ids = (type: "chemical" | "disease") => [...new Set(r.document.mentions.filter((m) => m.type === type).flatMap((m) => mentionIds(m.id)))];
    for (const c of ids("chemical")) {
      for (const d of ids("disease")) {
        const key = `${c}|${d}`;
        if (pairs.has(key)) continue;
        pairs.set(key, { chemicalId: c, diseaseId: d, chemical: surface(r.document.mentions, c), disease: surface(r.document.mentions, d), gold: gold.has(key) });
      }
    }
  }
  return [...pairs.values()];
}

/** A seeded sample of `n` pairs (Fisher–Yates), in sample order. */
function sample<T>(items: T[], n: number): T[] {
  const next = random(SEED);
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, n);
}

function prf(tp: number, fp: number, fn: number): Pick<BenchmarkRow, "precision" | "recall" | "f1" | "tp" | "fp" | "fn"> {
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
 * - "<chemical> does not cause <disease>." for the gold pairs — how often it is contradicted (recall of "contradicts").
 * Runs the extractive claim check end to end (search, relation-model scoring, passages, verdict) without a model.
 * @param args ["--split", "dev"|"test"] (default test), ["--pairs", "N"].
 */
export async function runClaims(args: string[]): Promise<BenchmarkResult> {
  const splitArg = args.includes("--split") ? args[args.indexOf("--split") + 1] : "test";
  const fileName = SPLITS[splitArg];
  if (!fileName) throw new Error(`unknown split "${splitArg}" (use test or dev)`);
  const n = args.includes("--pairs") ? Number(args[args.indexOf("--pairs") + 1]) : DEFAULT_PAIRS;
  if (!Number.isInteger(n) || n < 1) throw new Error("--pairs needs a positive whole number");
  const file = path.resolve(process.cwd(), "../shared/fixtures/corpus/bc5cdr_pubtator", fileName);

  return withTempLibrary("critica-eval-claims-", async () => {
    const { applyMigrations } = await import("@/lib/db/migrate");
    await applyMigrations();
    const { importFile } = await import("@/lib/library/import");
    await importFile(file);
    const pairs = sample(await cooccurringPairs(file), n);
    const { runClaimCheck } = await import("@/lib/claims/run");
    const { createExtractiveClaimBackend } = await import("@/lib/claims/agents/extractive");
    const { createSources } = await import("@/lib/sources/registry");
    const { createTextEmbedder } = await import("@/lib/ai/embeddings");
    const embedder = createTextEmbedder({ model: null, modelId: null });
    const check = async (text: string): Promise<ClaimCheckResult | null> => {
      const outcome = await runClaimCheck({
        text,
        sourceIds: ["local"],
        sources: createSources(["local"], { treatmentQuestion: false }),
        backend: createExtractiveClaimBackend(),
        embedder,
        timeoutMs: 60_000,
        recorder: { emit: async () => {}, saveEvidence: async () => {} },
      });
      if (outcome.status !== "completed") throw new Error(`claim check of “${text}” ${outcome.status}: ${outcome.error}`);
      return outcome.claims[0] ?? null;
    };
    const positive = await inPool(pairs, CONCURRENCY, async (p) => (await check(`${p.chemical} causes ${p.disease}.`))?.verdict ?? "undecided");
    const gold = pairs.filter((p) => p.gold);
    const negated = await inPool(gold, CONCURRENCY, async (p) => (await check(`${p.chemical} does not cause ${p.disease}.`))?.verdict ?? "undecided");

    const said = pairs.map((p, i) => ({ gold: p.gold, yes: positive[i] === "supports" }));
    const tp = said.filter((s) => s.gold && s.yes).length;
    const fp = said.filter((s) => !s.gold && s.yes).length;
    const fn = said.filter((s) => s.gold && !s.yes).length;
    const contradicted = negated.filter((v) => v === "contradicts").length;
    const rows: BenchmarkRow[] = [
      { name: "co-occurrence (supports every pair)", source: "measured", ...prf(gold.length, pairs.length - gold.length, 0) },
      { name: "“<chemical> causes <disease>.” → supports", source: "measured", ...prf(tp, fp, fn) },
      { name: `“… does not cause …” contradicted (${contradicted} of ${gold.length} true relations)`, source: "measured", ...prf(contradicted, 0, gold.length - contradicted) },
    ];
    return {
      benchmark: "claims",
      split: splitArg === "test" ? "CDR_TestSet (library: test records only)" : "CDR_DevelopmentSet (library: dev records only; the relation model was trained on it)",
      documents: (await import("@/lib/relations/pubtator")).parsePubtator(fs.readFileSync(file, "utf8")).length,
      goldRelations: gold.length,
      model: {
        pairs: pairs.length,
        seed: SEED,
        verdicts: { supports: positive.filter((v) => v === "supports").length, contradicts: positive.filter((v) => v === "contradicts").length, undecided: positive.filter((v) => v === "undecided").length },
      },
      rows,
    };
  });
}
