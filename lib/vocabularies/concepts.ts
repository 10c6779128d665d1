/**
 * Concepts of the MeSH / Disease Ontology vocabulary (concept-load.ts): what an ID is, and which concepts a phrase or
 * a text names. Every function returns empty results when the vocabulary is not built. Server-side only.
 */
import { loadConcepts, termEntries, termsOfRow, type ConceptVocabulary, type TermEntry } from "./concept-load";
import { CLASS_ALIASES, CLASS_WORDS, CONDITION_ALIASES } from "./class-aliases";
import { casedForm, foldTokens, termKey } from "./concept-keys";
import { GENERIC_DRUG_WORDS } from "./generic-words";
import { tokenise } from "./normalise";

/**
 * What a concept is: a drug or other chemical, a drug class (a MeSH pharmacological action: "Hydroxymethylglutaryl-CoA
 * Reductase Inhibitors"), a disease (MeSH C and F03 trees, or a Disease Ontology term), or other.
 */
export type ConceptKind = "chemical" | "class" | "disease" | "other";

/**
 * A concept: ID (MeSH "D011658" or "DOID:3770"), preferred name, kind, MeSH tree numbers, and its source. Found by a
 * lookup, `matched` says how: a term as written ("term"), in the other number ("number": "aminoglycoside" for
 * Aminoglycosides, which is also how "alcohol" would become Alcohols), one of our aliases ("alias"), or without a
 * trailing class word ("stripped": "aminoglycoside antibiotics").
 */
export interface Concept {
  id: string;
  name: string;
  kind: ConceptKind;
  trees: string[];
  source: "mesh" | "do";
  matched?: "term" | "number" | "alias" | "stripped";
}

/**
 * A concept named in a text: offsets (UTF-16, end exclusive), the text as written, and whether a DO synonym named it.
 */
export interface ConceptMention {
  start: number;
  end: number;
  text: string;
  concept: Concept;
  fromDo: boolean;
}

/**
 * Words that MeSH lists as a chemical's or disease's only name but that a question uses in another sense: "lead"
 * in "lead to", and words that name no particular concept. Source: our reading of the one-word MeSH 2024 terms that
 * are English words (about 850; these are the ones questions and claims use as ordinary words).
 */
const ORDINARY_WORDS = new Set([
  "lead",
  "disease",
  "diseases",
  "syndrome",
  "element",
  "elements",
  "solution",
  "solutions",
  "suspension",
  "suspensions",
  "buffer",
  "buffers",
  "indicator",
  "indicators",
  "reagent",
  "reagents",
  "complement",
  "recurrence",
  "relapse",
  "emergencies",
  "ache",
  "metal",
  "metals",
  "mineral",
  "minerals",
  "powder",
  "powders",
  "capsule",
  "capsules",
  "tablet",
  "tablets",
  "biological",
  "strains",
  // Words for drugs in general, not a drug: "Which drugs cause …?" names no drug (MeSH's Pharmaceutical
  // Preparations).
  "pharmaceutical",
  "pharmaceuticals",
  ...GENERIC_DRUG_WORDS,
]);

function kindOf(v: ConceptVocabulary, row: number): ConceptKind {
  const trees = v.trees[row];
  if (v.actionMembers.has(v.ids[row])) return "class";
  if (trees.length === 0) return v.ids[row].startsWith("DOID:") ? "disease" : "other";
  if (trees.some((t) => t.startsWith("C") || t.startsWith("F03"))) return "disease";
  if (trees.some((t) => t.startsWith("D"))) return "chemical";
  return "other";
}

function conceptOf(v: ConceptVocabulary, row: number): Concept {
  return {
    id: v.ids[row],
    name: v.names[row],
    kind: kindOf(v, row),
    trees: v.trees[row],
    source: v.ids[row].startsWith("DOID:") ? "do" : "mesh",
  };
}

/** The concept of an ID ("D011658", "DOID:3770"), or null (unknown ID, or no vocabulary). */
export function conceptById(id: string): Concept | null {
  const v = loadConcepts();
  const row = v?.byId.get(id);
  return v && row !== undefined ? conceptOf(v, row) : null;
}

let aliases: Map<string, string> | null = null;

/**
 * The entries of a key: the vocabulary's, or a {@link CLASS_ALIASES} class, or a {@link CONDITION_ALIASES} condition.
 */
function entriesOf(v: ConceptVocabulary, key: string): TermEntry[] {
  const found = termEntries(v, key);
  if (found.length > 0) return found;
  aliases ??= new Map(
    Object.entries({ ...CLASS_ALIASES, ...CONDITION_ALIASES }).map(([name, id]) => [termKey(name), id]),
  );
  const row = v.byId.get(aliases.get(key) ?? "");
  return row === undefined ? [] : [{ row, cased: null, fromDo: false }];
}

/** The best entry of a term for `surface` (its casing): a MeSH term before a DO synonym, then the lower row. */
function pick(entries: TermEntry[], surface: string): TermEntry | null {
  const compact = casedForm(surface);
  const fit = entries.filter((e) => e.cased === null || e.cased === compact);
  return fit.sort((a, b) => Number(a.fromDo) - Number(b.fromDo) || a.row - b.row)[0] ?? null;
}

/**
 * The lookup keys of a phrase's words: as written, then with the last word singular ("statins" → "statin") or
 * plural ("aminoglycoside" → "aminoglycosides"), as MeSH lists one or the other.
 */
function keysOf(words: string[]): string[] {
  const key = foldTokens(words);
  const last = words.at(-1)!.toLowerCase();
  if (last.length < 4 || /\d/.test(last)) return [key];
  const head = words.slice(0, -1);
  const other = /ies$/.test(last)
    ? `${last.slice(0, -3)}y`
    : /(?:ss|us|is)$/.test(last)
      ? `${last}es`
      : /s$/.test(last)
        ? last.slice(0, -1)
        : /[^aeiou]y$/.test(last)
          ? `${last.slice(0, -1)}ies`
          : `${last}s`;
  return [key, foldTokens([...head, other])];
}

/**
 * The concept a whole phrase names ("statins", "Myxoedema", "pulmonary fibrosis", "HMG-CoA reductase inhibitors"),
 * or null. Case-insensitive, British spellings folded, the last word also tried in the singular.
 */
export function lookupConcept(phrase: string): Concept | null {
  const v = loadConcepts();
  if (!v) return null;
  const words = tokenise(phrase).map((t) => t.compact);
  if (words.length === 0 || (words.length === 1 && ORDINARY_WORDS.has(words[0].toLowerCase()))) return null;
  const keys = keysOf(words);
  for (const key of keys) {
    const entries = termEntries(v, key);
    const entry = pick(entries.length > 0 ? entries : entriesOf(v, key), phrase);
    if (entry)
      return {
        ...conceptOf(v, entry.row),
        matched: entries.length === 0 ? "alias" : key === keys[0] ? "term" : "number",
      };
  }
  const bare = phrase.trim().replace(CLASS_WORDS, "");
  const stripped = bare !== phrase.trim() && bare.length >= 3 ? lookupConcept(bare) : null;
  return stripped ? { ...stripped, matched: "stripped" } : null;
}

/**
 * The concepts a text names, longest match first, left to right, never overlapping ("pulmonary fibrosis" is one
 * mention, not "pulmonary" and "fibrosis"). "lead to" and other ordinary words are not mentions.
 */
export function findConceptMentions(text: string): ConceptMention[] {
  const v = loadConcepts();
  if (!v) return [];
  const tokens = tokenise(text);
  const out: ConceptMention[] = [];
  for (let i = 0; i < tokens.length;) {
    let found: ConceptMention | null = null;
    for (let n = Math.min(v.maxTokens, tokens.length - i); n >= 1 && !found; n--) {
      const words = tokens.slice(i, i + n).map((t) => t.compact);
      if (n === 1 && ORDINARY_WORDS.has(words[0].toLowerCase())) continue;
      const surface = text.slice(tokens[i].start, tokens[i + n - 1].end);
      for (const key of keysOf(words)) {
        const entry = pick(entriesOf(v, key), surface);
        if (!entry) continue;
        found = {
          start: tokens[i].start,
          end: tokens[i + n - 1].end,
          text: surface,
          concept: conceptOf(v, entry.row),
          fromDo: entry.fromDo,
        };
        break;
      }
    }
    if (found) {
      out.push(found);
      while (i < tokens.length && tokens[i].start < found.end) i++;
    } else i++;
  }
  return out;
}

/** Whether the concept vocabulary is built and readable. */
export function conceptsAvailable(): boolean {
  return loadConcepts() !== null;
}

/** How the vocabulary names itself to a user ("MeSH 2024 · Disease Ontology 2016-09-01"), or null when not built. */
export function conceptVocabularyVersion(): string | null {
  return loadConcepts()?.meta.version ?? null;
}

/**
 * The entry terms of a concept as stored (marks removed), its name first; without trade names and lab numbers when
 * `searchable`; [] for an unknown ID.
 */
export function entryTerms(id: string, searchable = false): string[] {
  const v = loadConcepts();
  const row = v?.byId.get(id);
  if (!v || row === undefined) return [];
  return termsOfRow(v, row, searchable);
}
