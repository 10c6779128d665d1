import path from "node:path";
import { readFileSync } from "node:fs";
import { mentionIds, parsePubtator, type CdrRecord } from "@/lib/relations/pubtator";
import type { RelationWeights } from "@/lib/relations/model";
import { prepareRecords } from "@/lib/relations/dataset";
import { buildPriors } from "@/lib/relations/priors";
import committed from "@/lib/relations/weights.json";
import { CDR_DIR, readCdrSplit } from "./cdr-corpus";

/** CDR splits by name, as the benchmarks take them (`--split`). */
export const CDR_SPLIT_FILES: Record<string, string> = {
  dev: "CDR_DevelopmentSet.PubTator.txt",
  test: "CDR_TestSet.PubTator.txt",
};

/** A split's file path beside the project. @throws for an unknown split name, naming the known ones. */
export function cdrSplitFile(split: string): string {
  const name = CDR_SPLIT_FILES[split];
  if (!name) throw new Error(`unknown split "${split}" (use test or dev)`);
  return path.join(CDR_DIR, name);
}

/** A chemical–disease pair (MeSH IDs) that co-occurs in a record of a split, named as its first record writes it. */
export interface CdrPair {
  chemicalId: string;
  diseaseId: string;
  chemical: string;
  disease: string;
  /** A CID relation of some record of the split. */
  gold: boolean;
  /** Records of the split that name both (PMIDs). */
  pmids: string[];
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

/** A seeded sample of `n` items (Fisher–Yates shuffle), in sample order. */
export function seededSample<T>(items: T[], n: number, seed: number): T[] {
  const next = random(seed);
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, n);
}

/** The most frequent surface form of an ID in a record's mentions (ties: the first written). */
function surface(mentions: Array<{ text: string; id: string }>, id: string): string {
  const counts = new Map<string, number>();
  for (const m of mentions) if (m.id.split("|").includes(id)) counts.set(m.text, (counts.get(m.text) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
}

/**
 * Every chemical × disease pair (MeSH IDs) that co-occurs in a record of the split, once, with its gold label (a CID
 * relation of some record of the split) and the records naming both. Names: the pair's most frequent surface forms
 * in the first record with it. In first-seen order.
 */
export function cooccurringPairs(records: CdrRecord[]): CdrPair[] {
  const gold = new Set(records.flatMap((r) => r.relations.map(([c, d]) => `${c}|${d}`)));
  const pairs = new Map<string, CdrPair>();
  for (const r of records) {
    const ids = (type: "chemical" | "disease") => [
      ...new Set(r.document.mentions.filter((m) => m.type === type).flatMap((m) => mentionIds(m.id))),
    ];
    for (const c of ids("chemical")) {
      for (const d of ids("disease")) {
        const key = `${c}|${d}`;
        const known = pairs.get(key);
        if (known) known.pmids.push(r.pmid);
        else
          pairs.set(key, {
            chemicalId: c,
            diseaseId: d,
            chemical: surface(r.document.mentions, c),
            disease: surface(r.document.mentions, d),
            gold: gold.has(key),
            pmids: [r.pmid],
          });
      }
    }
  }
  return [...pairs.values()];
}

/** The records of a split file. */
export function readSplitRecords(file: string): CdrRecord[] {
  return parsePubtator(readFileSync(file, "utf8"));
}

/**
 * The relation model that has never seen CDR_DevelopmentSet: the weights fitted on CDR_TrainingSet alone (weights.json
 * `devModel`, with the committed threshold and fallback, which were tuned for it on dev) and priors counted over the
 * training documents only. A benchmark on the dev split reads its records with this model (setRelationWeights), so
 * its figures are held-out figures, not a training fit: tests/unit/relations/weights.test.ts checks that it
 * reproduces the dev scores stored in weights.json.
 */
export function heldOutDevWeights(): RelationWeights {
  const stored = committed as unknown as RelationWeights & {
    devModel: Pick<RelationWeights, "features" | "weights" | "context">;
  };
  const train = prepareRecords(readCdrSplit("CDR_TrainingSet.PubTator.txt"));
  const { features, weights, context } = stored.devModel;
  return { ...stored, features, weights, context, priors: buildPriors(train.map((d) => d.concepts)) };
}
