import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { applyMigrations } from "@/lib/db/migrate";

/** Absolute path of the shared fixtures beside the project. */
export const FIXTURES = path.resolve(process.cwd(), "../shared/fixtures");
export const CORPUS = path.join(FIXTURES, "corpus");

/**
 * Points DATABASE_URL at a fresh SQLite file in a temp folder and applies the migrations.
 * @returns the file path and a cleanup function.
 */
export async function useTempDatabase(name: string): Promise<{ file: string; cleanup: () => void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `critica-${name}-`));
  const file = path.join(dir, "test.db");
  process.env.DATABASE_URL = `file:${file}`;
  await applyMigrations();
  return { file, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** The corpus files of the demo library: the three BC5CDR PubTator sets and the MEDLINE sample (2,104 records). */
export const CORPUS_FILES = [
  "bc5cdr_pubtator/CDR_DevelopmentSet.PubTator.txt",
  "bc5cdr_pubtator/CDR_TestSet.PubTator.txt",
  "bc5cdr_pubtator/CDR_TrainingSet.PubTator.txt",
  "medline16n0902_sample_604.xml",
];

/** Imports corpus files (paths relative to the corpus folder; default: all of CORPUS_FILES) into the library. */
export async function importCorpus(files: string[] = CORPUS_FILES): Promise<void> {
  const { importFile } = await import("@/lib/library/import");
  for (const file of files) await importFile(path.join(CORPUS, file));
}
