import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadCorpusPools } from "@/bench/library/corpus-pools";
import {
  baselineFileName,
  FIRST_SYNTHETIC_PMID,
  synthesizeRecord,
  writeSyntheticFile,
  type SyntheticFile,
} from "@/bench/library/synthesize";
import { parsePubmedXml } from "@/lib/sources/parse/pubmed-xml";
import type { Evidence } from "@/lib/domain/evidence";
import { mergeSyncRecord } from "@/lib/library/sync";

const SEED = 7;
let pools: ReturnType<typeof loadCorpusPools> | null = null;

/**
 * Small PubMed files in NLM's format for the sync tests, built by the bench's generator from the real corpus: two
 * baseline files of `perFile` records, then an update file that revises records 5, perFile + 5 and the last one,
 * and deletes records 7 and perFile + 10 (DeleteCitation). @returns the folder, its files, the expected library
 * (evidence id → record) and the deleted ids.
 */
export function writeSyncFixture(perFile: number): {
  dir: string;
  files: SyntheticFile[];
  expected: Map<string, Evidence>;
  deleted: string[];
} {
  pools ??= loadCorpusPools();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "critica-sync-files-"));
  const last = 2 * perFile - 1;
  const files: SyntheticFile[] = [
    { name: baselineFileName(1), from: 0, to: perFile, revised: [], deleted: [] },
    { name: baselineFileName(2), from: perFile, to: 2 * perFile, revised: [], deleted: [] },
    {
      name: baselineFileName(3),
      from: 2 * perFile,
      to: 2 * perFile,
      revised: [5, perFile + 5, last],
      deleted: [7, perFile + 10],
    },
  ];
  for (const file of files) writeSyntheticFile(pools, SEED, file, dir);
  const expected = new Map<string, Evidence>();
  const parse = (n: number, revision: number) =>
    parsePubmedXml(`<PubmedArticleSet>${synthesizeRecord(pools!, SEED, n, revision).xml}</PubmedArticleSet>`)[0];
  for (let n = 0; n < 2 * perFile; n++) {
    const record = parse(n, 0);
    // A revision replaces the record's fields and keeps what it lacks (the sync's merge, as library:import merges).
    expected.set(record.id, files[2].revised.includes(n) ? mergeSyncRecord(parse(n, 1), record) : record);
  }
  const deleted = files[2].deleted.map((n) => `pmid:${FIRST_SYNTHETIC_PMID + n}`);
  for (const id of deleted) expected.delete(id);
  return { dir, files, expected, deleted };
}

/** The record number `n` of the fixture as its PMID. */
export const fixturePmid = (n: number) => String(FIRST_SYNTHETIC_PMID + n);
