/**
 * Physiological and pathological process terms recognised in abstract text, the usual "pathway" level of a
 * drug → target → pathway → effect chain. Entity annotators tag drugs and diseases but not processes such as
 * apoptosis or oxidative stress, so these are matched by pattern.
 * Source: our curated list, named after MeSH descriptors of the "Phenomena and Processes" [G] tree (and
 * [C] where MeSH files the process as a condition); `meshId` lets a match merge with an entity annotation of
 * the same descriptor (e.g. PubTator's "necrosis" D009336).
 */

/** One process term: display name, MeSH descriptor ID when it has one, and the pattern that finds it. */
export interface ProcessTerm {
  name: string;
  meshId: string | null;
  pattern: RegExp;
}

/** The curated process terms (patterns are case-insensitive, whole words). */
export const PROCESS_TERMS: readonly ProcessTerm[] = [
  { name: "oxidative stress", meshId: "D018384", pattern: /\boxidative (?:stress|damage|injury)\b|\boxyradical stress\b/i },
  { name: "reactive oxygen species", meshId: "D017382", pattern: /\breactive oxygen species\b|\bfree radicals?\b|\boxygen radicals?\b/i },
  { name: "lipid peroxidation", meshId: "D015227", pattern: /\blipid peroxidation\b/i },
  { name: "apoptosis", meshId: "D017209", pattern: /\bapoptos[ie]s\b|\bapoptotic\b/i },
  { name: "necrosis", meshId: "D009336", pattern: /\bnecros[ie]s\b|\bnecrotic\b/i },
  { name: "autophagy", meshId: "D001343", pattern: /\bautophag(?:y|ic)\b/i },
  { name: "inflammation", meshId: "D007249", pattern: /\binflammation\b|\binflammatory\b/i },
  { name: "fibrosis", meshId: "D005355", pattern: /\bfibrosis\b|\bfibrotic\b/i },
  { name: "mitochondrial dysfunction", meshId: "D028361", pattern: /\bmitochondrial (?:dysfunction|injury|damage|alterations?|changes)\b/i },
  { name: "DNA damage", meshId: "D004249", pattern: /\bDNA (?:damage|fragmentation|strand breaks)\b/i },
  { name: "calcium overload", meshId: null, pattern: /\bcalcium (?:overload|loading)\b|\bCa\(2\+\) (?:overload|loading)\b/i },
  { name: "energy metabolism", meshId: "D004734", pattern: /\b(?:ATP (?:synthesis|generation|depletion)|fatty[- ]acid oxidation|energy metabolism|mitochondrial respiration)\b/i },
  { name: "urine concentrating defect", meshId: null, pattern: /\burine[- ]concentrating (?:ability|defect)\b|\burinary concentrat\w+ (?:ability|defect)\b|\bconcentrat\w* (?:the )?urine\b|\bconcentration defect\b/i },
  { name: "water reabsorption", meshId: null, pattern: /\bwater (?:reabsorption|permeability|channels?)\b/i },
  { name: "glomerular filtration", meshId: "D005919", pattern: /\bglomerular filtration\b|\bglomerular hyperfiltration\b/i },
  { name: "cAMP signalling", meshId: null, pattern: /\bcAMP (?:pathway|signal\w*|output|production|generation|accumulation)\b|\badenylate cyclase\b/i },
  { name: "prostaglandin synthesis", meshId: null, pattern: /\bprostaglandin (?:synthesis|production)\b|\bPGE\(2\) (?:excretion|production|synthesis)\b/i },
  { name: "gene expression", meshId: "D015870", pattern: /\bgene expression\b|\btranscriptional? (?:activation|coactivator)\b/i },
  { name: "cell proliferation", meshId: "D049109", pattern: /\bcell proliferation\b/i },
  { name: "hypertrophy", meshId: "D006984", pattern: /\bhypertroph(?:y|ic)\b/i },
  { name: "vasoconstriction", meshId: "D014661", pattern: /\bvasoconstrict\w*\b/i },
  { name: "thyroid hormone synthesis", meshId: null, pattern: /\bthyroid hormone (?:synthesis|release|secretion)\b/i },
];

/** One process mention: concept key (MeSH ID, or "process:<name>") and the matched text (lower-cased). */
export interface ProcessMention {
  key: string;
  name: string;
  form: string;
}

/** The concept key of a process term: its MeSH ID when it has one, else "process:<name>". */
export function processKey(term: ProcessTerm): string {
  return term.meshId ?? `process:${term.name}`;
}

/** Process terms found in a text, one mention per matching term (first match), in list order. */
export function findProcessTerms(text: string): ProcessMention[] {
  const out: ProcessMention[] = [];
  for (const term of PROCESS_TERMS) {
    const m = term.pattern.exec(text);
    if (m) out.push({ key: processKey(term), name: term.name, form: m[0].toLowerCase() });
  }
  return out;
}
