/**
 * Reads human protein-coding genes, their recognisable forms, curated GO biological-process links and KEGG
 * pathway links from org.Hs.eg.db's SQLite file (opened read-only), applying the precision rules of
 * lib/vocabularies/form-rules.ts. Used by scripts/build-vocabularies.ts only.
 */
import Database from "better-sqlite3";
import { geneFormRejection } from "@/lib/vocabularies/form-rules";
import type { GeneFormKind } from "@/lib/vocabularies/lexicon-format";
import { compactKey, foldedKey } from "@/lib/vocabularies/normalise";

/** What the lexicon takes from org.Hs.eg.db, with counts of kept and dropped aliases. */
export interface GeneTables {
  genes: Array<[string, string, string]>;
  geneForms: Array<[string, number, GeneFormKind]>;
  /** Per gene index: [GO ID, evidence codes] of its go_bp rows. */
  goLinks: Array<Array<[string, string[]]>>;
  /** Per gene index: KEGG pathway IDs ("hsa04110"). */
  keggLinks: string[][];
  aliasesDropped: Record<string, number>;
  /** The package's metadata table (source names, URLs and dates). */
  metadata: Record<string, string>;
}

/**
 * Provisional NCBI loci ("LOC107987479", named "cytochrome P450 2D6"): their names and aliases would take
 * protein names from the real genes (CYP2D6), so only their symbols are kept.
 */
const PROVISIONAL = /^LOC\d/;

/**
 * The name without a trailing parenthetical: "acetylcholinesterase (Cartwright blood group)" →
 * "acetylcholinesterase".
 */
function nameVariants(name: string): string[] {
  const bare = name.replace(/\s+\([^)]*\)\s*$/, "").trim();
  return bare && bare !== name ? [name, bare] : [name];
}

/**
 * Reads the gene tables.
 * @param file path of org.Hs.eg.sqlite.
 * @param englishWords lower-case English words (rule 3 of form-rules.ts).
 */
export function readGeneTables(file: string, englishWords: ReadonlySet<string>): GeneTables {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const metadata = Object.fromEntries(
      (db.prepare("SELECT name, value FROM metadata").all() as Array<{ name: string; value: string }>).map((r) => [
        r.name,
        r.value,
      ]),
    );
    const rows = db
      .prepare(
        `SELECT g._id AS id, g.gene_id AS entrez, i.symbol AS symbol, i.gene_name AS name FROM genes g
         JOIN gene_info i ON i._id = g._id JOIN genetype t ON t._id = g._id
         WHERE t.gene_type = 'protein-coding' ORDER BY CAST(g.gene_id AS INTEGER)`,
      )
      .all() as Array<{ id: number; entrez: string; symbol: string; name: string }>;
    const indexOf = new Map(rows.map((r, i) => [r.id, i]));
    const genes = rows.map((r): [string, string, string] => [r.entrez, r.symbol, r.name]);

    // Official symbols and names first; folded keys claimed by a symbol or a name are not open to aliases.
    const geneForms: Array<[string, number, GeneFormKind]> = [];
    const symbolOwner = new Map<string, number>();
    for (const [i, [, symbol]] of genes.entries()) symbolOwner.set(foldedKey(symbol), i);
    for (const [i, [, symbol, name]] of genes.entries()) {
      if (!geneFormRejection(symbol, "symbol", englishWords)) geneForms.push([symbol, i, "symbol"]);
      if (PROVISIONAL.test(symbol)) continue;
      for (const variant of nameVariants(name)) {
        if (!geneFormRejection(variant, "name", englishWords)) geneForms.push([variant, i, "name"]);
      }
    }
    const nameOwners = new Map<string, Set<number>>();
    for (const [form, i, kind] of geneForms) {
      if (kind === "name") nameOwners.set(foldedKey(form), (nameOwners.get(foldedKey(form)) ?? new Set()).add(i));
    }
    const keptForms = geneForms.filter(
      ([form, , kind]) => kind !== "name" || nameOwners.get(foldedKey(form))?.size === 1,
    );

    const aliasRows = db.prepare("SELECT _id AS id, alias_symbol AS alias FROM alias").all() as Array<{
      id: number;
      alias: string;
    }>;
    const aliasOwners = new Map<string, Set<number>>();
    const aliases: Array<[string, number]> = [];
    for (const row of aliasRows) {
      const gene = indexOf.get(row.id);
      if (gene === undefined || PROVISIONAL.test(genes[gene][1])) continue;
      const key = foldedKey(row.alias);
      aliasOwners.set(key, (aliasOwners.get(key) ?? new Set()).add(gene));
      if (key !== foldedKey(genes[gene][1])) aliases.push([row.alias, gene]);
    }
    const aliasesDropped: Record<string, number> = {};
    const seen = new Set<string>();
    for (const [alias, gene] of aliases) {
      const key = foldedKey(alias);
      let reason: string | null = geneFormRejection(alias, "alias", englishWords);
      if (!reason && /^[a-z]+$/.test(compactKey(alias))) reason = "lower-case-word";
      if (!reason && symbolOwner.has(key)) reason = "another-symbol";
      if (!reason && (aliasOwners.get(key)?.size ?? 0) > 1) reason = "shared";
      if (!reason && nameOwners.has(key)) reason = "another-name";
      if (reason) {
        aliasesDropped[reason] = (aliasesDropped[reason] ?? 0) + 1;
        continue;
      }
      if (seen.has(`${key}|${gene}|${compactKey(alias)}`)) continue;
      seen.add(`${key}|${gene}|${compactKey(alias)}`);
      keptForms.push([alias, gene, "alias"]);
    }

    const goLinks: GeneTables["goLinks"] = genes.map(() => []);
    const goByGene = new Map<string, string[]>();
    for (const r of db.prepare("SELECT _id AS id, go_id AS go, evidence FROM go_bp").all() as Array<{
      id: number;
      go: string;
      evidence: string;
    }>) {
      const gene = indexOf.get(r.id);
      if (gene === undefined) continue;
      const key = `${gene}\t${r.go}`;
      const list = goByGene.get(key);
      if (list) {
        if (!list.includes(r.evidence)) list.push(r.evidence);
      } else {
        const evidence = [r.evidence];
        goByGene.set(key, evidence);
        goLinks[gene].push([r.go, evidence]);
      }
    }
    const keggLinks: string[][] = genes.map(() => []);
    for (const r of db.prepare("SELECT _id AS id, path_id AS path FROM kegg").all() as Array<{
      id: number;
      path: string;
    }>) {
      const gene = indexOf.get(r.id);
      if (gene !== undefined && !keggLinks[gene].includes(`hsa${r.path}`)) keggLinks[gene].push(`hsa${r.path}`);
    }
    return { genes, geneForms: keptForms, goLinks, keggLinks, aliasesDropped, metadata };
  } finally {
    db.close();
  }
}
