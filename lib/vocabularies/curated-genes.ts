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

/** The curated names (see the module comment for the source and the family rule). */
export const CURATED_GENE_NAMES: readonly CuratedGeneName[] = [
  { phrase: "hERG", symbol: "KCNH2" },
  { phrase: "hERG1", symbol: "KCNH2" },
  { phrase: "IKr", symbol: "KCNH2", exact: true },
  { phrase: "IKs", symbol: "KCNQ1", exact: true },
  { phrase: "P-glycoprotein", symbol: "ABCB1" },
  { phrase: "P-gp", symbol: "ABCB1" },
  { phrase: "Pgp", symbol: "ABCB1", exact: true },
  { phrase: "COX-2", symbol: "PTGS2" },
  { phrase: "cyclooxygenase-2", symbol: "PTGS2" },
  { phrase: "cyclo-oxygenase-2", symbol: "PTGS2" },
  { phrase: "COX-1", symbol: "PTGS1" },
  { phrase: "cyclooxygenase-1", symbol: "PTGS1" },
  { phrase: "cyclo-oxygenase-1", symbol: "PTGS1" },
  { phrase: "ACE", symbol: "ACE", exact: true },
  { phrase: "angiotensin-converting enzyme", symbol: "ACE" },
  { phrase: "angiotensin converting enzyme", symbol: "ACE" },
  { phrase: "AChE", symbol: "ACHE", exact: true },
  { phrase: "acetylcholinesterase", symbol: "ACHE" },
  { phrase: "butyrylcholinesterase", symbol: "BCHE" },
  { phrase: "Na+/K+-ATPase", symbol: "ATP1A1", family: true },
  { phrase: "Na,K-ATPase", symbol: "ATP1A1", family: true },
  { phrase: "sodium pump", symbol: "ATP1A1", family: true },
  { phrase: "NF-kappaB", symbol: "NFKB1", family: true },
  { phrase: "NF-kB", symbol: "NFKB1", family: true },
  { phrase: "nuclear factor kappaB", symbol: "NFKB1", family: true },
  { phrase: "nuclear factor-kappaB", symbol: "NFKB1", family: true },
  { phrase: "TNF-alpha", symbol: "TNF" },
  { phrase: "tumor necrosis factor-alpha", symbol: "TNF" },
  { phrase: "tumour necrosis factor-alpha", symbol: "TNF" },
  { phrase: "IL-1beta", symbol: "IL1B" },
  { phrase: "interleukin-1beta", symbol: "IL1B" },
  { phrase: "iNOS", symbol: "NOS2" },
  { phrase: "inducible nitric oxide synthase", symbol: "NOS2" },
  { phrase: "eNOS", symbol: "NOS3" },
  { phrase: "endothelial nitric oxide synthase", symbol: "NOS3" },
  { phrase: "nNOS", symbol: "NOS1" },
  { phrase: "neuronal nitric oxide synthase", symbol: "NOS1" },
  { phrase: "MAO-A", symbol: "MAOA" },
  { phrase: "MAO-B", symbol: "MAOB" },
  { phrase: "monoamine oxidase A", symbol: "MAOA" },
  { phrase: "monoamine oxidase B", symbol: "MAOB" },
  { phrase: "serotonin transporter", symbol: "SLC6A4" },
  { phrase: "dopamine transporter", symbol: "SLC6A3" },
  { phrase: "norepinephrine transporter", symbol: "SLC6A2" },
  { phrase: "glucocorticoid receptor", symbol: "NR3C1" },
  { phrase: "mineralocorticoid receptor", symbol: "NR3C2" },
  { phrase: "estrogen receptor alpha", symbol: "ESR1" },
  { phrase: "mu opioid receptor", symbol: "OPRM1" },
  { phrase: "mu-opioid receptor", symbol: "OPRM1" },
  { phrase: "dopamine D2 receptor", symbol: "DRD2" },
  { phrase: "D2 receptor", symbol: "DRD2" },
  { phrase: "beta2-adrenergic receptor", symbol: "ADRB2" },
  { phrase: "beta1-adrenergic receptor", symbol: "ADRB1" },
  { phrase: "V2 receptor", symbol: "AVPR2" },
  { phrase: "vasopressin V2 receptor", symbol: "AVPR2" },
  { phrase: "heme oxygenase-1", symbol: "HMOX1" },
  { phrase: "haem oxygenase-1", symbol: "HMOX1" },
  { phrase: "Nrf2", symbol: "NFE2L2" },
  { phrase: "HIF-1alpha", symbol: "HIF1A" },
  { phrase: "tau protein", symbol: "MAPT" },
  { phrase: "thrombin", symbol: "F2" },
  { phrase: "caspase-3", symbol: "CASP3" },
  { phrase: "mTOR", symbol: "MTOR" },
  { phrase: "GSK-3beta", symbol: "GSK3B" },
  { phrase: "Nav1.5", symbol: "SCN5A" },
  { phrase: "Cav1.2", symbol: "CACNA1C" },
  // Family names NCBI Gene lists as an alias of one unrelated or arbitrary member: never resolve.
  { phrase: "PKC", symbol: null },
  { phrase: "protein kinase C", symbol: null },
  { phrase: "ERK", symbol: null },
  { phrase: "p38", symbol: null },
  { phrase: "AMPK", symbol: null },
  { phrase: "COX", symbol: null },
  { phrase: "cyclooxygenase", symbol: null },
  { phrase: "NOS", symbol: null },
  { phrase: "nitric oxide synthase", symbol: null },
];
