/**
 * Human gene/protein recognition against the NCBI Gene lexicon: normalising a candidate target phrase to a
 * gene (Entrez Gene ID), finding gene mentions in running text, and a gene's KEGG pathways.
 * Every function returns empty results (null, []) when the lexicon is not built.
 */
import { CURATED_GENE_NAMES } from "./curated-genes";
import { caseModeOf, looksLikeFormula } from "./form-rules";
import type { Lexicon } from "./lexicon-format";
import { geneRowByEntrez, inSlices, slicedDerived, type SlicedBuild } from "./load";
import {
  addCuratedForm,
  addForm,
  emptyIndex,
  type FormEntry,
  type FormIndex,
  lookupPhrase,
  matchSpans,
  type SpanMatch,
} from "./matcher";
import { compactKey, type Token } from "./normalise";

/** A human gene: NCBI Gene (Entrez) ID, official symbol and full name, e.g. {"3757", "KCNH2", "potassium …"}. */
export interface GeneRef {
  entrezId: string;
  symbol: string;
  name: string;
  /** Which form matched: official symbol, NCBI alias, full name, or a curated pharmacology name. */
  matchedBy: "symbol" | "alias" | "name" | "curated";
  /** True when the phrase names a family or complex and the gene is its representative (curated-genes.ts). */
  family: boolean;
}

/** A gene mention in a text: `start`/`end` are UTF-16 offsets (end exclusive), `text` the matched substring. */
export interface GeneMention extends GeneRef {
  start: number;
  end: number;
  text: string;
}

const PRIORITY = { curated: 0, symbol: 1, name: 2, alias: 3 } as const;

interface GeneIndex {
  index: FormIndex;
  lexicon: Lexicon;
}

/** The gene index, built in slices of forms ({@link inSlices}). */
function* buildIndex(lexicon: Lexicon): SlicedBuild<GeneIndex> {
  const index = emptyIndex();
  const bySymbol = new Map(lexicon.genes.map(([, symbol], i) => [symbol, i]));
  for (const c of CURATED_GENE_NAMES) {
    addCuratedForm(index, c.phrase, c.symbol, bySymbol, {
      caseMode: c.exact ? "exact" : "fold",
      kind: c.family ? "family" : "curated",
    });
  }
  for (const [i, [, symbol]] of lexicon.genes.entries()) {
    // Cytochrome P450 enzymes as pharmacology writes them: "cytochrome P450 2D6", "P450 3A4" for CYP2D6, CYP3A4.
    const cyp = /^CYP(\d+[A-Z]\d+)$/.exec(symbol);
    if (!cyp) continue;
    for (const form of [`cytochrome P450 ${cyp[1]}`, `P450 ${cyp[1]}`]) {
      addForm(index, form, { target: i, caseMode: "fold", gap: "loose", priority: 0, kind: "name" });
    }
  }
  yield* inSlices(lexicon.geneForms, ([form, gene, kind]) =>
    addForm(index, form, {
      target: gene,
      caseMode: caseModeOf(form, kind),
      gap: kind === "name" ? "loose" : "tight",
      priority: PRIORITY[kind],
      kind,
    }),
  );
  return { index, lexicon };
}

const GENE_INDEX = slicedDerived("genes", buildIndex);

/** Builds the gene index ahead of its first use, awaiting `pause` between slices (lib/vocabularies/warm.ts). */
export function warmGeneIndex(pause: () => Promise<void>): Promise<void> {
  return GENE_INDEX.warm(pause);
}

function toRef(g: GeneIndex, target: number, kind: string): GeneRef {
  const [entrezId, symbol, name] = g.lexicon.genes[target];
  const matchedBy = kind === "family" ? "curated" : (kind as GeneRef["matchedBy"]);
  return { entrezId, symbol, name, matchedBy, family: kind === "family" };
}

/** Words that may precede a gene in a target phrase without changing it (lower case). */
const LEADING = new Set([
  "the",
  "a",
  "an",
  "human",
  "rat",
  "mouse",
  "murine",
  "cardiac",
  "renal",
  "neuronal",
  "hepatic",
]);
/** Words that may follow a gene in a target phrase without changing it (lower case). */
const TRAILING = new Set([
  "receptor",
  "receptors",
  "protein",
  "proteins",
  "gene",
  "genes",
  "channel",
  "channels",
  "enzyme",
  "enzymes",
  "mrna",
  "expression",
  "isoform",
  "isoforms",
  "subunit",
  "subunits",
  "activity",
  "level",
  "levels",
  "transporter",
  "transporters",
  "current",
  "currents",
  "k+",
  "na+",
  "potassium",
  "sodium",
  "blockade",
]);

/** The phrase without leading and trailing filler words ("the hERG K+ channel" → "hERG"), or null when unchanged. */
function stripFillers(phrase: string): string | null {
  const words = phrase.split(/\s+/);
  let first = 0;
  let last = words.length;
  while (first < last - 1 && LEADING.has(words[first].toLowerCase())) first += 1;
  while (last > first + 1 && TRAILING.has(words[last - 1].toLowerCase())) last -= 1;
  return first > 0 || last < words.length ? words.slice(first, last).join(" ") : null;
}

/**
 * Normalises a candidate target phrase to a human gene: "hERG", "KCNH2", "aquaporin-2", "AQP2",
 * "P-glycoprotein", "5-HT1A receptor", "Na+/K+-ATPase", "TLR4", "toll-like receptor 4".
 * Tries the whole phrase, then without leading filler words ("the", "human", "cardiac" …) and trailing head
 * nouns ("receptor", "protein", "channel", "K+", "mRNA", "expression" …): "the hERG K+ channel" → KCNH2.
 * Case rules of form-rules.ts apply ("DAT" yes, "Dat" no).
 * @returns the gene, or null when the phrase is no known gene/protein, is a blocked family name ("PKC"),
 *   or the lexicon is not built.
 */
export function recogniseGene(phrase: string): GeneRef | null {
  const g = GENE_INDEX.get();
  const trimmed = phrase.trim();
  if (!g || !trimmed) return null;
  const candidates = [trimmed];
  const bare = stripFillers(trimmed);
  if (bare) candidates.push(bare);
  for (const candidate of candidates) {
    const entry = lookupPhrase(g.index, candidate);
    if (entry)
      return entry.target >= 0 && !isFormulaLike(entry, compactKey(candidate))
        ? toRef(g, entry.target, entry.kind)
        : null;
  }
  return null;
}

/** A chemical-formula surface ("CO2", "CCl4") matched by an alias, or by any form when it has a lower-case letter. */
function isFormulaLike(entry: FormEntry, surface: string): boolean {
  const curated = entry.kind === "curated" || entry.kind === "family";
  return !curated && (entry.kind === "alias" || /\p{Ll}/u.test(surface)) && looksLikeFormula(surface);
}

/**
 * Token prefixes (lower case) that signal a gene or protein nearby ("express" covers "expression").
 * Source: CONTEXT_PREFIXES of lib/agents/extractive/gene-symbols.ts.
 */
const CONTEXT_PREFIXES = [
  "protein",
  "gene",
  "express",
  "receptor",
  "kinase",
  "enzyme",
  "activat",
  "activit",
  "inhibit",
  "mrna",
  "knockout",
  "deficien",
  "transporter",
  "channel",
  "phosphorylat",
  "signal",
  "pathway",
  "isoform",
  "antagonist",
  "agonist",
  "overexpress",
  "transgenic",
  "polymerase",
  "synthase",
  "subunit",
  "level",
  "polymorphism",
  "mutation",
  "allele",
  "genotype",
  "variant",
];

function hasContext(m: SpanMatch, tokens: Token[], lowerText: string, name: string): boolean {
  const window = [...tokens.slice(Math.max(0, m.first - 3), m.first), ...tokens.slice(m.last, m.last + 3)];
  if (window.some((t) => CONTEXT_PREFIXES.some((p) => t.compact.toLowerCase().startsWith(p)))) return true;
  return lowerText.includes(name.toLowerCase());
}

/**
 * Every gene/protein mention in a text (a sentence or an abstract), non-overlapping, longest first, in text order.
 * Letters-only aliases ("SERT", "HERG", "IDDM") and letters-only symbols of ≤ 3 letters ("TNF", "APP", "DAT")
 * count only with a gene-context word within 3 tokens ("TNF levels", "APP expression") or the gene's full
 * name elsewhere in the text ("tumor necrosis factor (TNF)"): such acronyms also stand for drugs and
 * diseases ("CCNU", "FSGS", "STZ" are NCBI aliases). Surfaces that read as chemical formulas ("CO2", "CCl4")
 * are not genes (looksLikeFormula).
 * @returns mentions with offsets into `text`; [] when the lexicon is not built.
 */
export function findGeneMentions(text: string): GeneMention[] {
  const g = GENE_INDEX.get();
  if (!g) return [];
  const lowerText = text.toLowerCase();
  const matches = matchSpans(text, g.index, (m, tokens) => {
    const { entry } = m;
    if (entry.target < 0) return "block";
    if (isFormulaLike(entry, compactKey(text.slice(m.start, m.end)))) return "reject";
    const acronym =
      entry.caseMode === "caps" && (entry.kind === "alias" || (entry.kind === "symbol" && entry.compact.length <= 3));
    if (acronym && !hasContext(m, tokens, lowerText, g.lexicon.genes[entry.target][2])) return "reject";
    return "accept";
  });
  return matches.map((m) => ({
    ...toRef(g, m.entry.target, m.entry.kind),
    start: m.start,
    end: m.end,
    text: text.slice(m.start, m.end),
  }));
}

/** A gene's curated KEGG pathway: ID ("hsa04110") and name (null: org.Hs.eg.db ships IDs only). */
export interface PathwayRef {
  keggId: string;
  name: string | null;
}

/**
 * KEGG pathways of a gene, from org.Hs.eg.db's `kegg` table (KEGG GENOME 2011 snapshot).
 * @param entrezId NCBI Gene ID, e.g. "5743".
 * @returns pathways in source order; [] for an unknown gene or when the lexicon is not built.
 */
export function genePathways(entrezId: string): PathwayRef[] {
  const g = GENE_INDEX.get();
  const i = geneRowByEntrez()?.get(entrezId);
  if (!g || i === undefined || !g.lexicon.geneKegg[i]) return [];
  return g.lexicon.geneKegg[i].split("|").map((keggId) => ({ keggId, name: g.lexicon.keggNames[keggId] ?? null }));
}
