/**
 * `npm run vocab:build [-- --force] [-- --online]`: builds the two vocabularies lib/vocabularies reads.
 *
 * 1. The compact gene and biological-process lexicon that
 * lib/vocabularies reads, from Debian's r-bioc-org.hs.eg.db (NCBI Gene, human), r-bioc-go.db (Gene Ontology)
 * and wamerican (SCOWL English words, for the precision rules). Downloads with `apt-get download` into
 * .cache/vocabularies/, unpacks with `dpkg-deb -x`, reads the SQLite files read-only and writes
 * data/vocabularies/lexicon.json.gz and meta.json, then deletes the unpacked tree (the .deb files stay).
 * Skips the work when meta.json carries the current stamp (a hash of this script and the rule sources);
 * --force rebuilds. Takes 10–25 s (download about 1 s, 50 MB).
 * 2. The concept vocabulary (MeSH descriptors, entry terms, trees and pharmacological actions; the Human Disease
 *    Ontology's synonyms and terms): data/vocabularies/concepts.json and concepts-meta.json, from the tables of
 *    ../shared/vocab, or with --online from NLM's current files at CRITICA_MESH_URL (scripts/vocabularies/
 *    write-concepts.ts). Skipped while current, like the lexicon. Takes about 10 s offline.
 * Exits 1 with a message on failure.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Lexicon, LexiconMeta } from "@/lib/vocabularies/lexicon-format";
import { LEXICON_FILE, vocabulariesDir } from "@/lib/vocabularies/lexicon-format";
import { fetchDebianPackages, removeUnpacked, VocabularyBuildError } from "@/scripts/vocabularies/debian-packages";
import { readGeneTables } from "@/scripts/vocabularies/read-genes";
import { readGoTables } from "@/scripts/vocabularies/read-go";
import { lexiconSources } from "@/scripts/vocabularies/sources";
import { writeConcepts } from "@/scripts/vocabularies/write-concepts";

const ROOT = path.resolve(import.meta.dirname, "..");
/** Files whose content decides the lexicon; their hash is the version stamp. */
const STAMPED_FILES = [
  "scripts/build-vocabularies.ts",
  "scripts/vocabularies/debian-packages.ts",
  "scripts/vocabularies/read-genes.ts",
  "scripts/vocabularies/read-go.ts",
  "scripts/vocabularies/sources.ts",
  "lib/vocabularies/form-rules.ts",
  "lib/vocabularies/normalise.ts",
  "lib/vocabularies/lexicon-format.ts",
];

/** The version stamp: sha256 (first 16 hex digits) of the STAMPED_FILES contents. */
function currentStamp(): string {
  const hash = createHash("sha256");
  for (const file of STAMPED_FILES) hash.update(fs.readFileSync(path.join(ROOT, file)));
  return hash.digest("hex").slice(0, 16);
}

function readWords(file: string): Set<string> {
  return new Set(
    fs
      .readFileSync(file, "utf8")
      .split("\n")
      .filter((w) => /^[a-z]+$/.test(w)),
  );
}

function build(outDir: string, started: number): LexiconMeta {
  const cacheDir = path.join(ROOT, ".cache", "vocabularies");
  const pkgs = fetchDebianPackages(cacheDir);
  const words = readWords(pkgs.wordList);
  const genes = readGeneTables(pkgs.orgHsSqlite, words);
  const go = readGoTables(pkgs.goSqlite, words);
  removeUnpacked(pkgs); // 430 MB of SQLite; the 50 MB of .deb files stay in the cache for --force
  const processIndex = new Map(go.processes.map(([id], i) => [id, i]));
  const geneGo = genes.goLinks.map((links) =>
    links
      .filter(([id]) => processIndex.has(id))
      .map(([id, ev]) => `${processIndex.get(id)}:${ev.join(",")}`)
      .join("|"),
  );
  const keggIds = new Set(genes.keggLinks.flat());
  const count = (kind: string) => genes.geneForms.filter((f) => f[2] === kind).length;
  const meta: LexiconMeta = {
    stamp: currentStamp(),
    builtAt: new Date().toISOString(),
    buildMs: 0,
    sources: lexiconSources(pkgs.versions, genes.metadata, go.metadata),
    counts: {
      genes: genes.genes.length,
      symbols: count("symbol"),
      aliasesKept: count("alias"),
      aliasesDropped: Object.values(genes.aliasesDropped).reduce((a, b) => a + b, 0),
      names: count("name"),
      goProcesses: go.processes.length,
      goProcessForms: go.processForms.length,
      geneGoLinks: genes.goLinks.reduce((n, l) => n + l.length, 0),
      geneKeggLinks: genes.keggLinks.reduce((n, l) => n + l.length, 0),
      keggPathways: keggIds.size,
    },
  };
  const lexicon: Lexicon = {
    meta,
    genes: genes.genes,
    geneForms: genes.geneForms,
    processes: go.processes,
    processForms: go.processForms,
    geneGo,
    geneKegg: genes.keggLinks.map((l) => l.join("|")),
    keggNames: {},
  };
  meta.buildMs = Date.now() - started;
  fs.mkdirSync(outDir, { recursive: true });
  const gz = gzipSync(JSON.stringify(lexicon), { level: 9 });
  const tmp = path.join(outDir, `${LEXICON_FILE}.tmp`);
  fs.writeFileSync(tmp, gz);
  fs.renameSync(tmp, path.join(outDir, LEXICON_FILE));
  fs.writeFileSync(
    path.join(outDir, "meta.json"),
    `${JSON.stringify({ ...meta, dropped: { aliases: genes.aliasesDropped, goForms: go.formsDropped } }, null, 2)}\n`,
  );
  return meta;
}

function isCurrent(outDir: string): boolean {
  const metaFile = path.join(outDir, "meta.json");
  if (!fs.existsSync(metaFile) || !fs.existsSync(path.join(outDir, LEXICON_FILE))) return false;
  try {
    return (JSON.parse(fs.readFileSync(metaFile, "utf8")) as LexiconMeta).stamp === currentStamp();
  } catch {
    return false;
  }
}

function buildLexicon(outDir: string): void {
  const started = Date.now();
  if (!process.argv.includes("--force") && isCurrent(outDir)) {
    console.log(`vocab: ${path.join(outDir, LEXICON_FILE)} is current (stamp ${currentStamp()}); --force rebuilds`);
    return;
  }
  const meta = build(outDir, started);
  const size = fs.statSync(path.join(outDir, LEXICON_FILE)).size;
  console.log(
    `vocab: wrote ${path.join(outDir, LEXICON_FILE)} (${(size / 1e6).toFixed(2)} MB) in ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  console.log(`vocab: ${JSON.stringify(meta.counts)}`);
}

async function main(): Promise<void> {
  const outDir = vocabulariesDir();
  buildLexicon(outDir);
  const lines = await writeConcepts({
    root: ROOT,
    outDir,
    cacheDir: path.join(ROOT, ".cache", "vocabularies"),
    online: process.argv.includes("--online"),
    force: process.argv.includes("--force"),
  });
  for (const line of lines) console.log(line);
}

main().catch((error: unknown) => {
  const message = error instanceof VocabularyBuildError ? error.message : ((error as Error).stack ?? String(error));
  console.error(`vocab: could not build the vocabularies: ${message}`);
  process.exit(1);
});
