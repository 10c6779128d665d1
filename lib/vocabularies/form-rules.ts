/**
 * Precision rules for the forms (symbols, aliases, names, GO terms and synonyms) that the lexicon keeps for
 * recognition, and how letter case is matched. Used by the builder (which drops forms) and by the runtime
 * matchers (case modes). Pure functions, no I/O.
 *
 * The rule, in order (a form failing any step is dropped):
 * 1. its folded key (compactKey lower-cased) has ≤ 2 characters ("ER", "PC", "RA", "MS", "IV", "T2", "NO"), or no
 * letter;
 * 2. it is in NON_GENE_FORMS (abbreviations that abstracts use for something else);
 * 3. a symbol or alias whose folded key is an English word of the SCOWL word list (Debian `wamerican`,
 *    lower-case entries: "CAT", "MAX", "SET", "AGE", "ACE", "REST"); a one-word name that is an English word
 *    ("insulin", "albumin": also drugs/chemicals in abstracts);
 * 4. an alias that is a spelled Greek letter ("alpha1"), a unit ("min-1", "mm2"), a tumour stage or an embryonic
 *    day ("pT3", "T4a", "E12"), or a lower-case word ("homodimer");
 * 5. (builder, needs all genes) an alias whose folded key belongs to ≥ 2 protein-coding genes, or equals another
 *    gene's official symbol or name: ambiguous, so the official symbol wins and shared aliases go; names and
 *    aliases of provisional loci (LOC…) go too.
 * At match time (genes.ts): letters-only aliases, and letters-only symbols of ≤ 3 letters, need a gene-context
 * word nearby or the gene's name in the text; surfaces that read as chemical formulas ("CO2", "CCl4") are not
 * genes; letter case follows caseModeOf.
 * Pharmacology names lost by these rules ("ACE", "AChE", "P-gp") come back through curated-genes.ts.
 */
import { caseCounts, compactKey, foldedKey } from "./normalise";

/**
 * Upper-case abbreviations (folded keys) that NCBI lists as gene symbols or aliases but that abstracts use
 * for other things: nucleic acids and nucleotides, reactive species and chemicals (ROS → ROS1, LPS → IRF6,
 * NADPH → DECR1), clinical tests and lab enzymes reported as biomarkers (ALT, AST, LDH, CK, BUN), imaging,
 * statistics, routes and study labels, hippocampal fields (CA1–CA4 are also carbonic anhydrase symbols),
 * and disease abbreviations listed as aliases (PKC → PRRT2, paroxysmal kinesigenic choreoathetosis).
 * Source: the NON_GENE_SYMBOLS list of lib/agents/extractive/gene-symbols.ts (read from BC5CDR abstracts),
 * plus forms found by matching this lexicon against BC5CDR chemical and disease annotations.
 */
export const NON_GENE_FORMS: ReadonlySet<string> = new Set([
  "dna",
  "rna",
  "mrna",
  "cdna",
  "sirna",
  "mirna",
  "mtdna",
  "atp",
  "adp",
  "amp",
  "gtp",
  "nadh",
  "nadph",
  "camp",
  "cgmp",
  "ros",
  "rns",
  "lps",
  "gsh",
  "gssg",
  "mda",
  "nac",
  "gaba",
  "nmda",
  "ampa",
  "ach",
  "lsd",
  "mptp",
  "pcp",
  "thc",
  "ctx",
  "ecg",
  "ekg",
  "eeg",
  "emg",
  "mri",
  "pet",
  "spect",
  "pcr",
  "qrt",
  "elisa",
  "hplc",
  "lvef",
  "gfr",
  "erpf",
  "icu",
  "cns",
  "csf",
  "bbb",
  "sem",
  "hiv",
  "aids",
  "usa",
  "who",
  "fda",
  "nih",
  "anova",
  "ed50",
  "ld50",
  "ic50",
  "ec50",
  "auc",
  "qtc",
  "rcr",
  "tap",
  "alt",
  "ast",
  "bun",
  "cpk",
  "ldh",
  "non",
  "txg",
  "hfd",
  "pvn",
  "son",
  "mhc",
  "pas",
  "map",
  "ca1",
  "ca2",
  "ca3",
  "ca3c",
  "ca4",
  "mcf7",
  "hela",
  "hek293",
  "c57bl",
  "c57bl6",
  "balb",
  "wsl",
  "lou",
  "shr",
  "wky",
  "icr",
  "nmri",
  "pkc",
  "pka",
  "erk",
  "mapk",
  "cox",
  "nos",
  "sod",
  "gpx",
  "hsp",
  "mmp",
  "ppar",
  "hdac",
  "cyp",
  "ugt",
  "abc",
  "slc",
  "tgf",
  "il1",
  "ifn",
  "hla",
  "ssri",
  "snri",
  "nsaid",
  // Symbols and aliases that BC5CDR annotates as chemicals or diseases
  // (scripts/vocabularies/check-corpus-collisions.ts):
  // drugs and reagents (STZ streptozotocin, RAPA rapamycin, CPA cyclophosphamide, BPA bisphenol A, ARB, DES,
  // SRL sirolimus, TRP tryptophan, Q10, DSP4, S-312), peptide hormones used as drugs (AVP, CCK, PRL, PENK),
  // and disease abbreviations (IDDM, NIN).
  "q10",
  "s312",
  "dsp4",
  "stz",
  "iddm",
  "rapa",
  "n10",
  "cpa",
  "pen2",
  "ser2",
  "da1",
  "bpa",
  "5di",
  "caa",
  "dce",
  "arb",
  "str",
  "trp",
  "cck",
  "avp",
  "prl",
  "penk",
  "rb1",
  "mip",
  "aida",
  "nin",
  "lpo",
  "des",
  "srl",
  // Found in the MEDLINE and PubMedQA samples: cell lines and cell types, lipoprotein fractions, families and
  // complexes that an alias pins to one member, disease abbreviations.
  "thp1",
  "pc12",
  "shsy5y",
  "hepg2",
  "caco2",
  "a549",
  "u937",
  "hl60",
  "k562",
  "raw2647",
  "th1",
  "th2",
  "th17",
  "ldl",
  "hdl",
  "vldl",
  "ldlc",
  "hdlc",
  "p450",
  "mek",
  "camkii",
  "pp2a",
  "dhpr",
  "amd",
  // Found in BC5CDR abstracts outside the annotations: units ("min-1", "mm2"), markers and terms that NCBI
  // lists as aliases of unrelated genes (ED-1 is the rat CD68 antibody, EAD early afterdepolarisation, ECM
  // extracellular matrix, CPAP, PAF platelet-activating factor, PRA plasma renin activity).
  "min1",
  "mm2",
  "40k",
  "1a1",
  "p02",
  "p20",
  "ed1",
  "ed4",
  "stl1",
  "stl2",
  "ead",
  "ecm",
  "cpap",
  "paf",
  "pra",
  "efe",
  "crl",
  "41r",
  // Full names that BC5CDR annotates as chemicals over the whole span (peptides and enzymes given as drugs).
  "neurotensin",
  "argininevasopressin",
  "cholecystokinin",
  "proenkephalin",
  "asparaginase",
]);

/** A spelled Greek letter with an optional number and letter ("alpha1", "beta2a"): a subunit, not a gene. */
const GREEK_ALIAS = /^(?:alpha|beta|gamma|delta|epsilon|kappa|zeta|theta|lambda|mu|sigma|omega)\d*[a-z]?$/;

/** A unit with an exponent ("min-1", "mm2", "ml1"): never a gene in an abstract. */
const UNIT_ALIAS = /^(?:min|mm|cm|ml|mg|kg|mmol|nmol|nm|um|sec|hr)\d$/;

/** A spelled Greek letter inside a form ("PPARgamma", "IkappaBalpha"). */
const SPELLED_GREEK = /(?:alpha|beta|gamma|delta|epsilon|kappa)/;

/** Tumour stages and embryonic days ("pT3", "T1-3", "T4a", "N0", "E12"): never a gene in an abstract. */
const STAGE_ALIAS = /^(?:[pcy]?[tnm]\d[a-d]?\d?|e\d{1,2})$/;

/** How a form must match the text's letter case. */
export type CaseMode = "fold" | "caps" | "exact";

/**
 * Case mode of a gene or process form:
 * - "fold" (any case): names and terms, symbols/aliases with both letters and digits ("Bcl-2", "p53", "cox-2"),
 *   and aliases with a spelled Greek letter after capitals ("PPARgamma" matches "PPARγ", "ERalpha" "ERα");
 * - "caps": letters-only symbols/aliases and acronyms; the text must be upper case ("DAT", not "Dat"; "ACh" is
 *   not "ACH"; "eGFR", estimated GFR, is not "EGFR"). Lower-case-prefixed protein names ("hERG", "iNOS",
 *   "eNOS", "AChE") are curated (curated-genes.ts).
 */
export function caseModeOf(form: string, kind: "symbol" | "alias" | "name" | "term" | "synonym"): CaseMode {
  if (kind === "name" || kind === "term") return "fold";
  const compact = compactKey(form);
  if (kind === "synonym") return /[A-Z].*[A-Z]/.test(compact) && caseCounts(compact).upper >= 2 ? "caps" : "fold";
  if (SPELLED_GREEK.test(compact) && /[A-Z]/.test(compact)) return "fold";
  return /\d/.test(compact) && /\p{L}/u.test(compact) ? "fold" : "caps";
}

/**
 * Whether a text span's surface satisfies a form's case mode.
 * @param surface the compact key of the text span (Greek spelled out, separators removed).
 * @param form the compact key of the lexicon form.
 */
export function caseMatches(surface: string, form: string, caseMode: CaseMode): boolean {
  if (caseMode === "exact") return surface === form;
  if (surface.toLowerCase() !== form.toLowerCase()) return false;
  if (caseMode === "fold") return true;
  const { upper, lower } = caseCounts(surface);
  const letters = upper + lower;
  return letters > 0 && lower === 0;
}

/**
 * Why a gene form is dropped by rules 1–3 (see the module comment), or null when it is kept.
 * @param englishWords lower-case English words (SCOWL via Debian `wamerican`).
 */
export function geneFormRejection(
  form: string,
  kind: "symbol" | "alias" | "name",
  englishWords: ReadonlySet<string>,
): "short" | "no-letter" | "stop-list" | "english-word" | "greek-letter" | "unit-or-stage" | null {
  const folded = foldedKey(form);
  if (folded.length <= 2) return "short";
  if (!/\p{L}/u.test(folded)) return "no-letter";
  if (NON_GENE_FORMS.has(folded)) return "stop-list";
  const oneWord = !/\s/.test(form.trim());
  if (englishWords.has(folded) && (kind !== "name" || oneWord)) return "english-word";
  if (kind === "alias" && GREEK_ALIAS.test(folded)) return "greek-letter";
  if (kind === "alias" && (UNIT_ALIAS.test(folded) || STAGE_ALIAS.test(folded))) return "unit-or-stage";
  return null;
}

/** Last words that name an agent or a thing, not a process ("kinase inhibitor", "tumor suppressor"). */
const AGENT_HEAD =
  /\b(?:inhibitors?|suppressors?|activators?|agonists?|antagonists?|receptors?|proteins?|factors?|activity|genes?)$/i;

/**
 * Why a GO synonym is dropped beyond processFormRejection: GO.db does not say whether a synonym is exact,
 * broad, narrow or related, so a synonym is kept only when one of its words of ≥ 5 letters shares its first
 * 5 letters with a word of the term name ("apoptosis" ~ "apoptotic process", "inflammation" ~ "inflammatory
 * response"; "opsin" ≁ "phototransduction", "drug resistance" ≁ "response to xenobiotic stimulus") and its
 * last word does not name an agent ("kinase inhibitor", "tumor suppressor").
 */
export function synonymRejection(synonym: string, term: string): "unrelated-synonym" | "agent-synonym" | null {
  if (AGENT_HEAD.test(synonym.trim())) return "agent-synonym";
  const stems = (text: string) => (text.toLowerCase().match(/\p{L}{5,}/gu) ?? []).map((w) => w.slice(0, 5));
  const termStems = new Set(stems(term));
  return stems(synonym).some((w) => termStems.has(w)) ? null : "unrelated-synonym";
}

/**
 * Why a GO biological-process form is dropped, or null when it is kept: ≤ 3 characters, a single English word
 * ("growth", "behavior", "memory", "transport": everyday senses; the pharmacologically useful ones such as
 * "inflammation" come back through curated-processes.ts), or a term too general to name a pathway.
 * @param general true for the root "biological_process" and its direct children (from GO.db's go_bp_parents).
 */
export function processFormRejection(
  form: string,
  englishWords: ReadonlySet<string>,
  general: boolean,
): "too-general" | "short" | "english-word" | null {
  if (general) return "too-general";
  const folded = foldedKey(form);
  if (folded.length <= 3) return "short";
  if (!/\s|-/.test(form.trim()) && englishWords.has(folded)) return "english-word";
  return null;
}

/** Chemical element symbols (IUPAC periodic table, elements 1–103). */
const ELEMENTS =
  "H He Li Be B C N O F Ne Na Mg Al Si P S Cl Ar K Ca Sc Ti V Cr Mn Fe Co Ni Cu Zn Ga Ge As Se Br Kr Rb Sr Y Zr " +
  "Nb Mo " +
  "Tc Ru Rh Pd Ag Cd In Sn Sb Te I Xe Cs Ba La Ce Pr Nd Pm Sm Eu Gd Tb Dy Ho Er Tm Yb Lu Hf Ta W Re Os Ir Pt Au " +
  "Hg Tl " +
  "Pb Bi Po At Rn Fr Ra Ac Th Pa U Np Pu Am Cm Bk Cf Es Fm Md No Lr";
const FORMULA = new RegExp(
  `^(?:(?:${ELEMENTS.split(" ")
    .sort((a, b) => b.length - a.length)
    .join("|")})\\d*){2,}$`,
);

/**
 * Whether a text surface (compact key, case kept) reads as a chemical formula of ≥ 2 element groups:
 * "CO2", "CCl4", "H2O2", "NaCl", "MgSO4" (not "Rb1": one group). Gene matches of such surfaces are dropped when
 * the form is an alias, or when the surface has a lower-case letter ("CCl4" is not the symbol CCL4), so
 * upper-case symbols such as "NOS2" still match.
 */
export function looksLikeFormula(surface: string): boolean {
  return FORMULA.test(surface);
}
