/**
 * Lazy loading of the concept vocabulary (data/vocabularies/concepts.json, see concept-format.ts): rows by ID,
 * the sorted term and tree tables the builder wrote (searched by bisection, so loading neither hashes nor sorts
 * them), and pharmacological actions both ways. Loaded on first use and shared by every run of the process (kept on
 * globalThis, so server bundles that each import this module still share one copy). Never throws: a missing or
 * unreadable file gives null. Server-side only (`import "server-only"`: a client component that reaches it fails the
 * build with a clear message).
 */
import "server-only";
import fs from "node:fs";
import { type ConceptFile, type ConceptMeta, conceptsPath } from "./concept-format";
import { casedForm, parseStored, termKey } from "./concept-keys";

/** One term entry: the concept's row, the casing it needs (an abbreviation: "AIDS"), whether the DO gave it. */
export interface TermEntry {
  row: number;
  cased: string | null;
  fromDo: boolean;
}

/** The loaded vocabulary (rows are addressed by their index in `ids`). */
export interface ConceptVocabulary {
  meta: ConceptMeta;
  ids: string[];
  names: string[];
  trees: string[][];
  /** Per row: pharmacological action IDs (the file's "?" marks removed). */
  actions: string[][];
  /** Rows with actions the builder inferred (fluvastatin, lithium): row → those action IDs. */
  inferred: Map<number, Set<string>>;
  /** Per row: is_a parents of a Disease Ontology term ([] for MeSH rows). */
  parents: string[][];
  /** Per row: its stored terms, "|"-joined as in the file (see {@link termsOfRow}). */
  termText: string[];
  byId: Map<string, number>;
  /** Sorted term keys and their packed entries (see ConceptIndex). */
  termKeys: string[];
  termRows: number[];
  /** Sorted tree numbers and their rows. */
  sortedTrees: string[];
  treeRows: number[];
  /** Words of the longest term. */
  maxTokens: number;
  /** Substance (D… or C…) → action IDs, and action → substances. */
  substanceActions: Map<string, string[]>;
  actionMembers: Map<string, string[]>;
  /** DO terms that name a row's ID as an is_a parent. */
  doChildren: Map<string, string[]>;
}

/** The first index of a sorted array whose value is ≥ `key`. */
export function lowerBound(sorted: readonly string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The entries of a term key (none when the vocabulary has no such term). */
export function termEntries(v: ConceptVocabulary, key: string): TermEntry[] {
  const out: TermEntry[] = [];
  for (let i = lowerBound(v.termKeys, key); i < v.termKeys.length && v.termKeys[i] === key; i++) {
    const packed = v.termRows[i];
    const row = packed >> 2;
    out.push({ row, cased: packed & 2 ? casedOf(v, row, key) : null, fromDo: (packed & 1) === 1 });
  }
  return out;
}

/** The casing of a row's abbreviation term with this key ("AIDS"). */
function casedOf(v: ConceptVocabulary, row: number, key: string): string | null {
  for (const stored of v.termText[row].split("|")) {
    const t = parseStored(stored);
    if (t.cased && termKey(t.text) === key) return casedForm(t.text);
  }
  return null;
}

/** The row of a tree number, or undefined. */
export function rowOfTree(v: ConceptVocabulary, tree: string): number | undefined {
  const i = lowerBound(v.sortedTrees, tree);
  return v.sortedTrees[i] === tree ? v.treeRows[i] : undefined;
}

/**
 * The terms of a row as written (marks removed), its name first; without trade names and lab numbers when
 * `searchable` (a search by "Amiohexal" finds nothing that "amiodarone" does not).
 */
export function termsOfRow(v: ConceptVocabulary, row: number, searchable = false): string[] {
  const terms = v.termText[row] ? v.termText[row].split("|").map(parseStored) : [];
  return [...new Set([v.names[row], ...terms.filter((t) => !(searchable && t.brand)).map((t) => t.text)])];
}

const NONE: string[] = [];
const split = (s: string) => (s ? s.split("|") : NONE);

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function build(file: ConceptFile): ConceptVocabulary {
  const n = file.concepts.length;
  const v: ConceptVocabulary = {
    meta: file.meta,
    ids: new Array(n),
    names: new Array(n),
    trees: new Array(n),
    actions: new Array(n),
    inferred: new Map(),
    parents: new Array(n),
    termText: new Array(n),
    byId: new Map(),
    termKeys: file.index.terms.split("\n"),
    termRows: file.index.termRows,
    sortedTrees: file.index.trees.split("\n"),
    treeRows: file.index.treeRows,
    maxTokens: file.index.maxWords,
    substanceActions: new Map(),
    actionMembers: new Map(),
    doChildren: new Map(),
  };
  for (let row = 0; row < n; row++) {
    const [id, name, terms, actions, parents] = file.concepts[row];
    v.ids[row] = id;
    v.names[row] = name;
    v.trees[row] = NONE;
    v.parents[row] = split(parents);
    v.termText[row] = terms;
    v.byId.set(id, row);
    v.actions[row] = actions ? actions.replace(/\?/g, "").split("|") : NONE;
    if (actions.includes("?"))
      v.inferred.set(
        row,
        new Set(
          split(actions)
            .filter((a) => a.startsWith("?"))
            .map((a) => a.slice(1)),
        ),
      );
    if (v.actions[row].length > 0) v.substanceActions.set(id, v.actions[row]);
    for (const a of v.actions[row]) push(v.actionMembers, a, id);
    for (const p of v.parents[row]) push(v.doChildren, p, id);
  }
  // Each row's tree numbers, from the sorted table (rows without any keep the shared empty list).
  v.sortedTrees.forEach((tree, i) => {
    const row = v.treeRows[i];
    if (v.trees[row] === NONE) v.trees[row] = [tree];
    else v.trees[row].push(tree);
  });
  for (const [id, actions] of file.substances) {
    v.substanceActions.set(id, split(actions));
    for (const a of split(actions)) push(v.actionMembers, a, id);
  }
  return v;
}

const CACHE = Symbol.for("critica.conceptVocabulary");
type Cache = { [CACHE]?: { vocabulary: ConceptVocabulary | null; loadMs: number } };

/**
 * The concept vocabulary, read, parsed and indexed on first use (about 0.3 s) and kept for the life of the process.
 * @returns null when the file is missing (run `npm run vocab:build`) or unreadable (a warning is logged once).
 */
export function loadConcepts(): ConceptVocabulary | null {
  const cache = globalThis as Cache;
  const cached = cache[CACHE];
  if (cached) return cached.vocabulary;
  const started = performance.now();
  const file = conceptsPath();
  let vocabulary: ConceptVocabulary | null = null;
  if (fs.existsSync(file)) {
    try {
      // The builder writes pure ASCII: read as Latin-1, V8's fast path, every string one byte per character.
      const parsed = JSON.parse(fs.readFileSync(file, "latin1")) as ConceptFile;
      if (!Array.isArray(parsed.concepts) || !parsed.meta) throw new Error("unexpected shape");
      vocabulary = build(parsed);
    } catch (error) {
      console.warn(`vocabularies: cannot read ${file} (${(error as Error).message}); run npm run vocab:build`);
    }
  }
  cache[CACHE] = { vocabulary, loadMs: performance.now() - started };
  return vocabulary;
}

/** Forgets the loaded vocabulary (tests; after a rebuild). */
export function resetConcepts(): void {
  delete (globalThis as Cache)[CACHE];
}
