/**
 * The on-disk shape of the concept vocabulary written by `npm run vocab:build` (scripts/vocabularies/build-concepts.ts)
 * and read by lib/vocabularies/concepts.ts: MeSH descriptors (entry terms, tree numbers, pharmacological actions) and
 * the Human Disease Ontology's synonyms and terms, one JSON file beside the gene lexicon, data/vocabularies/
 * concepts.json (about 5 MB, not compressed: gunzip cost a third of the load). Types only, plus the file's location.
 */
import path from "node:path";
import { vocabulariesDir } from "./lexicon-format";

/** Where one part of the concept vocabulary came from: its name, version, what it holds, licence and address. */
export interface ConceptSource {
  /** "MeSH" or "Human Disease Ontology". */
  name: string;
  /** "2024" for MeSH, "2016-09-01" for the Disease Ontology release. */
  version: string;
  content: string;
  licence: string;
  /** The files or addresses read. */
  url: string;
}

/** Metadata of a built concept vocabulary: stamp (for idempotent rebuilds), sources, counts and timing. */
export interface ConceptMeta {
  /** Hash of the builder's source files and its input files' sizes; a file with another stamp is rebuilt. */
  stamp: string;
  builtAt: string;
  buildMs: number;
  /** How the vocabulary names itself to a user: "MeSH 2024 · Disease Ontology 2016-09-01". */
  version: string;
  /** "offline" (../shared/vocab tables) or "online" (NLM's current XML files and doid.obo at a URL). */
  mode: "offline" | "online";
  sources: ConceptSource[];
  counts: {
    descriptors: number;
    entryTerms: number;
    doSynonyms: number;
    doTerms: number;
    substances: number;
    pharmacologicalActions: number;
    inferredActions: number;
  };
}

/**
 * One MeSH descriptor (or, for `source` "do", one Disease Ontology term without a MeSH cross-reference):
 * [id, preferred name, terms, pharmacological actions, parents]. Its tree numbers are in the index (ConceptIndex
 * `trees`), once.
 * - id: "D011658" (MeSH descriptor) or "DOID:3770";
 * - terms "|"-joined: entry terms and DO synonyms, with marks (concept-keys.ts parseStored): "=AIDS" matches only with
 *   that casing (an acronym or abbreviation), "~myxoedema" came from the Disease Ontology, "^Cordarone" is a trade
 *   name or lab number (recognised, never searched by);
 * - pharmacological actions: MeSH PA descriptor IDs "|"-joined; one written "?D019161" was inferred (see the builder);
 * - parents: for a DO term, the IDs of its is_a parents (MeSH IDs where cross-referenced), "|"-joined; "" for MeSH.
 */
export type ConceptRow = [string, string, string, string, string];

/** A supplementary concept record (C…) with pharmacological actions: [id, PA IDs "|"-joined]. */
export type SubstanceRow = [string, string];

/**
 * Sorted lookup tables, so that loading needs neither tokenising, hashing nor sorting (the reader binary-searches):
 * - `terms`: every term's lookup key (concept-keys.ts termKey), sorted, "\n"-joined; `termRows[i]` is the entry of
 *   key i packed as row × 4 + 2 (when it must match as cased: an abbreviation) + 1 (when a DO synonym gave it);
 * - `trees`: every tree number, sorted, "\n"-joined; `treeRows[i]` the row of tree number i.
 */
export interface ConceptIndex {
  /** Words of the longest term. */
  maxWords: number;
  terms: string;
  termRows: number[];
  trees: string;
  treeRows: number[];
}

/** The concept vocabulary file. */
export interface ConceptFile {
  meta: ConceptMeta;
  concepts: ConceptRow[];
  substances: SubstanceRow[];
  index: ConceptIndex;
}

/** File name of the concept vocabulary inside the vocabulary directory. */
export const CONCEPTS_FILE = "concepts.json";
/** Its metadata, beside it (read without loading the vocabulary). */
export const CONCEPTS_META_FILE = "concepts-meta.json";

/** Absolute path of the concept vocabulary (see lexicon-format.ts vocabulariesDir). */
export function conceptsPath(): string {
  return path.join(vocabulariesDir(), CONCEPTS_FILE);
}
