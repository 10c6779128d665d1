import type { Evidence } from "@/lib/domain/evidence";
import { isNegationTrigger, negationTokens } from "@/lib/text/negation";
import { STOPWORDS, stem, tokenize } from "@/lib/text/tokens";
import {
  COMPARATIVE,
  EFFECT_VERBS,
  EQUIVALENCE,
  NON_CONCEPT_WORDS,
  ORGAN_FORMS,
  VERB_FORM_TO_BASE,
  type EffectDirection,
} from "./lexicon";

/**
 * One topic word of a claim ("doxorubicin", "heart") and how it is recognised in other texts: `pattern` (global,
 * Unicode) matches its forms — the word's prefix after derivational suffixes ("cardiotoxicity" → cardiotox…),
 * organ combining forms ("heart" → heart…, cardi…, myocard…), and names of annotated entities that share a MeSH
 * ID with the word ("doxorubicin" → adriamycin). `synonyms` are the extra search words.
 */
export interface ClaimConcept {
  word: string;
  pattern: RegExp;
  synonyms: string[];
}

/**
 * What the extractive methods read from a claim:
 * - `concepts`: topic words in claim order; `subject` indexes the one written first (the claim's grammatical
 *   subject in "X reduces Y"), or is null without concepts;
 * - `negated`: the claim denies an effect ("has no effect", "does not reduce");
 * - `direction`: of its effect verb or comparative (up: increases, causes, more; down: reduces, less; any);
 * - `verb`: base form of its effect verb, null when it has none; `comparative`: it compares two things;
 *   `equivalence`: the comparison states equality ("X and Y were comparable"), so a difference denies it.
 */
export interface ClaimAnalysis {
  text: string;
  concepts: ClaimConcept[];
  subject: number | null;
  negated: boolean;
  comparative: boolean;
  equivalence: boolean;
  direction: EffectDirection;
  verb: string | null;
}

/** Derivational and plural suffixes dropped to get a concept's matching prefix (longest first). */
const SUFFIXES = [
  "icities",
  "icity",
  "ities",
  "ations",
  "ation",
  "ically",
  "ical",
  "ity",
  "ics",
  "ic",
  "ies",
  "es",
  "s",
  "ed",
  "ing",
  "al",
];
/** Shortest matching prefix, in characters: shorter prefixes match too many unrelated words. Source: our choice. */
const MIN_PREFIX = 5;

const UP_COMPARATIVE = /\b(?:more|greater|higher|better|superior|larger|longer|outperform\w*)\b/i;
const DOWN_COMPARATIVE = /\b(?:less|lower|fewer|worse|inferior|smaller|shorter)\b/i;

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The matching prefix of a word ("cardiotoxicity" → "cardiotox"), or null when the word is matched whole. */
function prefixOf(word: string): string | null {
  for (const suffix of SUFFIXES) {
    if (word.endsWith(suffix) && word.length - suffix.length >= MIN_PREFIX) return word.slice(0, -suffix.length);
  }
  return word.length >= MIN_PREFIX ? word : null;
}

/** A global Unicode pattern matching any of the prefixes (word starts) or whole words/phrases. */
export function formsPattern(prefixes: string[], wholes: string[]): RegExp {
  const parts = [
    ...prefixes.map((p) => `${escapeRegex(p)}[\\p{L}\\p{N}]*`),
    ...wholes.map(
      (w) =>
        `${w
          .split(/[\s-]+/)
          .map(escapeRegex)
          .join("[\\s-]+")}(?:s|es)?(?![\\p{L}\\p{N}])`,
    ),
  ];
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${parts.join("|")})`, "giu");
}

function conceptFor(word: string, extraNames: string[] = []): ClaimConcept {
  const organ = ORGAN_FORMS.find((o) => o.words.includes(word));
  if (organ)
    return {
      word,
      pattern: formsPattern(organ.prefixes, extraNames),
      synonyms: organ.synonyms.filter((s) => s !== word),
    };
  const prefix = prefixOf(word);
  return {
    word,
    pattern: formsPattern(prefix ? [prefix] : [], prefix ? extraNames : [word, ...extraNames]),
    synonyms: extraNames.slice(0, 2),
  };
}

/**
 * Reads a claim: its topic concepts (tokens that are not stopwords, polarity or quantity words, effect verbs or
 * numbers, at least 3 characters, one per S-stem), whether it is negated, compared, and its effect direction.
 * Deterministic; never throws (a claim without topic words gets no concepts).
 */
export function analyseClaim(claim: string): ClaimAnalysis {
  const text = claim.trim();
  const words = tokenize(text);
  const seen = new Set<string>();
  const concepts: ClaimConcept[] = [];
  for (const w of words) {
    if (w.length < 3 || /^\d/.test(w) || STOPWORDS.has(w) || NON_CONCEPT_WORDS.has(w) || VERB_FORM_TO_BASE.has(w))
      continue;
    const key = stem(w);
    if (seen.has(key)) continue;
    seen.add(key);
    concepts.push(conceptFor(w));
  }
  const verb = words.map((w) => VERB_FORM_TO_BASE.get(w)).find((b) => b !== undefined) ?? null;
  const equivalence = EQUIVALENCE.test(text);
  const comparative = equivalence || COMPARATIVE.test(text);
  let direction: EffectDirection = verb ? EFFECT_VERBS[verb] : "any";
  if (comparative) direction = UP_COMPARATIVE.test(text) ? "up" : DOWN_COMPARATIVE.test(text) ? "down" : direction;
  return {
    text,
    concepts,
    subject: concepts.length > 0 ? 0 : null,
    negated: isNegated(text),
    comparative,
    equivalence,
    direction,
    verb,
  };
}

/**
 * Whether a claim or finding states a denial: it holds a NegEx trigger (lib/text/negation.ts) other than "without"
 * ("X without Y caused Z" denies nothing of X).
 */
export function isNegated(text: string): boolean {
  const tokens = negationTokens(text).map((t) => t.lower);
  return tokens.some((t, i) => t !== "without" && isNegationTrigger(tokens, i));
}

/** Most entity names added to one concept (keeps the patterns small). Source: our choice. */
const MAX_ENTITY_NAMES = 12;

/**
 * Adds the names of annotated entities (PubTator, PubMed ChemicalList) that share a MeSH ID with a concept word:
 * when a record annotates "doxorubicin" as D004317, every name annotated D004317 in `documents` ("adriamycin",
 * "DOX") becomes a form of the concept. Returns a new analysis; concepts without such entities are unchanged.
 */
export function withEntitySynonyms(analysis: ClaimAnalysis, documents: Evidence[]): ClaimAnalysis {
  const namesByMesh = new Map<string, Set<string>>();
  const meshByName = new Map<string, Set<string>>();
  for (const d of documents) {
    for (const e of d.entities) {
      if (!e.meshId) continue;
      const name = e.name.toLowerCase().trim();
      if (name.length < 3) continue;
      (namesByMesh.get(e.meshId) ?? namesByMesh.set(e.meshId, new Set()).get(e.meshId)!).add(name);
      (meshByName.get(name) ?? meshByName.set(name, new Set()).get(name)!).add(e.meshId);
    }
  }
  const concepts = analysis.concepts.map((c) => {
    const meshIds = meshByName.get(c.word) ?? meshByName.get(stem(c.word));
    if (!meshIds) return c;
    const probe = new RegExp(c.pattern.source, "iu");
    const names = [...meshIds]
      .flatMap((m) => [...(namesByMesh.get(m) ?? [])])
      .filter((n) => n !== c.word && !probe.test(n));
    if (names.length === 0) return c;
    const extra = [...new Set(names)].sort().slice(0, MAX_ENTITY_NAMES);
    const base = conceptFor(c.word, extra);
    return {
      ...base,
      synonyms: [...new Set([...c.synonyms, ...extra.filter((n) => /^[\p{L}][\p{L}\p{N} -]{4,}$/u.test(n))])].slice(
        0,
        3,
      ),
    };
  });
  return { ...analysis, concepts };
}
