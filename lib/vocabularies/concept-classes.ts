/**
 * Drug classes of the concept vocabulary: a class's members through MeSH pharmacological actions (and the chemical
 * groups of the D tree), a drug's classes, and the enzyme or receptor a class is named after (HMG-CoA reductase
 * inhibitors → HMGCR). Empty results without a vocabulary. Server-side only.
 */
import { loadConcepts, termsOfRow } from "./concept-load";
import { descendantIds } from "./concept-tree";
import { recogniseGene } from "./genes";
import type { GeneRef } from "./genes";

/**
 * One pharmacological action of a substance; `inferred` when the builder filled a gap of the PA table (fluvastatin).
 */
export interface DrugAction {
  id: string;
  name: string;
  inferred: boolean;
}

/** The pharmacological actions of a substance (descriptor or supplementary concept record), [] when none is known. */
export function actionsOf(id: string): DrugAction[] {
  const v = loadConcepts();
  if (!v) return [];
  const row = v.byId.get(id);
  return (v.substanceActions.get(id) ?? []).map((a) => ({
    id: a,
    name: v.names[v.byId.get(a) ?? -1] ?? a,
    inferred: row !== undefined && (v.inferred.get(row)?.has(a) ?? false),
  }));
}

const members = new WeakMap<object, Map<string, string[]>>();

/**
 * The members of a class, sorted: substances (descriptors and supplementary concept records) whose pharmacological
 * action is the class or a narrower action of it (Adrenergic beta-1 Receptor Antagonists under Adrenergic
 * beta-Antagonists), with the builder's inferred actions; and for a chemical group of the D tree (Aminoglycosides)
 * every descriptor below it. [] for a concept that is neither.
 */
export function classMembers(id: string): string[] {
  const v = loadConcepts();
  if (!v) return [];
  const cache = members.get(v) ?? members.set(v, new Map()).get(v)!;
  const cached = cache.get(id);
  if (cached) return cached;
  const below = descendantIds(id);
  const actions = [id, ...below.filter((d) => v.actionMembers.has(d))];
  const out = new Set<string>(below);
  for (const a of actions) for (const m of v.actionMembers.get(a) ?? []) out.add(m);
  out.delete(id);
  const list = [...out].sort();
  cache.set(id, list);
  return list;
}

/** Words after which a class's name names its target: "HMG-CoA Reductase Inhibitors" → "HMG-CoA Reductase". */
const MECHANISM =
  /\s+(?:inhibitors?|antagonists?|agonists?|blockers?|blocking agents?|activators?|openers?|modulators?|stimulants?)$/i;

/** The molecular target a class is named after: the gene (NCBI Gene) when one is recognised, and the phrase. */
export interface ClassTarget {
  phrase: string;
  gene: GeneRef | null;
}

/**
 * The enzyme, receptor or channel a pharmacological action is named after, from its name and entry terms without the
 * mechanism word: "HMG-CoA Reductase Inhibitors" → HMG-CoA reductase → HMGCR; "Cyclooxygenase 2 Inhibitors" →
 * PTGS2; "Potassium Channel Blockers" → "Potassium Channel" (a family, no single gene). The first term whose target
 * is a recognised gene wins, else the name's phrase; null for a class not named after a target ("Anti-Arrhythmia
 * Agents").
 */
export function classTarget(actionId: string): ClassTarget | null {
  const v = loadConcepts();
  const row = v?.byId.get(actionId);
  if (!v || row === undefined) return null;
  const phrases = termsOfRow(v, row)
    .filter((t) => MECHANISM.test(t))
    .map((t) => t.replace(MECHANISM, "").trim())
    .filter((t) => t.length >= 3);
  if (phrases.length === 0) return null;
  for (const phrase of phrases) {
    const gene = recogniseGene(phrase);
    if (gene) return { phrase, gene };
  }
  return { phrase: phrases[0], gene: null };
}
