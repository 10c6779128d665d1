/**
 * Reads MeSH from the offline tables of ../shared/vocab (NLM MeSH 2024 as tab-separated text, gzipped; see its
 * SOURCES.md): data_mesh_thesaurus.tsv.gz (one row per term), data_mesh_trees.tsv.gz (one row per tree number) and
 * data_PharmacologicalActions.tsv.gz (substance → action). Used by scripts/vocabularies/build-concepts.ts only.
 */
import fs from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { VocabularyBuildError } from "./debian-packages";
import { addAction, addLevel1Trees, type MeshDescriptor, type MeshTables } from "./mesh-tables";

/** The three table files inside the vocabulary folder. */
export const MESH_TSV_FILES = {
  thesaurus: "data_mesh_thesaurus.tsv.gz",
  trees: "data_mesh_trees.tsv.gz",
  actions: "data_PharmacologicalActions.tsv.gz",
} as const;

/** The rows of one gzipped table as objects keyed by its header, with the header checked. */
function readTable(file: string, columns: string[]): Array<Record<string, string>> {
  if (!fs.existsSync(file)) throw new VocabularyBuildError(`missing ${file} (see ../shared/vocab/SOURCES.md)`);
  const lines = gunzipSync(fs.readFileSync(file)).toString("utf8").split("\n");
  const header = lines[0].split("\t");
  const missing = columns.filter((c) => !header.includes(c));
  if (missing.length > 0) throw new VocabularyBuildError(`${file}: no column ${missing.join(", ")}`);
  const at = columns.map((c) => header.indexOf(c));
  const rows: Array<Record<string, string>> = [];
  for (const line of lines.slice(1)) {
    if (line.trim() === "") continue;
    const cells = line.split("\t");
    rows.push(Object.fromEntries(columns.map((c, i) => [c, (cells[at[i]] ?? "").trim()])));
  }
  return rows;
}

/**
 * MeSH from the offline tables in `dir`.
 * @throws VocabularyBuildError when a file or column is missing.
 */
export function readMeshTsv(dir: string): MeshTables {
  const descriptors = new Map<string, MeshDescriptor>();
  const descriptor = (ui: string, name: string) =>
    descriptors.get(ui) ?? descriptors.set(ui, { ui, name, trees: [], terms: [] }).get(ui)!;
  const thesaurus = readTable(path.join(dir, MESH_TSV_FILES.thesaurus), [
    "DescriptorUI",
    "DescriptorName",
    "TermName",
    "IsPermutedTermYN",
    "LexicalTag",
  ]);
  for (const r of thesaurus)
    descriptor(r.DescriptorUI, r.DescriptorName).terms.push({
      text: r.TermName,
      tag: r.LexicalTag,
      permuted: r.IsPermutedTermYN === "Y",
    });
  const level1 = new Map<string, string>();
  for (const r of readTable(path.join(dir, MESH_TSV_FILES.trees), [
    "DescriptorUI",
    "tree_location",
    "mesh1",
    "tree1",
  ])) {
    const d = descriptors.get(r.DescriptorUI);
    if (d && r.tree_location && !d.trees.includes(r.tree_location)) d.trees.push(r.tree_location);
    if (r.tree1 && r.mesh1) level1.set(r.tree1, r.mesh1);
  }
  const actions = new Map<string, string[]>();
  for (const r of readTable(path.join(dir, MESH_TSV_FILES.actions), ["DescriptorUI", "PharmActionUI"]))
    if (r.DescriptorUI && r.PharmActionUI) addAction(actions, r.DescriptorUI, r.PharmActionUI);
  const tables: MeshTables = {
    year: "2024",
    descriptors,
    actions,
    level1,
    read: Object.values(MESH_TSV_FILES).map((f) => path.join(dir, f)),
  };
  addLevel1Trees(tables);
  return tables;
}
