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

/**
 * The loaded lexicon and its derived indexes, kept on globalThis: a Next.js server bundles this module into several
 * entries (instrumentation.ts, each route), and the indexes built by the start-up warm-up (warm.ts) must be the ones
 * every route reads.
 */
const STATE = Symbol.for("critica.lexicon");
type LexiconState = { lexicon: Lexicon | null | undefined; derived: Map<string, unknown> };
function state(): LexiconState {
  const g = globalThis as { [STATE]?: LexiconState };
  return (g[STATE] ??= { lexicon: undefined, derived: new Map() });
}

/**
 * The lexicon, read and parsed on first use (about 0.2 s) and kept for the life of the process.
 * @returns null when the file is missing (run `npm run vocab:build`) or unreadable (a warning is logged once).
 */
export function loadLexicon(): Lexicon | null {
  const s = state();
  if (s.lexicon !== undefined) return s.lexicon;
  const file = lexiconPath();
  s.lexicon = null;
  if (!fs.existsSync(file)) return s.lexicon;
  try {
    const parsed = JSON.parse(gunzipSync(fs.readFileSync(file)).toString("utf8")) as Lexicon;
    if (!Array.isArray(parsed.genes) || !Array.isArray(parsed.processes)) throw new Error("unexpected shape");
    s.lexicon = parsed;
  } catch (error) {
    console.warn(`vocabularies: cannot read ${file} (${(error as Error).message}); run npm run vocab:build`);
  }
  return s.lexicon;
}

/**
 * A value derived from the lexicon (an index), computed once per loaded lexicon.
 * @param name cache key; @param make builds the value from the lexicon.
 * @returns null when no lexicon is available.
 */
export function derivedFromLexicon<T>(name: string, make: (lexicon: Lexicon) => T): T | null {
  const lexicon = loadLexicon();
  if (!lexicon) return null;
  const { derived } = state();
  if (!derived.has(name)) derived.set(name, make(lexicon));
  return derived.get(name) as T;
}

/** A derived value built in slices: it yields between slices and returns the value (see {@link warmDerived}). */
export type SlicedBuild<T> = Generator<void, T, void>;

/** Forms added to an index per slice of a {@link SlicedBuild}. Source: our choice, about 20 ms on an idle machine. */
export const FORMS_PER_SLICE = 2_000;

/** Runs a sliced build to its end at once (a caller that needs the value now). */
export function runBuild<T>(build: SlicedBuild<T>): T {
  for (;;) {
    const step = build.next();
    if (step.done) return step.value;
  }
}

/**
 * Builds a derived value ahead of its first use, awaiting `pause` between slices so that a server keeps answering
 * meanwhile; a caller that needs the value earlier builds it at once ({@link derivedFromLexicon}) and this one stops.
 */
export async function warmDerived<T>(
  name: string,
  make: (lexicon: Lexicon) => SlicedBuild<T>,
  pause: () => Promise<void>,
): Promise<void> {
  const lexicon = loadLexicon();
  if (!lexicon) return;
  const { derived } = state();
  const build = make(lexicon);
  for (let step = build.next(); ; step = build.next()) {
    if (derived.has(name)) return;
    if (step.done) {
      derived.set(name, step.value);
      return;
    }
    await pause();
  }
}

/**
 * The slices of a build over a table: calls `add` on each row in order and yields before every
 * {@link FORMS_PER_SLICE}-th row, for a build to delegate to (`yield* inSlices(lexicon.geneForms, …)`).
 */
export function* inSlices<R>(rows: readonly R[], add: (row: R) => void): SlicedBuild<void> {
  for (const [n, row] of rows.entries()) {
    if (n % FORMS_PER_SLICE === FORMS_PER_SLICE - 1) yield;
    add(row);
  }
}

/** A value derived from the lexicon by a sliced build, kept under one cache key (see {@link slicedDerived}). */
export interface SlicedDerived<T> {
  /** The value, built at once on first use ({@link derivedFromLexicon}); null when no lexicon is available. */
  get(): T | null;
  /** Builds the value ahead of its first use, awaiting `pause` between slices ({@link warmDerived}). */
  warm(pause: () => Promise<void>): Promise<void>;
}

/**
 * A value derived from the lexicon by the sliced build `make` under the cache key `name`, read at once by `get` and
 * built ahead by `warm` (the gene and process indexes; lib/vocabularies/warm.ts).
 */
export function slicedDerived<T>(name: string, make: (lexicon: Lexicon) => SlicedBuild<T>): SlicedDerived<T> {
  return {
    get: () => derivedFromLexicon(name, (lexicon) => runBuild(make(lexicon))),
    warm: (pause) => warmDerived(name, make, pause),
  };
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
  delete (globalThis as { [STATE]?: LexiconState })[STATE];
}

/** True when the lexicon file exists and could be read. */
export function vocabulariesAvailable(): boolean {
  return loadLexicon() !== null;
}
