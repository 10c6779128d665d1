/**
 * Cue word lists for chemical–disease relations, matched against lower-cased tokens (see text.ts).
 * Sources: the trigger list (induced, caused, associated with, following, after, treated with,
 * protects, prevents, attenuates), NegEx (Chapman et al. 2001, J Biomed Inform 34:301) for negation,
 * and our reading of BC5CDR training abstracts for the remaining inflections and synonyms. Each list is a
 * set of stems matched by prefix, so "induc" covers induce, induced, induces, inducing, induction.
 */

/** Matches a token against stem prefixes. */
export function matchesStem(token: string, stems: readonly string[]): boolean {
  return stems.some((stem) => token.startsWith(stem));
}

/** Verbs/nouns that state causation of a disease by a chemical ("X induced Y", "Y caused by X"). */
export const CAUSE_STEMS = [
  "induc", "caus", "produc", "provok", "elicit", "precipitat", "trigger", "evok", "result", "develop",
  "lead", "led", "exacerbat", "aggravat", "worsen", "toxic", "complicat", "attribut", "implicat", "responsib",
] as const;

/** Association or adverse-effect wording ("associated with", "X-related Y", "side effect", "risk of"). */
export const ASSOCIATION_STEMS = ["associat", "relat", "adverse", "side", "risk", "incidence", "occur", "linked", "secondary", "due"] as const;

/** Temporal cues placing the disease after exposure ("Y following X", "Y after X", "during X therapy"). */
export const TEMPORAL_STEMS = ["after", "following", "during", "receiv", "given", "taking", "use", "exposure", "administ"] as const;

/**
 * Protective / therapeutic verbs ("X prevented Y", "X attenuated Z-induced Y", "Y was reversed by X").
 * Source: the list (protects, prevents, attenuates, treats, reverses, ameliorates, inhibits) plus
 * synonyms frequent in BC5CDR abstracts (alleviate, abolish, counteract, suppress, block, antagonize, reduce).
 */
export const PROTECT_STEMS = [
  "prevent", "protect", "attenuat", "amelior", "revers", "inhibit", "alleviat", "abolish", "counteract",
  "suppress", "block", "antagoni", "reduc", "decreas", "diminish", "improv", "reliev", "rescu", "abrogat", "lessen",
] as const;

/**
 * The stricter protective verbs the "treats" rule accepts (a subset of PROTECT_STEMS without the measurement
 * words reduce/decrease/diminish/improve, which mostly describe lab values in BC5CDR abstracts).
 * Agent nouns (inhibitor, antagonist, blocker) are excluded by isProtectiveVerb.
 */
export const TREATS_RULE_STEMS = [
  "prevent", "protect", "attenuat", "amelior", "revers", "inhibit", "alleviat", "abolish", "counteract",
  "suppress", "antagoniz", "antagonis", "reliev", "rescu", "abrogat", "lessen",
] as const;

/** A protective verb or action noun of TREATS_RULE_STEMS, not an agent noun ("inhibitor", "antagonist"). */
export function isProtectiveVerb(token: string): boolean {
  return matchesStem(token, TREATS_RULE_STEMS) && !/(?:ors?|ists?|ers?)$/.test(token);
}

/** Treatment wording ("treatment of Y with X", "X in the treatment of Y", "X therapy for Y"). */
export const TREAT_STEMS = ["treat", "therap", "manag", "efficac", "effective", "cure", "remedy", "antidote", "beneficial"] as const;
