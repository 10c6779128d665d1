import type { CounterStatement } from "@/lib/domain/claim-check";
import type { ClaimAnalysis } from "@/lib/claims/analysis";
import { expandContractions, NEGATIVE_CONTRACTIONS } from "@/lib/text/contractions";
import { EFFECT_VERBS, OPPOSITE_VERB, VERB_FORM_TO_BASE, verbForms } from "@/lib/claims/lexicon";

/** Most concepts AND-ed in a keyword query (more would make PubMed's AND return nothing). Source: our choice. */
export const MAX_QUERY_CONCEPTS = 4;

/** The negative contractions a counter-statement spells out: {@link NEGATIVE_CONTRACTIONS} and hasn't, haven't. */
const CONTRACTIONS: Readonly<Record<string, string>> = {
  ...NEGATIVE_CONTRACTIONS,
  "hasn't": "has not",
  "haven't": "have not",
};
const MORE_FAMILY: Record<string, string> = {
  higher: "high",
  greater: "great",
  better: "good",
  larger: "large",
  longer: "long",
};
const LESS_FAMILY: Record<string, string> = {
  lower: "high",
  worse: "good",
  smaller: "large",
  shorter: "long",
  fewer: "many",
};

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? "an" : "a";
}

function capitalise(s: string): string {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

/**
 * A negated claim affirmed: "X has no effect on Y" → "X has an effect on Y"; "X does not reduce Y" → "X reduces Y".
 */
function affirm(text: string): string | null {
  const hasNo = text.match(
    /^(.*?\b(?:has|have|had|shows?|showed|exerts?|exerted))\s+no\s+(?:significant\s+)?(\w+)(.*)$/i,
  );
  if (hasNo) return `${hasNo[1]} ${article(hasNo[2])} ${hasNo[2]}${hasNo[3]}`;
  const aux = text.match(/^(.*?)\b(does|do|did)\s+not\s+(\w+)(.*)$/i);
  if (aux) {
    const base = aux[3].toLowerCase();
    const f = verbForms(base);
    const verb =
      aux[2].toLowerCase() === "does"
        ? f.third
        : aux[2].toLowerCase() === "did"
          ? VERB_FORM_TO_BASE.has(base)
            ? f.past
            : `did ${base}`
          : base;
    return `${aux[1]}${verb}${aux[4]}`;
  }
  const copula = text.match(/^(.*?\b(?:is|are|was|were|can|could|may|might|will|would|has|have|had))\s+not\s+(.*)$/i);
  if (copula) return `${copula[1]} ${copula[2]}`;
  const cannot = text.match(/^(.*?)\bcannot\s+(.*)$/i);
  if (cannot) return `${cannot[1]}can ${cannot[2]}`;
  return null;
}

/**
 * The copula for a new subject: "is"/"are" (or "was"/"were") by whether the subject reads as plural ("sulfonylureas",
 * "X and Y").
 */
function copulaFor(subject: string, original: string): string {
  const last = subject.trim().split(/\s+/).at(-1)?.toLowerCase() ?? "";
  const plural = /\band\b/i.test(subject) || (/s$/.test(last) && !/(?:ss|us|is)$/.test(last));
  const past = /^(?:was|were)$/i.test(original);
  return past ? (plural ? "were" : "was") : plural ? "are" : "is";
}

/** A comparison reversed, "X > Y" → "Y ≥ X": "X is more effective than Y" → "Y is at least as effective as X". */
function reverseComparison(text: string): string | null {
  const more = text.match(/^(.+?)\s+(is|are|was|were)\s+(?:significantly\s+)?more\s+(\w+)\s+than\s+(.+)$/i);
  if (more)
    return (
      `${capitalise(more[4])} ${copulaFor(more[4], more[2])} at least as ${more[3]} as ` +
      `${more[1].replace(/^\w/, (c) => c.toLowerCase())}`
    );
  const less = text.match(/^(.+?)\s+(is|are|was|were)\s+(?:significantly\s+)?less\s+(\w+)\s+than\s+(.+)$/i);
  if (less) return `${less[1]} ${less[2]} at least as ${less[3]} as ${less[4]}`;
  const er = text.match(/^(.+?)\s+(is|are|was|were)\s+(?:significantly\s+)?(\w+er)\s+than\s+(.+)$/i);
  if (er && MORE_FAMILY[er[3].toLowerCase()])
    return (
      `${capitalise(er[4])} ${copulaFor(er[4], er[2])} at least as ${MORE_FAMILY[er[3].toLowerCase()]} as ` +
      `${er[1].replace(/^\w/, (c) => c.toLowerCase())}`
    );
  if (er && LESS_FAMILY[er[3].toLowerCase()])
    return `${er[1]} ${er[2]} at least as ${LESS_FAMILY[er[3].toLowerCase()]} as ${er[4]}`;
  const superior = text.match(/^(.+?)\s+(is|are|was|were)\s+superior\s+to\s+(.+)$/i);
  if (superior)
    return (
      `${capitalise(superior[3])} ${copulaFor(superior[3], superior[2])} at least as good as ` +
      `${superior[1].replace(/^\w/, (c) => c.toLowerCase())}`
    );
  const inferior = text.match(/^(.+?)\s+(is|are|was|were)\s+inferior\s+to\s+(.+)$/i);
  if (inferior) return `${inferior[1]} ${inferior[2]} at least as good as ${inferior[3]}`;
  return null;
}

/**
 * An effect claim denied: "X reduces Y" → "X does not reduce Y, or increases it"; "X causes Y" → "X does not cause
 * Y".
 */
function denyEffect(text: string): string | null {
  const words = [...text.matchAll(/[\p{L}]+/gu)];
  for (const m of words) {
    const form = m[0].toLowerCase();
    const base = VERB_FORM_TO_BASE.get(form);
    const at = m.index ?? 0;
    // Gerunds, sentence-initial participles ("Increased levels…") and compounds ("doxorubicin-induced") are not the
    // verb.
    if (!base || form.endsWith("ing") || at === 0 || text[at - 1] === "-") continue;
    const head = text
      .slice(0, at)
      .replace(/\b(?:may|might|can|could|will|would|significantly|markedly|substantially)\s+$/i, "");
    if (/\b(?:is|are|was|were|be|been)\s+$/i.test(head)) return `${head}not ${text.slice(at)}`;
    const f = verbForms(base);
    const aux = form === f.past ? "did not" : form === f.third ? "does not" : "do not";
    const rest = text.slice(at + m[0].length);
    const opposite = OPPOSITE_VERB[base];
    const alternative =
      opposite && EFFECT_VERBS[base] !== "any"
        ? `, or ` +
          (form === f.past ? verbForms(opposite).past : form === f.third ? verbForms(opposite).third : opposite) +
          ` it`
        : "";
    return `${head}${aux} ${base}${rest}${alternative}`;
  }
  const has = text.match(
    /^(.*?\b(?:has|have|had))\s+(?:an?|some)\s+(?:significant\s+)?(effect|impact|influence|role)(.*)$/i,
  );
  if (has) return `${has[1]} no ${has[2]}${has[3]}`;
  const copula = text.match(/^(.*?\b(?:is|are|was|were))\s+(.*)$/i);
  if (copula) return `${copula[1]} not ${copula[2]}`;
  return null;
}

/**
 * The counter-statement of a claim without a model, a precise negation by rule:
 * - a negated claim is affirmed ("X has no effect on Y" → "X has an effect on Y");
 * - a comparison is reversed, "X > Y" becomes "Y ≥ X" ("X is more effective than Y" → "Y is at least as effective
 * as X");
 * - an effect claim is denied, with the opposite direction for directed verbs ("X reduces Y" → "X does not reduce Y,
 *   or increases it");
 * - otherwise "It is not the case that …".
 */
export function counterStatementText(claim: ClaimAnalysis): string {
  const text = expandContractions(claim.text.trim().replace(/[.;]+$/, ""), CONTRACTIONS);
  const ruled =
    (claim.negated ? affirm(text) : null) ??
    (claim.comparative ? reverseComparison(text) : null) ??
    (!claim.negated ? denyEffect(text) : null);
  return ruled
    ? `${capitalise(ruled.trim())}.`
    : `It is not the case that ${text.replace(/^\w/, (c) => c.toLowerCase())}.`;
}

/**
 * The keyword search of a claim: keywords are its concepts with their search synonyms ("heart" → cardiac,
 * myocardial); the query ANDs the first {@link MAX_QUERY_CONCEPTS} concepts, OR-ing each one's synonyms:
 * "doxorubicin AND (heart OR cardiac OR myocardial)". PubMed, Europe PMC and ClinicalTrials.gov read the boolean
 * operators; the local library ORs every word and ranks by BM25.
 */
export function keywordSearch(claim: ClaimAnalysis): { keywords: string[]; keywordQuery: string } {
  const groups = claim.concepts.map((c) => [c.word, ...c.synonyms]);
  const keywords = [...new Set(groups.flat())];
  const keywordQuery = groups
    .slice(0, MAX_QUERY_CONCEPTS)
    .map((g) => (g.length === 1 ? g[0] : `(${g.join(" OR ")})`))
    .join(" AND ");
  return { keywords, keywordQuery };
}

/** The extractive counter-statement of a claim: the rule-based negation plus the keyword search; no HyDE abstracts. */
export function counterStatementExtractive(claim: ClaimAnalysis): CounterStatement {
  return {
    claim: claim.text,
    counterStatement: counterStatementText(claim),
    ...keywordSearch(claim),
    hydeAbstracts: [],
  };
}
