/**
 * Word lists of the extractive claim check: effect verbs with their direction, harm nouns, negation and
 * equivalence cues, organ combining forms. Source: our lists, built from the finding sentences of the BC5CDR and
 * MEDLINE corpus abstracts (negation: lib/text/negation.ts, NegEx's triggers), the organ forms are the Greek/Latin combining forms used in MeSH anatomy and disease terms.
 */

/** Direction of an effect: raises the named quantity, lowers it, or affects it either way. */
export type EffectDirection = "up" | "down" | "any";

/**
 * Effect verbs by base form. "up" verbs raise or bring about what follows (increase, induce, cause), "down" verbs
 * lower or prevent it, "any" verbs state an effect without a direction.
 */
export const EFFECT_VERBS: Record<string, EffectDirection> = {
  increase: "up", raise: "up", elevate: "up", induce: "up", cause: "up", enhance: "up", promote: "up",
  exacerbate: "up", worsen: "up", aggravate: "up", potentiate: "up", augment: "up", stimulate: "up",
  accelerate: "up", trigger: "up", improve: "up", prolong: "up", provoke: "up", produce: "up", evoke: "up",
  reduce: "down", decrease: "down", lower: "down", attenuate: "down", inhibit: "down", prevent: "down",
  protect: "down", ameliorate: "down", suppress: "down", diminish: "down", alleviate: "down", block: "down",
  abolish: "down", shorten: "down", impair: "down", depress: "down", deplete: "down", reverse: "down",
  affect: "any", alter: "any", influence: "any", modify: "any", change: "any", damage: "any", injure: "any",
};

/** The opposite direction, for counter-statements ("does not reduce Y, or increases it"). */
export const OPPOSITE_VERB: Partial<Record<string, string>> = {
  increase: "decrease", raise: "lower", elevate: "lower", enhance: "reduce", promote: "inhibit", improve: "worsen",
  worsen: "improve", prolong: "shorten", reduce: "increase", decrease: "increase", lower: "raise",
  attenuate: "increase", inhibit: "promote", suppress: "increase", diminish: "increase", shorten: "prolong",
  alleviate: "worsen", ameliorate: "worsen", exacerbate: "alleviate", aggravate: "alleviate",
};

/** The forms of a verb: base, third person, past / participle, gerund ("reduce" → reduces, reduced, reducing). */
export function verbForms(base: string): { third: string; past: string; gerund: string } {
  const e = base.endsWith("e");
  const y = /[^aeiou]y$/.test(base);
  const sibilant = /(?:s|sh|ch|x|z)$/.test(base);
  return {
    third: y ? `${base.slice(0, -1)}ies` : sibilant ? `${base}es` : `${base}s`,
    past: e ? `${base}d` : y ? `${base.slice(0, -1)}ied` : `${base}ed`,
    gerund: e && !base.endsWith("ee") ? `${base.slice(0, -1)}ing` : `${base}ing`,
  };
}

/** Every inflected form of the effect verbs → its base form. */
export const VERB_FORM_TO_BASE: ReadonlyMap<string, string> = new Map(
  Object.keys(EFFECT_VERBS).flatMap((base) => {
    const f = verbForms(base);
    return [base, f.third, f.past, f.gerund].map((form) => [form, base] as [string, string]);
  }),
);

/** Nouns of the effect verbs ("attenuation of … by amiloride", "a reduction in …") → the verb's base form. */
export const EFFECT_NOMINALS: ReadonlyMap<string, string> = new Map([
  ["increase", "increase"], ["increases", "increase"], ["elevation", "elevate"], ["induction", "induce"], ["enhancement", "enhance"],
  ["promotion", "promote"], ["exacerbation", "exacerbate"], ["worsening", "worsen"], ["aggravation", "aggravate"],
  ["potentiation", "potentiate"], ["augmentation", "augment"], ["stimulation", "stimulate"], ["acceleration", "accelerate"],
  ["improvement", "improve"], ["prolongation", "prolong"], ["reduction", "reduce"], ["reductions", "reduce"], ["decrease", "decrease"],
  ["decreases", "decrease"], ["lowering", "lower"], ["attenuation", "attenuate"], ["inhibition", "inhibit"], ["prevention", "prevent"],
  ["protection", "protect"], ["amelioration", "ameliorate"], ["suppression", "suppress"], ["alleviation", "alleviate"],
  ["blockade", "block"], ["abolition", "abolish"], ["shortening", "shorten"], ["depletion", "deplete"], ["reversal", "reverse"],
  ["alteration", "alter"], ["modification", "modify"],
]);

/** Nouns and noun stems that state an effect without a verb ("doxorubicin cardiotoxicity", "heart failure"). */
export const EFFECT_NOUN = /^(?:effects?|impact|toxic\w*|\w+toxic\w*|damage\w*|injur\w*|impair\w*|\w*pathy|\w*pathies|failure|dysfunction\w*|lesions?|necros[ie]s|apoptos[ie]s|associat\w*|correlat\w*|relat(?:ed|ionship)|link(?:ed)?|risk|incidence|adverse|complications?|disorders?|diseases?|syndromes?|\w+itis)$/;

/** Comparative cues: a claim or sentence that compares two things. */
export const COMPARATIVE = /\b(?:than|compared (?:with|to)|versus|vs\.?|superior|inferior|outperform\w*|non-?inferior)\b/i;

/** Statements of equivalence that deny a comparative ("X > Y" is denied by "X and Y were similar"). */
export const EQUIVALENCE = /\b(?:similar|comparable|equivalent|equally|no difference|did not differ|not differ\w*|non-?inferior)\b/i;

/** Words of a claim that state its polarity or quantity rather than its topic (never used as search concepts). */
export const NON_CONCEPT_WORDS: ReadonlySet<string> = new Set([
  "no", "not", "none", "never", "neither", "nor", "effect", "effects", "impact", "influence", "role", "affect", "affects",
  "risk", "risks", "level", "levels", "rate", "rates", "incidence", "likelihood", "odds", "chance", "people", "patient",
  "patients", "individual", "individuals", "subject", "subjects", "adult", "adults", "human", "humans", "associated",
  "association", "related", "relationship", "correlated", "correlation", "linked", "link", "has", "have", "had",
  "than", "more", "less", "greater", "higher", "lower", "better", "worse", "superior", "inferior", "compared", "versus",
  "vs", "significantly", "significant", "likely", "increased", "decreased", "reduced", "can", "cannot", "any", "doesn",
  "don", "didn", "isn", "aren", "wasn", "weren", "regular", "regularly", "treatment", "therapy", "use", "effective",
  "efficacy", "safe", "safety",
  // numbers, statistics and reporting words of abstracts (they say how, not what)
  "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "hundred", "thousand", "percent",
  "percentage", "proportion", "median", "mean", "average", "ratio", "ratios", "hazard", "interval", "confidence", "difference",
  "differences", "group", "groups", "arm", "arms", "case", "cases", "cohort", "sample", "time", "times", "day", "days",
  "week", "weeks", "month", "months", "year", "years", "hour", "hours", "onset", "including", "included", "developed",
  "develop", "experienced", "received", "receiving", "treated", "given", "compared", "comparable", "similar", "total",
  "overall", "respectively", "observed", "reported", "number", "numbers", "value", "values", "score", "scores",
  "outcome", "outcomes", "result", "results", "finding", "findings", "evidence", "data", "analysis", "trial", "trials",
  "randomized", "randomised", "controlled", "objective",
]);

/**
 * Organ words and their Greek/Latin combining forms (word prefixes). A claim about "the heart" also matches
 * "cardiac", "cardiomyopathy", "myocardial". Source: standard anatomical combining forms as used in MeSH terms.
 */
export const ORGAN_FORMS: ReadonlyArray<{ words: string[]; prefixes: string[]; synonyms: string[] }> = [
  { words: ["heart", "cardiac", "myocardial", "myocardium"], prefixes: ["heart", "cardi", "myocard"], synonyms: ["cardiac", "myocardial"] },
  { words: ["kidney", "kidneys", "renal"], prefixes: ["kidney", "renal", "nephr"], synonyms: ["renal", "nephrotoxicity"] },
  { words: ["liver", "hepatic"], prefixes: ["liver", "hepat"], synonyms: ["hepatic", "hepatotoxicity"] },
  { words: ["lung", "lungs", "pulmonary"], prefixes: ["lung", "pulmon", "pneumon"], synonyms: ["pulmonary"] },
  { words: ["brain", "cerebral"], prefixes: ["brain", "cerebr", "encephal"], synonyms: ["cerebral"] },
  { words: ["nerve", "nerves", "neural", "neuronal"], prefixes: ["nerve", "neur"], synonyms: ["neurotoxicity"] },
  { words: ["blood", "hematologic", "haematologic"], prefixes: ["blood", "hemat", "haemat"], synonyms: ["hematologic"] },
  { words: ["skin", "cutaneous", "dermal"], prefixes: ["skin", "cutane", "derm"], synonyms: ["cutaneous"] },
  { words: ["bone", "bones", "skeletal"], prefixes: ["bone", "osteo", "skelet"], synonyms: ["skeletal"] },
  { words: ["eye", "eyes", "ocular", "retina"], prefixes: ["ocul", "ophthalm", "retin"], synonyms: ["ocular"] },
  { words: ["stomach", "gastric"], prefixes: ["stomach", "gastr"], synonyms: ["gastric"] },
  { words: ["pancreas", "pancreatic"], prefixes: ["pancrea"], synonyms: ["pancreatic"] },
];
