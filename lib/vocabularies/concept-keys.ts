/**
 * The lookup keys of concept terms, shared by the builder (which stores each term's key, so loading needs no
 * tokenising) and the runtime matcher (which keys the text the same way). Pure functions.
 */
import { tokenise } from "./normalise";

/**
 * A word folded for lookup: lower case, British spellings as American ones in words of at least 5 letters
 * ("anaemia" → "anemia", "myxoedema" → "myxedema", "oesophagus" → "esophagus", "tumour" → "tumor"). Applied to
 * the vocabulary's terms and to the text alike, so the two always agree.
 */
export function foldWord(word: string): string {
  const w = word.toLowerCase();
  if (w.length < 5) return w;
  return w.replace(/ae/g, "e").replace(/oe/g, "e").replace(/our$/, "or");
}

/** The lookup key of some words: folded words joined by single spaces. */
export function foldTokens(words: readonly string[]): string {
  return words.map(foldWord).join(" ");
}

/** The lookup key of a term ("Fibrosis, Pulmonary" → "fibrosis pulmonary", "Anaemia" → "anemia"); "" for none. */
export function termKey(term: string): string {
  return foldTokens(tokenise(term).map((t) => t.compact));
}

/** The compact casing an abbreviation must match ("AIDS"; "HIV-1" → "HIV1"). */
export function casedForm(term: string): string {
  return tokenise(term)
    .map((t) => t.compact)
    .join("");
}

/** A term as the vocabulary file stores it: its text and its marks (see concept-format.ts ConceptRow). */
export interface StoredTerm {
  text: string;
  /** "~": a Disease Ontology synonym. */
  fromDo: boolean;
  /** "^": a trade name or lab number (MeSH lexical tag TRD or LAB): a name to recognise, not a word to search by. */
  brand: boolean;
  /** "=": an abbreviation, matched only as cased. */
  cased: boolean;
}

const MARKS = /^(~?)(\^?)(=?)/;

/** Reads a stored term's marks ("~^=AIDS" would be a DO abbreviation that is also a brand). */
export function parseStored(stored: string): StoredTerm {
  const [marks, fromDo, brand, cased] = MARKS.exec(stored)!;
  return { text: stored.slice(marks.length), fromDo: fromDo !== "", brand: brand !== "", cased: cased !== "" };
}

/** Writes a term with its marks, the inverse of {@link parseStored}. */
export function storedForm(t: StoredTerm): string {
  return `${t.fromDo ? "~" : ""}${t.brand ? "^" : ""}${t.cased ? "=" : ""}${t.text}`;
}
