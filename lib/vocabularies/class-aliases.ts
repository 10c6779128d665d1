/**
 * Common names of drug classes that MeSH 2024 does not list as entry terms, with the MeSH descriptor they name.
 * Source: our table of the class names researchers write (pharmacology textbooks' usage) checked against
 * lookupConcept: "beta blockers" (MeSH has "beta-Adrenergic Blockers"), "ARBs", "PPIs", "antiarrhythmics",
 * "sulfonylureas", "checkpoint inhibitors", "GLP-1 agonists". Keys are written as a user would; they are keyed like
 * every term (concept-keys.ts termKey).
 */
export const CLASS_ALIASES: Readonly<Record<string, string>> = {
  "beta blockers": "D000319",
  "beta blocker": "D000319",
  ARBs: "D057911",
  ARB: "D057911",
  PPIs: "D054328",
  PPI: "D054328",
  antiarrhythmics: "D000889",
  sulfonylureas: "D013453",
  "checkpoint inhibitors": "D000082082",
  "GLP-1 agonists": "D000097789",
  "GLP-1 receptor agonists": "D000097789",
};

/**
 * Clinical names of adverse effects that MeSH 2024 does not list as entry terms, with the descriptor they name.
 * Source: our table of how pharmacovigilance writes them ("QT prolongation" is MeSH's Long QT Syndrome, whose entry
 * term is "Electrocardiogram QT Prolonged"; BC5CDR annotates "nephrotoxicity" as Kidney Diseases and "hepatotoxicity"
 * as Chemical and Drug Induced Liver Injury).
 */
export const CONDITION_ALIASES: Readonly<Record<string, string>> = {
  "QT prolongation": "D008133",
  "QT interval prolongation": "D008133",
  "prolonged QT": "D008133",
  "prolonged QT interval": "D008133",
  "long QT": "D008133",
  torsades: "D016171",
  hepatotoxicity: "D056486",
  "liver injury": "D056486",
  nephrotoxicity: "D007674",
  "kidney injury": "D058186",
  neurotoxicity: "D020258",
};

/**
 * Words after a class name that add nothing to it ("aminoglycoside antibiotics", "antiepileptic drugs"): a phrase not
 * found as written is also looked up without them. Source: our choice.
 */
export const CLASS_WORDS = /\s+(?:antibiotics?|drugs?|agents?|medications?|medicines?|therapy|therapies|compounds?)$/i;
