/**
 * MeSH as the concept builder reads it, whichever files it came from: descriptors with their terms and tree numbers,
 * and substance → pharmacological action pairs. Filled by read-mesh-tsv.ts (the offline tables of ../shared/vocab)
 * or read-mesh-xml.ts (NLM's own desc/pa/mtrees files). Used by scripts/vocabularies/build-concepts.ts only.
 */

/** One term of a descriptor as NLM lists it: its text, lexical tag (NON, TRD, ABB, ACR, LAB …) and permuted flag. */
export interface MeshTerm {
  text: string;
  tag: string;
  permuted: boolean;
}

/** One MeSH descriptor: unique ID, preferred name, tree numbers and every term of every concept. */
export interface MeshDescriptor {
  ui: string;
  name: string;
  trees: string[];
  terms: MeshTerm[];
}

/** What the builder needs of one MeSH year. */
export interface MeshTables {
  /** "2024". */
  year: string;
  descriptors: Map<string, MeshDescriptor>;
  /** Substance (descriptor D… or supplementary concept record C…) → its pharmacological action descriptor IDs. */
  actions: Map<string, string[]>;
  /** Level-1 headings by tree number ("C10" → "Nervous System Diseases") for tables that lack their rows. */
  level1: Map<string, string>;
  /** The files or addresses read, for the vocabulary's metadata. */
  read: string[];
}

/** Adds one pharmacological action to a substance, once. */
export function addAction(actions: Map<string, string[]>, substance: string, action: string): void {
  const list = actions.get(substance) ?? actions.set(substance, []).get(substance)!;
  if (!list.includes(action)) list.push(action);
}

/**
 * Gives level-1 headings (tree numbers without a dot, which the offline trees table has no rows for) their tree
 * numbers, by the heading's name: "Nervous System Diseases" gets "C10". A descriptor that already has the tree
 * number is left as it is.
 */
export function addLevel1Trees(tables: MeshTables): void {
  const byName = new Map([...tables.descriptors.values()].map((d) => [d.name.toLowerCase(), d]));
  for (const [tree, name] of tables.level1) {
    const d = byName.get(name.toLowerCase());
    if (d && !d.trees.includes(tree)) d.trees.push(tree);
  }
}
