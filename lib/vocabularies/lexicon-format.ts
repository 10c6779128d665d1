/**
 * The on-disk shape of the compact vocabulary lexicon written by `npm run vocab:build`
 * (scripts/build-vocabularies.ts) and read by lib/vocabularies at run time: one gzip-compressed JSON file,
 * data/vocabularies/lexicon.json.gz (data/ is not committed). Types only, plus the file's location.
 */
import path from "node:path";

/** Kind of a gene form: official symbol, NCBI alias symbol, or full gene name. */
export type GeneFormKind = "symbol" | "alias" | "name";

/** Where one part of the lexicon came from and under which licence. */
export interface LexiconSource {
  /** Debian package and version, e.g. "r-bioc-org.hs.eg.db 3.16.0-1". */
  package: string;
  /** What the package holds and its upstream data source with date, e.g. "NCBI Gene (Entrez Gene) 2022-Sep12". */
  content: string;
  /** Licence(s) that apply, in words (Debian copyright file, upstream terms). */
  licence: string;
  url: string;
}

/** Metadata of a built lexicon: version stamp (for idempotent rebuilds), sources, counts and timing. */
export interface LexiconMeta {
  /** Hash of the builder's and the rules' source files; a lexicon with another stamp is rebuilt. */
  stamp: string;
  /** ISO 8601 time of the build. */
  builtAt: string;
  /** Wall time of the build in milliseconds. */
  buildMs: number;
  sources: LexiconSource[];
  counts: {
    genes: number;
    symbols: number;
    aliasesKept: number;
    aliasesDropped: number;
    names: number;
    goProcesses: number;
    goProcessForms: number;
    geneGoLinks: number;
    geneKeggLinks: number;
    keggPathways: number;
  };
}

/**
 * The lexicon. Genes are human protein-coding genes (NCBI gene type "protein-coding"), addressed by their
 * index in `genes`; processes are non-obsolete GO biological-process terms, addressed by index in `processes`.
 */
export interface Lexicon {
  meta: LexiconMeta;
  /** [Entrez Gene ID, official symbol, full name], e.g. ["3757", "KCNH2", "potassium voltage-gated …"]. */
  genes: Array<[string, string, string]>;
  /** Forms kept for recognition after the precision rules of form-rules.ts: [form, gene index, kind]. */
  geneForms: Array<[string, number, GeneFormKind]>;
  /** [GO ID, term], e.g. ["GO:0006915", "apoptotic process"]. */
  processes: Array<[string, string]>;
  /** Term names and unambiguous synonyms kept for recognition: [form, process index]. */
  processForms: Array<[string, number]>;
  /** Per gene index: curated go_bp links as "processIndex:EVIDENCE[,EVIDENCE…]" joined by "|" ("" = none). */
  geneGo: string[];
  /** Per gene index: KEGG pathway IDs ("hsa04110"), joined by "|" ("" = none). */
  geneKegg: string[];
  /** KEGG pathway names by ID when the source has them (org.Hs.eg.db 3.16 has none: empty object). */
  keggNames: Record<string, string>;
}

/** File name of the lexicon inside the vocabulary directory. */
export const LEXICON_FILE = "lexicon.json.gz";

/**
 * The vocabulary directory: $CRITICA_VOCABULARIES_DIR when set, else <cwd>/data/vocabularies.
 * @returns an absolute path (the directory may not exist).
 */
export function vocabulariesDir(): string {
  return path.resolve(process.env.CRITICA_VOCABULARIES_DIR ?? path.join(process.cwd(), "data", "vocabularies"));
}

/** Absolute path of the lexicon file (see `vocabulariesDir`). */
export function lexiconPath(): string {
  return path.join(vocabulariesDir(), LEXICON_FILE);
}
