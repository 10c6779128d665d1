import { readFileSync } from "node:fs";
import path from "node:path";
import { parsePubtator, type CdrRecord } from "@/lib/relations/pubtator";

/**
 * The shared BioCreative V CDR corpus (PubTator files), beside the project: ../shared/fixtures/corpus/bc5cdr_pubtator.
 */
export const CDR_DIR = path.resolve(process.cwd(), "../shared/fixtures/corpus/bc5cdr_pubtator");

/**
 * Reads and parses one CDR split by file name, e.g. "CDR_TrainingSet.PubTator.txt". @throws when the file is missing.
 */
export function readCdrSplit(fileName: string): CdrRecord[] {
  return parsePubtator(readFileSync(path.join(CDR_DIR, fileName), "utf8"));
}
