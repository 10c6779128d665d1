/**
 * Organs and the words that name them in disease annotations, shared by the research backend ("nephrotoxic" →
 * renal diseases) and the claim check ("X is safe for the heart" → cardiac diseases). Source: our curated table
 * after the standard medical-terminology combining forms used in MeSH disease names (C14 "Cardiovascular
 * Diseases", C06.552 "Liver Diseases", C12 "Urogenital Diseases", …).
 */

/**
 * Organ combining forms of "-toxic"/"-toxicity" adjectives (keys) and the word starts that name the same organ in
 * disease annotations ("nephrotoxic" ↔ "renal failure", "kidney"; "cardiotoxicity" ↔ "heart failure",
 * "cardiomyopathy").
 */
export const ORGAN_WORDS: Readonly<Record<string, readonly string[]>> = {
  nephr: ["nephr", "renal", "kidney", "glomerul", "tubul"],
  cardi: ["cardi", "heart", "myocard"],
  hepat: ["hepat", "liver"],
  neur: ["neur", "nerve", "brain", "encephal"],
  ot: ["ototox", "hearing", "deaf", "cochle"],
  pneum: ["pneum", "pulmon", "lung"],
  pulmon: ["pneum", "pulmon", "lung"],
  myel: ["myelo", "marrow", "neutropen", "thrombocytopen", "leukopen", "anemi", "anaemi"],
  hemat: ["hemat", "haemat", "marrow", "neutropen", "thrombocytopen", "anemi"],
  dermat: ["derm", "skin", "cutaneous"],
  myo: ["myopath", "muscle", "rhabdomyoly", "myalg"],
  gastr: ["gastr", "intestin", "bowel", "colitis"],
  ocul: ["ocul", "retin", "eye", "visual"],
  thyro: ["thyro", "hypothyro", "hyperthyro", "myxedem", "myxoedem", "goit"],
};

/**
 * The MeSH descriptors whose subtrees are an organ's diseases ("nephrotoxic" → Kidney Diseases and everything below
 * it), for reading records by MeSH ID. Source: MeSH 2024's organ-level disease headings (C06.552 Liver Diseases,
 * C08.381 Lung Diseases, C12.200.777.419 Kidney Diseases, C14.280 Heart Diseases, C19.874 Thyroid Diseases, …).
 */
export const ORGAN_MESH: Readonly<Record<string, readonly string[]>> = {
  nephr: ["D007674"],
  cardi: ["D006331"],
  hepat: ["D008107"],
  neur: ["D009422"],
  ot: ["D004427", "D006311"],
  pneum: ["D008171"],
  pulmon: ["D008171"],
  myel: ["D001855"],
  hemat: ["D006402"],
  dermat: ["D012871"],
  myo: ["D009135"],
  gastr: ["D005767"],
  ocul: ["D005128"],
  thyro: ["D013959"],
};

/**
 * Disease-name word starts of an organ beyond its combining forms: diseases of the organ whose MeSH names do not
 * carry the organ's root ("tachycardia", "atrial fibrillation", "torsades de pointes" are heart diseases;
 * "cholestasis",
 * "jaundice" liver diseases). Source: our reading of MeSH C14.280 (Heart Diseases) and C06.552 (Liver Diseases)
 * entry terms as annotated in BC5CDR.
 */
const EXTRA_DISEASE_WORDS: Readonly<Record<string, readonly string[]>> = {
  cardi: [
    "arrhythm",
    "tachycard",
    "bradycard",
    "fibrillat",
    "torsade",
    "qt",
    "angina",
    "coronary",
    "ventricular",
    "atrial",
    "endocard",
    "pericard",
    "myocarditis",
  ],
  hepat: ["cholesta", "jaundice", "cirrho"],
  nephr: ["proteinuri", "hematuri", "uremi"],
};

/** How a claim names an organ ("the heart", "the kidneys") → the organ's key in {@link ORGAN_WORDS}. */
const ORGAN_NAMES: Readonly<Record<string, string>> = {
  heart: "cardi",
  cardiac: "cardi",
  myocardium: "cardi",
  "cardiovascular system": "cardi",
  liver: "hepat",
  hepatic: "hepat",
  kidney: "nephr",
  kidneys: "nephr",
  renal: "nephr",
  brain: "neur",
  nerves: "neur",
  "nervous system": "neur",
  "central nervous system": "neur",
  ears: "ot",
  ear: "ot",
  hearing: "ot",
  lung: "pneum",
  lungs: "pneum",
  "bone marrow": "myel",
  marrow: "myel",
  blood: "hemat",
  skin: "dermat",
  muscle: "myo",
  muscles: "myo",
  stomach: "gastr",
  gut: "gastr",
  bowel: "gastr",
  intestine: "gastr",
  intestines: "gastr",
  eye: "ocul",
  eyes: "ocul",
  retina: "ocul",
  thyroid: "thyro",
  "thyroid gland": "thyro",
};

/**
 * An organ named in a claim: its key, how the claim wrote it, the disease-name word starts of its diseases, and the
 * MeSH descriptors whose subtrees are its diseases ({@link ORGAN_MESH}).
 */
export interface Organ {
  key: string;
  name: string;
  diseaseWords: readonly string[];
  mesh: readonly string[];
}

/**
 * The organ a phrase names ("the heart", "kidneys", "Liver"), or null. Leading articles are ignored; matching is
 * case-insensitive on the whole phrase.
 */
export function organNamed(phrase: string): Organ | null {
  const name = phrase
    .trim()
    .toLowerCase()
    .replace(/^(?:the|your|one's|a|an)\s+/, "")
    .replace(/\s+/g, " ");
  const key = ORGAN_NAMES[name];
  if (!key) return null;
  return {
    key,
    name,
    diseaseWords: [...ORGAN_WORDS[key], ...(EXTRA_DISEASE_WORDS[key] ?? [])],
    mesh: ORGAN_MESH[key] ?? [],
  };
}

/**
 * Whether an annotated disease name is a disease of `organ`: one of its words starts with one of the organ's
 * disease words ("myocardial infarction", "heart failure", "torsades de pointes" for the heart), or contains
 * "<key>otox" ("cardiotoxicity", "hepatotoxicity", "nephrotoxicity").
 */
export function isOrganDisease(diseaseName: string, organ: Organ): boolean {
  const words = diseaseName
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return words.some((w) => organ.diseaseWords.some((o) => w.startsWith(o)) || w.includes(`${organ.key}otox`));
}

/** The organ named by the combining form of a "-toxic" word ("hepato" of "hepatotoxic" → liver). */
const TOXIC_FORMS: Readonly<Record<string, string>> = {
  cardio: "heart",
  hepato: "liver",
  nephro: "kidneys",
  renal: "kidneys",
  neuro: "nerves",
  oto: "ears",
  myelo: "bone marrow",
  pneumo: "lungs",
  pulmono: "lungs",
  hemato: "blood",
  haemato: "blood",
  dermato: "skin",
  myo: "muscle",
  gastro: "gut",
  oculo: "eye",
};

/**
 * The organ of a "-toxic" word's combining form ("cardio" → heart, "oto" → ears, "nephro" → kidneys), as
 * {@link organNamed} gives it; null for a form naming no organ ("cyto" of "cytotoxic").
 */
export function organOfToxicForm(form: string): Organ | null {
  const name = TOXIC_FORMS[form.toLowerCase().replace(/-$/, "")];
  return name ? organNamed(name) : null;
}
