/**
 * The neighbourhood of a concept in the MeSH trees and the Disease Ontology's is_a links: narrower concepts (MeSH
 * explosion), broader ones, and related ones (cousins under a shared parent), with how two concepts relate.
 * Empty results without a vocabulary. Server-side only.
 */
import { loadConcepts, lowerBound, rowOfTree, type ConceptVocabulary } from "./concept-load";

/** How a concept found in a record relates to the concept asked about. */
export type MatchKind = "exact" | "narrower" | "broader" | "related";

/** A relation between the concept asked about and one found: its kind, and for "related" the shared parent's ID. */
export interface ConceptRelation {
  kind: MatchKind;
  via: string | null;
}

/**
 * Largest subtree (in descriptors) a shared parent may have for its members to count as related, and a broader
 * concept to count at all. Source: our choice at the organ level of MeSH C: Lung Diseases has 110 descriptors below it
 * (pneumonia is related to pulmonary fibrosis), Kidney Diseases 84, Liver Diseases 70, Arrhythmias, Cardiac 40; Heart
 * Diseases (193) is too wide a family (myocardial ischaemia says nothing about QT prolongation), and so are
 * Pathologic Processes (452), Signs and Symptoms (410) and the level-1 headings (Nervous System Diseases, 917).
 */
export const MAX_RELATED_SUBTREE = 150;

/**
 * Tree branches whose headings relate diseases: the organ-system branches C01–C22 and mental disorders (F03). C23
 * (pathological conditions: "Fibrosis" holds both pulmonary fibrosis and liver cirrhosis), C25 (chemically induced
 * disorders) and C26 (injuries) cut across organs, so sharing one of their headings does not make two diseases related.
 */
const RELATING_BRANCH = /^(?:C(?:0[1-9]|1\d|2[0-2])|F03)/;

/** The rows below a tree number (its subtree, not itself), found by bisection in the sorted tree numbers. */
function subtreeRows(v: ConceptVocabulary, tree: string): number[] {
  const prefix = `${tree}.`;
  const rows = new Set<number>();
  for (let i = lowerBound(v.sortedTrees, prefix); i < v.sortedTrees.length && v.sortedTrees[i].startsWith(prefix); i++)
    rows.add(v.treeRows[i]);
  return [...rows];
}

const sizes = new WeakMap<ConceptVocabulary, Map<string, number>>();

/** How many descriptors sit below a tree number (cached per vocabulary). */
export function subtreeSize(v: ConceptVocabulary, tree: string): number {
  const cache = sizes.get(v) ?? sizes.set(v, new Map()).get(v)!;
  let n = cache.get(tree);
  if (n === undefined) cache.set(tree, (n = subtreeRows(v, tree).length));
  return n;
}

/** The IDs below a concept: every descriptor under any of its tree numbers, and DO terms whose is_a leads to it. */
export function descendantIds(id: string): string[] {
  const v = loadConcepts();
  const row = v?.byId.get(id);
  if (!v || row === undefined) return [];
  const out = new Set<string>();
  for (const t of v.trees[row]) for (const r of subtreeRows(v, t)) out.add(v.ids[r]);
  const stack = [id, ...out];
  while (stack.length > 0) {
    for (const child of v.doChildren.get(stack.pop()!) ?? []) {
      if (out.has(child) || child === id) continue;
      out.add(child);
      stack.push(child);
    }
  }
  out.delete(id);
  return [...out];
}

/** The tree numbers of a concept, and for a DO term those of its nearest MeSH ancestors (its is_a chain). */
function treesOf(v: ConceptVocabulary, id: string, seen = new Set<string>()): string[] {
  const row = v.byId.get(id);
  if (row === undefined || seen.has(id)) return [];
  seen.add(id);
  if (v.trees[row].length > 0) return v.trees[row];
  return v.parents[row].flatMap((p) => treesOf(v, p, seen));
}

/**
 * The broader concepts of an ID that still say something about it: ancestors in the relating branches, at depth ≥ 2,
 * with at most {@link MAX_RELATED_SUBTREE} descriptors below them, nearest first (with their tree number). A DO term
 * without a MeSH cross-reference counts its MeSH ancestors (and its DO parents first).
 */
export function broaderOf(id: string): Array<{ id: string; tree: string }> {
  const v = loadConcepts();
  const row = v?.byId.get(id);
  if (!v || row === undefined) return [];
  const out: Array<{ id: string; tree: string; depth: number }> = [];
  const isDo = v.trees[row].length === 0;
  for (const p of isDo ? v.parents[row] : []) out.push({ id: p, tree: "", depth: Number.MAX_SAFE_INTEGER });
  for (const t of treesOf(v, id)) {
    if (!RELATING_BRANCH.test(t)) continue;
    const parts = t.split(".");
    for (let k = parts.length - (isDo ? 0 : 1); k >= 2; k--) {
      const tree = parts.slice(0, k).join(".");
      const ancestor = rowOfTree(v, tree);
      if (ancestor === undefined || subtreeSize(v, tree) > MAX_RELATED_SUBTREE) continue;
      out.push({ id: v.ids[ancestor], tree, depth: k });
    }
  }
  const seen = new Set<string>([id]);
  return out
    .sort((a, b) => b.depth - a.depth)
    .filter((a) => !seen.has(a.id) && seen.add(a.id))
    .map(({ id: a, tree }) => ({ id: a, tree }));
}

/** Whether `id` sits below `of` in the trees or the DO's is_a links. */
export function isBelow(id: string, of: string): boolean {
  const v = loadConcepts();
  if (!v || id === of) return false;
  const ofRow = v.byId.get(of);
  if (ofRow === undefined) return false;
  const above = v.trees[ofRow];
  // A DO term sits below its parents' tree numbers: a tree number equal to one of `of`'s puts it below `of` too.
  const isDo = v.trees[v.byId.get(id) ?? -1]?.length === 0;
  const below = (t: string) => above.some((a) => t.startsWith(`${a}.`) || (isDo && t === a));
  if (treesOf(v, id).some(below)) return true;
  const stack = [id];
  const seen = new Set<string>();
  while (stack.length > 0) {
    const row = v.byId.get(stack.pop()!);
    if (row === undefined) continue;
    for (const p of v.parents[row]) {
      if (p === of) return true;
      if (!seen.has(p)) {
        seen.add(p);
        stack.push(p);
      }
    }
  }
  return false;
}

/**
 * How a disease concept found in a record relates to the one asked about: "exact" (the same), "narrower" (below it:
 * myxedema for thyroid diseases), "broader" (one of its {@link broaderOf} concepts: lung diseases for pulmonary
 * fibrosis), "related" (below one of those: torsades de pointes and long QT syndrome under Arrhythmias, Cardiac;
 * pneumonia and pulmonary fibrosis under Lung Diseases), with the shared parent as `via`; null otherwise.
 */
export function relateDiseases(asked: string, found: string): ConceptRelation | null {
  if (asked === found) return { kind: "exact", via: null };
  if (isBelow(found, asked)) return { kind: "narrower", via: null };
  const broader = broaderOf(asked);
  if (broader.some((b) => b.id === found)) return { kind: "broader", via: null };
  for (const b of broader) if (isBelow(found, b.id)) return { kind: "related", via: b.id };
  return null;
}
