/**
 * Lazy, cached loading of the lexicon file (data/vocabularies/lexicon.json.gz, see lexicon-format.ts).
 * Never throws: a missing or unreadable file yields null, and the recognisers then return empty results.
 * Server-side only (node:fs, node:zlib): `import "server-only"` makes a client component that reaches it fail the
 * build with a clear message.
 */
import "server-only";
import fs from "node:fs";
import { gunzipSync } from "node:zlib";
import { type Lexicon, lexiconPath } from "./lexicon-format";

let cached: Lexicon | null | undefined;
const derived = new Map<string, unknown>();

/**
 * The lexicon, read and parsed on first use (about 0.2 s) and kept for the life of the process.
 * @returns null when the file is missing (run `npm run vocab:build`) or unreadable (a warning is logged once).
 */
export function loadLexicon(): Lexicon | null {
  if (cached !== undefined) return cached;
  const file = lexiconPath();
  cached = null;
  if (!fs.existsSync(file)) return cached;
  try {
    const parsed = JSON.parse(gunzipSync(fs.readFileSync(file)).toString("utf8")) as Lexicon;
    if (!Array.isArray(parsed.genes) || !Array.isArray(parsed.processes)) throw new Error("unexpected shape");
    cached = parsed;
  } catch (error) {
    console.warn(`vocabularies: cannot read ${file} (${(error as Error).message}); run npm run vocab:build`);
  }
  return cached;
}

/**
 * A value derived from the lexicon (an index), computed once per loaded lexicon.
 * @param name cache key; @param make builds the value from the lexicon.
 * @returns null when no lexicon is available.
 */
export function derivedFromLexicon<T>(name: string, make: (lexicon: Lexicon) => T): T | null {
  const lexicon = loadLexicon();
  if (!lexicon) return null;
  if (!derived.has(name)) derived.set(name, make(lexicon));
  return derived.get(name) as T;
}

/**
 * Each gene's row in the lexicon's gene table by its NCBI Gene ID, built once for the gene and the process
 * recognisers (a gene's KEGG pathways and its GO processes are stored by row).
 * @returns null when no lexicon is available.
 */
export function geneRowByEntrez(): ReadonlyMap<string, number> | null {
  return derivedFromLexicon("gene rows", (lexicon) => new Map(lexicon.genes.map(([id], i) => [id, i])));
}

/** Forgets the loaded lexicon and derived indexes (tests; after a rebuild). */
export function resetVocabularies(): void {
  cached = undefined;
  derived.clear();
}

/** True when the lexicon file exists and could be read. */
export function vocabulariesAvailable(): boolean {
  return loadLexicon() !== null;
}
