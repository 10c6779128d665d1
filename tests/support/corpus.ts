import fs from "node:fs";
import path from "node:path";
import type { Evidence } from "@/lib/domain/evidence";
import { parsePubTator } from "@/lib/sources/parse/pubtator";

/** The BC5CDR PubTator corpus shared by the workspace (1,500 PubMed abstracts); read in place, never copied. */
export const CORPUS_DIR = path.resolve(process.cwd(), "../shared/fixtures/corpus/bc5cdr_pubtator");

let cache: Evidence[] | null = null;

/** Every record of the corpus, in file order (files sorted by name). */
export function loadCorpus(): Evidence[] {
  if (!cache) {
    cache = fs
      .readdirSync(CORPUS_DIR)
      .filter((f) => f.endsWith(".PubTator.txt"))
      .sort()
      .flatMap((f) => parsePubTator(fs.readFileSync(path.join(CORPUS_DIR, f), "utf8")));
  }
  return cache;
}

/** A simulated library search: the records whose title or abstract contains `term` (case-insensitive). */
export function searchCorpus(term: string): Evidence[] {
  const needle = term.toLowerCase();
  return loadCorpus().filter((e) => `${e.citation.title} ${e.citation.abstract}`.toLowerCase().includes(needle));
}
