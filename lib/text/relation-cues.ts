/**
 * The cue words of a chemical–disease relation in a sentence, the one home of these lists: the relation model's
 * features and patterns (lib/relations), the reading of a record's denial (lib/reading) and the research backend's
 * protective agents (lib/research/agents/extractive) all use them. Negation has its own home (negation.ts).
 * Sources: the relation triggers of the extractive research design (induced, caused, associated with, following,
 * after, treated with, protects, prevents, attenuates), and our reading of BC5CDR training abstracts for the
 * remaining inflections and synonyms. Each list is a set of stems matched by prefix against lower-cased tokens, so
 * "induc" covers induce, induced, induces, inducing, induction. The relation model was trained with these lists:
 * changing one changes its features.
 */

/** Matches a token against stem prefixes. */
export function matchesStem(token: string, stems: readonly string[]): boolean {
  return stems.some((stem) => token.startsWith(stem));
}

/** Verbs/nouns that state causation of a disease by a chemical ("X induced Y", "Y caused by X"). */
export const CAUSE_STEMS = [
  "induc",
  "caus",
  "produc",
  "provok",
  "elicit",
  "precipitat",
  "trigger",
  "evok",
  "result",
  "develop",
  "lead",
  "led",
  "exacerbat",
  "aggravat",
  "worsen",
  "toxic",
  "complicat",
  "attribut",
  "implicat",
  "responsib",
] as const;

/** Association or adverse-effect wording ("associated with", "X-related Y", "side effect", "risk of"). */
export const ASSOCIATION_STEMS = [
  "associat",
  "relat",
  "adverse",
  "side",
  "risk",
  "incidence",
  "occur",
  "linked",
  "secondary",
  "due",
] as const;

/** Temporal cues placing the disease after exposure ("Y following X", "Y after X", "during X therapy"). */
export const TEMPORAL_STEMS = [
  "after",
  "following",
  "during",
  "receiv",
  "given",
  "taking",
  "use",
  "exposure",
  "administ",
] as const;

/**
 * The protective verbs both protective lists hold ("X prevented Y", "X attenuated Z-induced Y", "Y was reversed by
 * X"). Source: the design's list (protects, prevents, attenuates, treats, reverses, ameliorates, inhibits) plus
 * synonyms frequent in BC5CDR abstracts (alleviate, abolish, counteract, suppress, relieve, rescue, abrogate, lessen).
 */
const PROTECTIVE_VERB_STEMS = [
  "prevent",
  "protect",
  "attenuat",
  "amelior",
  "revers",
  "inhibit",
  "alleviat",
  "abolish",
  "counteract",
  "suppress",
  "reliev",
  "rescu",
  "abrogat",
  "lessen",
] as const;

/**
 * Protective / therapeutic verbs: {@link PROTECTIVE_VERB_STEMS} plus block, antagonize and the measurement words
 * reduce, decrease, diminish and improve (synonyms frequent in BC5CDR abstracts).
 */
export const PROTECT_STEMS = [
  ...PROTECTIVE_VERB_STEMS,
  "block",
  "antagoni",
  "reduc",
  "decreas",
  "diminish",
  "improv",
] as const;

/**
 * The stricter protective verbs the "treats" rule accepts: {@link PROTECTIVE_VERB_STEMS} and the verb antagonize
 * (-ize, -ise), without PROTECT_STEMS' block and its measurement words reduce/decrease/diminish/improve, which mostly
 * describe lab values in BC5CDR abstracts. Agent nouns (inhibitor, antagonist, blocker) are excluded by
 * isProtectiveVerb.
 */
export const TREATS_RULE_STEMS = [...PROTECTIVE_VERB_STEMS, "antagoniz", "antagonis"] as const;

/** A protective verb or action noun of TREATS_RULE_STEMS, not an agent noun ("inhibitor", "antagonist"). */
export function isProtectiveVerb(token: string): boolean {
  return matchesStem(token, TREATS_RULE_STEMS) && !/(?:ors?|ists?|ers?)$/.test(token);
}

/** Treatment wording ("treatment of Y with X", "X in the treatment of Y", "X therapy for Y"). */
export const TREAT_STEMS = [
  "treat",
  "therap",
  "manag",
  "efficac",
  "effective",
  "cure",
  "remedy",
  "antidote",
  "beneficial",
] as const;

/**
 * Whether a relation cue word (a sentence's `cue`, lib/relations) is protective or therapeutic ("prevented",
 * "treatment"), not causal ("induced", "associated"): a protective verb of {@link TREATS_RULE_STEMS} or a word of
 * {@link TREAT_STEMS}, the two kinds of cue the relation model's treatment pattern reads.
 */
export function isTherapeuticCue(word: string): boolean {
  const lower = word.toLowerCase();
  return isProtectiveVerb(lower) || matchesStem(lower, TREAT_STEMS);
}

/**
 * Protection wording in a sentence's text, for naming a protective agent ("Carvedilol protects against …",
 * "attenuation … by amiloride"): narrower than {@link PROTECT_STEMS}, whose reduce, decrease, inhibit and improve
 * mostly describe laboratory values, and with the organ-protective compounds ("cardioprotective",
 * "nephroprotection"). Source: our reading of the BC5CDR abstracts on drug toxicity.
 */
export const PROTECTION_CUE =
  /\b(?:protect\w*|cardioprotect\w*|nephroprotect\w*|attenuat\w*|ameliorat\w*|prevent\w*)\b/i;
