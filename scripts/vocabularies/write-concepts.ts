/**
 * Reads the concept vocabulary's inputs (offline: the tables of ../shared/vocab; online: NLM's MeSH files and the
 * current doid.obo at configurable addresses), builds it (build-concepts.ts) and writes
 * data/vocabularies/concepts.json and concepts-meta.json. Used by scripts/build-vocabularies.ts only.
 *
 * Environment: CRITICA_VOCAB_SOURCE_DIR (offline tables; default ../shared/vocab beside the project),
 * CRITICA_MESH_URL (default NLM's MESH_FILES folder), CRITICA_MESH_YEAR (default this year),
 * CRITICA_DOID_URL (default the Disease Ontology's doid.obo on GitHub).
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { CONCEPTS_FILE, CONCEPTS_META_FILE, type ConceptMeta } from "@/lib/vocabularies/concept-format";
import { buildConceptFile, inferredLines } from "./build-concepts";
import { fetchEnglishWords, VocabularyBuildError } from "./debian-packages";
import { doRelease, parseDoid } from "./read-doid";
import { NLM_MESH_URL, readMeshXml } from "./read-mesh-xml";
import { MESH_TSV_FILES, readMeshTsv } from "./read-mesh-tsv";

/** The Disease Ontology file of the offline folder, and the current release online. */
export const OFFLINE_DOID_FILE = "doid-2016-09-01.obo";
export const DOID_URL =
  "https://raw.githubusercontent.com/DiseaseOntology/HumanDiseaseOntology/main/src/ontology/doid.obo";

/** Files whose content decides the concept vocabulary (with the offline inputs' bytes): its stamp. */
const STAMPED = [
  "scripts/vocabularies/build-concepts.ts",
  "scripts/vocabularies/write-concepts.ts",
  "scripts/vocabularies/read-mesh-tsv.ts",
  "scripts/vocabularies/read-mesh-xml.ts",
  "scripts/vocabularies/read-doid.ts",
  "scripts/vocabularies/mesh-tables.ts",
  "lib/vocabularies/concept-format.ts",
  "lib/vocabularies/concept-keys.ts",
  "lib/vocabularies/normalise.ts",
];

/** How the build was asked for. */
export interface ConceptBuildOptions {
  root: string;
  outDir: string;
  cacheDir: string;
  online: boolean;
  force: boolean;
}

function sourceDir(root: string): string {
  return path.resolve(process.env.CRITICA_VOCAB_SOURCE_DIR ?? path.join(root, "..", "shared", "vocab"));
}

/** The stamp: sha256 (16 hex digits) of the builder's files, the offline inputs (or the online addresses). */
function stamp(options: ConceptBuildOptions): string {
  const hash = createHash("sha256");
  for (const f of STAMPED) hash.update(fs.readFileSync(path.join(options.root, f)));
  if (options.online) hash.update(JSON.stringify(onlineAddresses()));
  else
    for (const f of [...Object.values(MESH_TSV_FILES), OFFLINE_DOID_FILE]) {
      const file = path.join(sourceDir(options.root), f);
      hash.update(fs.existsSync(file) ? fs.readFileSync(file) : `missing ${f}`);
    }
  return hash.digest("hex").slice(0, 16);
}

function onlineAddresses() {
  return {
    mesh: process.env.CRITICA_MESH_URL ?? NLM_MESH_URL,
    year: process.env.CRITICA_MESH_YEAR ?? String(new Date().getFullYear()),
    doid: process.env.CRITICA_DOID_URL ?? DOID_URL,
  };
}

/** Whether the written vocabulary carries the current stamp. */
function isCurrent(options: ConceptBuildOptions, current: string): boolean {
  const metaFile = path.join(options.outDir, CONCEPTS_META_FILE);
  if (!fs.existsSync(metaFile) || !fs.existsSync(path.join(options.outDir, CONCEPTS_FILE))) return false;
  try {
    return (JSON.parse(fs.readFileSync(metaFile, "utf8")) as ConceptMeta).stamp === current;
  } catch {
    return false;
  }
}

async function readDoid(options: ConceptBuildOptions): Promise<{ obo: string; source: string }> {
  if (!options.online) {
    const file = path.join(sourceDir(options.root), OFFLINE_DOID_FILE);
    if (!fs.existsSync(file)) throw new VocabularyBuildError(`missing ${file} (see ../shared/vocab/SOURCES.md)`);
    return { obo: fs.readFileSync(file, "utf8"), source: file };
  }
  const url = onlineAddresses().doid;
  const response = await fetch(url).catch((error: unknown) => {
    throw new VocabularyBuildError(`cannot reach ${url}: ${(error as Error).message}`);
  });
  if (!response.ok) throw new VocabularyBuildError(`${url}: HTTP ${response.status}`);
  return { obo: await response.text(), source: url };
}

/**
 * Builds and writes the concept vocabulary unless it is current (`force` rebuilds).
 * @returns a line for the log: the file written with its size and counts, or that it is current.
 * @throws VocabularyBuildError when an input is missing or cannot be fetched.
 */
export async function writeConcepts(options: ConceptBuildOptions): Promise<string[]> {
  const started = Date.now();
  const current = stamp(options);
  const file = path.join(options.outDir, CONCEPTS_FILE);
  if (!options.force && isCurrent(options, current))
    return [`vocab: ${file} is current (stamp ${current}); --force rebuilds`];
  const { mesh: base, year } = onlineAddresses();
  const mesh = options.online ? await readMeshXml(base, year) : readMeshTsv(sourceDir(options.root));
  const doid = await readDoid(options);
  const built = buildConceptFile(
    {
      mesh,
      doTerms: parseDoid(doid.obo),
      doRelease: doRelease(doid.obo),
      doSource: doid.source,
      englishWords: fetchEnglishWords(options.cacheDir),
      mode: options.online ? "online" : "offline",
    },
    started,
    current,
  );
  built.meta.buildMs = Date.now() - started;
  fs.mkdirSync(options.outDir, { recursive: true });
  const tmp = `${file}.tmp`;
  // Pure ASCII (other characters as \u escapes): the reader decodes it as Latin-1, the fast path, into one-byte
  // strings.
  fs.writeFileSync(
    tmp,
    JSON.stringify(built).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`),
  );
  fs.renameSync(tmp, file);
  const inferred = inferredLines(built);
  fs.writeFileSync(
    path.join(options.outDir, CONCEPTS_META_FILE),
    `${JSON.stringify({ ...built.meta, inferredActions: inferred }, null, 2)}\n`,
  );
  const size = (fs.statSync(file).size / 1e6).toFixed(2);
  return [
    `vocab: wrote ${file} (${size} MB, ${built.meta.version}) in ${(built.meta.buildMs / 1000).toFixed(1)} s`,
    `vocab: ${JSON.stringify(built.meta.counts)}`,
    `vocab: pharmacological actions inferred for descriptors without one: ${inferred.join("; ") || "none"}`,
  ];
}
