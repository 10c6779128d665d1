import { parsePubtator, type CdrRecord } from "@/lib/relations/pubtator";
import { readFixture } from "@/tests/support/fixtures";

const cache = new Map<string, CdrRecord[]>();

/** Records of a BioCreative V CDR split from the shared fixtures (parsed once per test file). */
export function cdrSplit(name: "TrainingSet" | "DevelopmentSet" | "TestSet"): CdrRecord[] {
  const file = `corpus/bc5cdr_pubtator/CDR_${name}.PubTator.txt`;
  if (!cache.has(file)) cache.set(file, parsePubtator(readFixture(file)));
  return cache.get(file) ?? [];
}

/** One record by PMID. @throws when the split does not contain it. */
export function cdrRecord(name: "TrainingSet" | "DevelopmentSet" | "TestSet", pmid: string): CdrRecord {
  const record = cdrSplit(name).find((r) => r.pmid === pmid);
  if (!record) throw new Error(`PMID ${pmid} not in CDR_${name}`);
  return record;
}
