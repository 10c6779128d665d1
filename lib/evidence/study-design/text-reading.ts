import { splitSentences } from "@/lib/text/sentences";
import { CASE, CASE_WEAK, GROUP_SIZE } from "./design-cues";
import {
  anyOf,
  countMatches,
  IN_VITRO,
  IN_VIVO,
  PEOPLE,
  PEOPLE_WORDS_OF_ANIMALS,
  SPECIES,
  SPECIES_NOT_STUDIED,
} from "./text-cues";

/**
 * Structured-abstract labels ("BACKGROUND:", "PATIENTS AND METHODS:"), at the start of a paragraph or inline (BC5CDR
 * abstracts run them into the text, sometimes without a full stop before them): upper-case words, the first of four
 * letters or more, and a colon.
 */
const SECTION_LABEL = /(?:^|\s)([A-Z][A-Z&/()-]{3,}(?: [A-Z&/()-]+){0,6}):\s/g;

/** Labels of background sections, which describe others' work, not this study's. */
const BACKGROUND_LABEL = /^(?:background|introduction|context|rationale|importance of the field)$/i;

/**
 * A sentence that is not about what this study did: what others found or what is known, and what should be done next
 * ("further trials are needed"). A sentence in the first person ("we", "our", "this study", "here") is kept whatever
 * else it says.
 */
const NOT_THIS_STUDY = anyOf([
  String.raw`(?<!not |never |un)previous(?:ly)?|earlier|prior (?:studies|reports|trials)`,
  String.raw`(?:has|have) (?:been (?:reported|shown|described|suggested|demonstrated|documented|associated|found)` +
    String.raw`|shown|suggested|demonstrated|reported)`,
  String.raw`(?:is|are) (?:known|thought|believed|widely used|commonly used)`,
  String.raw`reports? (?:has|have) (?:indicated|suggested)`,
  String.raw`(?:studies|trials|reports) (?:have|has|indicate|suggest|show)|(?:is|are|seems?|seem) (?:warranted|needed` +
    String.raw`|required)`,
  String.raw`published (?:studies|reports|series|case series|cases|trials|data|literature|evidence)`,
  String.raw`further (?:studies|trials|research|investigation|evaluation)|future (?:studies|trials|research)`,
]);
const THIS_STUDY = /\b(?:we|our|us|this (?:study|report|case|trial|paper|article)|the present|here)\b/i;

/**
 * The sentences of an abstract (`all`) and those that describe this study (`study`): background sections of a
 * structured abstract and sentences about others' work or future work ({@link NOT_THIS_STUDY}) are left out.
 */
export function abstractSentences(abstract: string): { all: string[]; study: string[] } {
  const sections: Array<{ label: string; text: string }> = [];
  let last = 0;
  let label = "";
  for (const m of abstract.matchAll(SECTION_LABEL)) {
    sections.push({ label, text: abstract.slice(last, m.index) });
    label = m[1].trim();
    last = m.index! + m[0].length;
  }
  sections.push({ label, text: abstract.slice(last) });
  const split = sections.map((s) => ({ label: s.label, sentences: splitSentences(s.text) }));
  return {
    all: split.flatMap((s) => s.sentences),
    study: split
      .filter((s) => !BACKGROUND_LABEL.test(s.label))
      .flatMap((s) => s.sentences)
      .filter((sentence) => THIS_STUDY.test(sentence) || !NOT_THIS_STUDY.test(sentence)),
  };
}

/**
 * Who or what a record's text says was studied, as weighted cue counts (a title cue counts 3, an abstract cue 1;
 * only the study sentences of the abstract count, see {@link studySentences}):
 * `animals` species and strains (less animal words that are no species studied), `people` people studied,
 * `inVitro` cells and tissues outside the body, and whether any study sentence names dosing or study of a living
 * animal (`inVivo`).
 */
export interface TextSubjects {
  animals: number;
  people: number;
  inVitro: number;
  inVivo: boolean;
}

/** Weight of a cue in the title against one in the abstract: the title names what was studied. Our choice. */
const TITLE_WEIGHT = 3;

function weighted(title: string, body: string, pattern: RegExp): number {
  return TITLE_WEIGHT * countMatches(title, pattern) + countMatches(body, pattern);
}

/** Reads {@link TextSubjects} from a title and the study sentences of its abstract. */
export function textSubjects(title: string, body: string): TextSubjects {
  const notStudied = weighted(title, body, SPECIES_NOT_STUDIED);
  return {
    animals: Math.max(0, weighted(title, body, SPECIES) - notStudied),
    people: Math.max(0, weighted(title, body, PEOPLE) - weighted(title, body, PEOPLE_WORDS_OF_ANIMALS)),
    inVitro: weighted(title, body, IN_VITRO),
    inVivo: countMatches(`${title} ${body}`, IN_VIVO) > 0,
  };
}

const WORD_NUMBERS: Record<string, number> = {
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  hundred: 100,
};

/** The largest group of people the text counts, 0 when none ({@link GROUP_SIZE}). */
export function largestGroup(text: string): number {
  let largest = 0;
  for (const m of text.matchAll(GROUP_SIZE)) {
    const n = WORD_NUMBERS[m[1].toLowerCase()] ?? Number(m[1]);
    if (Number.isFinite(n)) largest = Math.max(largest, n);
  }
  return largest;
}

/** A series is "a few" below this many people; a larger group is a cohort or a trial. Our choice. */
export const SERIES_MAX = 10;

/**
 * What a record's title and study sentences say of cases: `described`, a case or series in the authors' words
 * ({@link CASE}); `few`, weaker case wording ({@link CASE_WEAK}) with no group of {@link SERIES_MAX} or more people
 * counted.
 */
export interface CaseCues {
  described: boolean;
  few: boolean;
}

/** Reads {@link CaseCues} from a record's title and study sentences joined. */
export function caseCues(text: string): CaseCues {
  return { described: CASE.test(text), few: CASE_WEAK.test(text) && largestGroup(text) < SERIES_MAX };
}
