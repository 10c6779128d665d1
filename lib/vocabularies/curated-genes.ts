/**
 * Pharmacology names of drug targets that NCBI Gene's symbols, aliases and names do not cover, or that the
 * precision rules of form-rules.ts drop ("ACE" is an English word, "P-gp" has a lower-case letter), plus names
 * that must never resolve (family names NCBI maps to an unrelated gene).
 * Source: our own list of target names common in pharmacology and toxicology abstracts, each mapped to the
 * HGNC-approved symbol of the protein the name denotes (IUPHAR/BPS Guide to Pharmacology naming).
 *
 * Families: a family name resolves to one gene only where pharmacology uses it for that gene's product
 * ("Na+/K+-ATPase" for the ubiquitous α1 pump ATP1A1, the cardiac glycoside target; "NF-kappaB" for NFKB1,
 * as NCBI Gene's own alias table does, marked `family`), and otherwise stays unrecognised (PKC, ERK, COX, NOS).
 */

/** One curated name: the phrase, the official symbol it denotes (null: never a gene), match details. */
export interface CuratedGeneName {
  phrase: string;
  symbol: string | null;
  /** Case-sensitive match of the compact key (for short or word-like forms: "ACE", "IKr"). */
  exact?: boolean;
  /** The phrase names a protein family or complex; `symbol` is its representative gene. */
  family?: boolean;
}

/**
 * Names matched case-insensitively, by the official symbol they denote, a line per kind of target (channels and
 * transporters, enzymes, receptors, signalling proteins).
 */
const NAMES: Readonly<Record<string, readonly string[]>> = {
  KCNH2: ["hERG", "hERG1"],
  SCN5A: ["Nav1.5"],
  CACNA1C: ["Cav1.2"],
  ABCB1: ["P-glycoprotein", "P-gp"],
  SLC6A4: ["serotonin transporter"],
  SLC6A3: ["dopamine transporter"],
  SLC6A2: ["norepinephrine transporter"],
  PTGS2: ["COX-2", "cyclooxygenase-2", "cyclo-oxygenase-2"],
  PTGS1: ["COX-1", "cyclooxygenase-1", "cyclo-oxygenase-1"],
  ACE: ["angiotensin-converting enzyme", "angiotensin converting enzyme"],
  ACHE: ["acetylcholinesterase"],
  BCHE: ["butyrylcholinesterase"],
  HMGCR: ["HMG-CoA reductase"],
  XDH: ["xanthine oxidase"],
  F2: ["thrombin"],
  NOS2: ["iNOS", "inducible nitric oxide synthase"],
  NOS3: ["eNOS", "endothelial nitric oxide synthase"],
  NOS1: ["nNOS", "neuronal nitric oxide synthase"],
  MAOA: ["MAO-A", "monoamine oxidase A"],
  MAOB: ["MAO-B", "monoamine oxidase B"],
  HMOX1: ["heme oxygenase-1", "haem oxygenase-1"],
  CASP3: ["caspase-3"],
  TYMS: ["thymidylate synthase"],
  VKORC1: ["vitamin K epoxide reductase"],
  NR3C1: ["glucocorticoid receptor"],
  NR3C2: ["mineralocorticoid receptor"],
  ESR1: ["estrogen receptor alpha", "ERalpha"],
  ESR2: ["ERbeta"],
  OPRM1: ["mu opioid receptor", "mu-opioid receptor"],
  DRD2: ["dopamine D2 receptor", "D2 receptor"],
  ADRB2: ["beta2-adrenergic receptor"],
  ADRB1: ["beta1-adrenergic receptor"],
  AVPR2: ["V2 receptor", "vasopressin V2 receptor"],
  HRH1: ["histamine H1 receptor", "H1 receptor"],
  HRH2: ["histamine H2 receptor", "H2 receptor"],
  AGTR1: ["angiotensin II type 1 receptor", "AT1 receptor"],
  TNF: ["TNF-alpha", "tumor necrosis factor-alpha", "tumour necrosis factor-alpha"],
  IL1B: ["IL-1beta", "interleukin-1beta"],
  NFE2L2: ["Nrf2"],
  HIF1A: ["HIF-1alpha"],
  MAPT: ["tau protein"],
  MTOR: ["mTOR"],
  GSK3B: ["GSK-3beta"],
  NFKBIA: ["IkappaBalpha"],
  PRKCA: ["PKCalpha"],
  PRKCB: ["PKCbeta"],
  PRKCG: ["PKCgamma"],
  PRKCD: ["PKCdelta"],
  PRKCE: ["PKCepsilon"],
};

/** Short or word-like names matched only as written (case-sensitive compact key): "ACE" is also a word. */
const EXACT_NAMES: Readonly<Record<string, readonly string[]>> = {
  KCNH2: ["IKr", "I(Kr)"],
  KCNQ1: ["IKs", "I(Ks)"],
  ABCB1: ["Pgp"],
  ACE: ["ACE"],
  ACHE: ["AChE"],
  VKORC1: ["VKOR"],
};

/** Family names resolved to the one gene pharmacology means by them (see the module comment). */
const FAMILY_NAMES: Readonly<Record<string, readonly string[]>> = {
  ATP1A1: ["Na+/K+-ATPase", "Na,K-ATPase", "sodium pump"],
  NFKB1: ["NF-kappaB", "NF-kB", "nuclear factor kappaB", "nuclear factor-kappaB"],
};

/** Family names NCBI Gene lists as an alias of one unrelated or arbitrary member: never resolve. */
const NEVER_GENES: readonly string[] = [
  "PKC",
  "protein kinase C",
  "ERK",
  "p38",
  "AMPK",
  "COX",
  "cyclooxygenase",
  "NOS",
  "nitric oxide synthase",
];

/** The names of a table, each with the symbol it denotes and the table's flags. */
function named(
  table: Readonly<Record<string, readonly string[]>>,
  flags: Pick<CuratedGeneName, "exact" | "family">,
): CuratedGeneName[] {
  return Object.entries(table).flatMap(([symbol, phrases]) => phrases.map((phrase) => ({ phrase, symbol, ...flags })));
}

/** The curated names (see the module comment for the source and the family rule). */
export const CURATED_GENE_NAMES: readonly CuratedGeneName[] = [
  ...named(NAMES, {}),
  ...named(EXACT_NAMES, { exact: true }),
  ...named(FAMILY_NAMES, { family: true }),
  ...NEVER_GENES.map((phrase) => ({ phrase, symbol: null })),
];
