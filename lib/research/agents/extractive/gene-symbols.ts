/**
 * Gene/protein symbols found in abstract text by pattern (PubTator's BC5CDR annotations carry no genes, and
 * PubMed records carry none at all). A symbol-shaped token is accepted when it is gene-like by shape (letters
 * plus a number or a Greek-letter suffix: AQP2, NKCC2, UT-A1, PKC-alpha, mPGES-1, COX-2, p53) or when a
 * gene-context word stands within 3 tokens of it (PARP "inhibitor", AKT "activation").
 * Source of the rule: our own, after the shape features of gene-mention taggers (e.g. BANNER, Leaman &
 * Gonzalez 2008: capitalisation, digits, Greek letters) reduced to a few explicit tests.
 */

/** A symbol found in text: `key` groups spelling variants ("PKC-alpha", "PKCa" → "gene:PKCA"); `form` is the text. */
export interface GeneMention {
  key: string;
  form: string;
}

/**
 * Upper-case tokens that look like symbols but are not genes/proteins in abstracts: nucleic acids and
 * nucleotides, imaging/tests, units and statistics, study-design and group labels, routes, Roman numerals,
 * common clinical abbreviations. Source: our own list from reading BC5CDR abstracts.
 */
export const NON_GENE_SYMBOLS: ReadonlySet<string> = new Set([
  "DNA", "RNA", "MRNA", "CDNA", "SIRNA", "MIRNA", "ATP", "ADP", "AMP", "GTP", "NADH", "NADPH",
  "ECG", "EKG", "EEG", "EMG", "MRI", "CT", "PET", "SPECT", "PCR", "RT", "QRT", "ELISA", "HPLC", "FS", "LV", "RV",
  "LVEF", "EF", "ED", "ES", "BW", "BP", "HR", "GFR", "ERPF", "ICU", "CNS", "CSF", "BBB", "IV", "IP", "IM", "SC",
  "PO", "II", "III", "VI", "VII", "VIII", "IX", "XI", "XII", "SD", "SE", "SEM", "CI", "OR", "RR", "HIV", "AIDS",
  "USA", "UK", "WHO", "FDA", "NIH", "WT", "KO", "TG", "NS", "ANOVA", "LD", "ED50", "LD50", "IC50", "EC50", "AUC",
  "PK", "PD", "QT", "QTC", "ST", "PR", "RCR", "TAP", "ALT", "AST", "BUN", "CPK", "CK", "LDH", "NON", "TXG", "HP",
  "NX", "HFD", "ND", "OB", "PVN", "SON", "MC", "AC", "M0", "M1", "M2", "M3", "M4", "CB7", "MHC", "PAS", "MAP",
  "RESULTS", "METHODS", "CONCLUSION", "CONCLUSIONS", "BACKGROUND", "AIMS", "PURPOSE", "OBJECTIVE", "DESIGN",
  "PATIENTS", "SETTING", "INTERVENTIONS", "MEASUREMENTS", "MAIN", "OUTCOME", "AND",
  // hippocampal fields, mitochondrial DNA, cell lines and animal strains
  "CA1", "CA2", "CA3", "CA3C", "CA4", "DG", "MTDNA", "MCF7", "HELA", "HEK293", "B6D2F1", "C57BL", "C57BL6", "BALB",
  "WSL", "LOU", "SHR", "WKY", "ICR", "NMRI",
]);

/**
 * Words that signal a gene/protein nearby (lower-case, matched as token prefixes: "express" covers
 * "expression", "expressed"). Source: our own list.
 */
const CONTEXT_PREFIXES = [
  "protein", "gene", "express", "receptor", "kinase", "enzyme", "activat", "activit", "inhibit", "mrna",
  "knockout", "deficien", "null", "transporter", "channel", "phosphorylat", "signal", "pathway", "isoform",
  "antagonist", "agonist", "overexpress", "transgenic", "polymerase", "synthase", "cotransporter", "subunit",
];

const GREEK = "alpha|beta|gamma|delta|epsilon|kappa";
const SYMBOL = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(` +
    String.raw`[a-z]{0,2}[A-Z][A-Za-z0-9]*(?:-(?:${GREEK}|[A-Z]?\d+[a-z]?|[A-Z]))?` +
    String.raw`|[a-z]{2,4}-\d+` +
    String.raw`|[pP]\d{2,3}` +
    String.raw`)(?![\p{L}\p{N}])`,
  "gu",
);

/** The grouping key of a symbol: "gene:" + upper case without hyphens, Greek names shortened (alpha → A). */
export function geneKey(symbol: string): string {
  const greek: Record<string, string> = { ALPHA: "A", BETA: "B", GAMMA: "G", DELTA: "D", EPSILON: "E", KAPPA: "K" };
  const upper = symbol.toUpperCase().replace(new RegExp(`-?(${GREEK.toUpperCase()})$`), (_, g: string) => greek[g]);
  return `gene:${upper.replace(/-/g, "")}`;
}

function shapeIsGeneLike(form: string): boolean {
  if (/^[pP]\d{2,3}$/.test(form)) return true; // p53, P300
  const letters = form.replace(/[^A-Za-z]/g, "");
  if (new RegExp(`-(${GREEK})$`).test(form)) return letters.length >= 4;
  const hasDigit = /\d/.test(form);
  return hasDigit && letters.length >= 2 && !/^\d/.test(form);
}

function isCandidateShape(form: string): boolean {
  const capitals = form.replace(/[^A-Z]/g, "").length;
  if (/^[pP]\d{2,3}$/.test(form)) return true;
  if (/^[a-z]{2,4}-\d+$/.test(form)) return true; // bcl-2, mdm-2
  if (capitals === 0) return false;
  // A plain capitalised word ("Lithium", "Western") is not a symbol: require ≥ 2 capitals or a digit.
  return capitals >= 2 || /\d/.test(form);
}

/**
 * Gene/protein symbols in a text, in order of appearance (one mention per occurrence).
 * @param exclude surface forms (case-sensitive) already known as chemicals or diseases, e.g. "DOX", "NDI", "cAMP".
 */
export function findGeneSymbols(text: string, exclude: ReadonlySet<string> = new Set()): GeneMention[] {
  const tokens = [...text.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => ({ start: m.index ?? 0, lower: m[0].toLowerCase() }));
  const out: GeneMention[] = [];
  for (const m of text.matchAll(SYMBOL)) {
    const form = m[1];
    const start = m.index ?? 0;
    if (!isCandidateShape(form) || exclude.has(form) || form.split("-").some((part) => exclude.has(part))) continue;
    const bare = form.toUpperCase().replace(/-/g, "");
    if (NON_GENE_SYMBOLS.has(bare) || NON_GENE_SYMBOLS.has(form.toUpperCase().split("-")[0])) continue;
    if ((/^[A-Z]\d*$/.test(form) && !/^P\d{2,3}$/.test(form)) || /^\d/.test(form)) continue; // T5, M1: not genes; P53 is
    const productCode = /^[A-Z]{1,4}-?\d{3,}$/.test(form); // IH636, SM-5887: compound or extract codes unless a gene word is near
    if ((shapeIsGeneLike(form) && !productCode) || hasContextWord(tokens, start, form.length) || /^\s*(\(?[-+]\/[-+]\)?)/.test(text.slice(start + form.length))) {
      out.push({ key: geneKey(form), form });
    }
  }
  return out;
}

function hasContextWord(tokens: Array<{ start: number; lower: string }>, start: number, length: number): boolean {
  const index = tokens.findIndex((t) => t.start >= start);
  if (index < 0) return false;
  let last = index;
  while (last + 1 < tokens.length && tokens[last + 1].start < start + length) last += 1;
  const window = [...tokens.slice(Math.max(0, index - 3), index), ...tokens.slice(last + 1, last + 4)];
  return window.some((t) => CONTEXT_PREFIXES.some((p) => t.lower.startsWith(p)));
}
