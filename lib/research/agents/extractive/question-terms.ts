import { STOPWORDS } from "@/lib/text/tokens";
import { ORGAN_WORDS } from "@/lib/vocabularies/organs";
import { compileDictionary, type Dictionary } from "@/lib/text/dictionary-tagger";
import { classifyQuestion, type QuestionClassification, type QuestionEntity } from "@/lib/reading/question";
import { GENERIC_DISEASES, isUbiquitousChemical } from "./concept-filters";
import { normalizeForm, recordsWithAny, type ConceptIndex, type ConceptInfo } from "./concepts";
import { conceptTerms } from "./concept-terms";
import type { ReadConcept } from "@/lib/reading/concepts";

/**
 * A term of the question resolved against the evidence: `keys` are the concept keys (MeSH IDs or names) that
 * count as this term; `name` is how it is written in chains; `rule` tells how it was found.
 */
export interface QuestionConcept {
  keys: string[];
  name: string;
  rule: "lexicon" | "organ" | "stem" | "fallback" | "concept" | "related";
  /** The vocabulary's concepts behind a "concept" or "related" term (MeSH, Disease Ontology; lib/reading). */
  concepts?: ReadConcept[];
  /** For a "related" effect: the related conditions named in the records ("pneumonitis") and their shared parents. */
  related?: { names: string[]; via: string[] };
}

/**
 * The drug (A) and the disease/effect (C) of the question, with notes on any fallback used.
 * `classification`: the question's kind (lib/research/question.ts) with the evidence's annotated names as dictionary;
 * `missingDrug`: the drug a named-drug question names when no record of the evidence mentions it (then `drug` is
 * null: another drug is never substituted).
 */
export interface QuestionTerms {
  drug: QuestionConcept | null;
  effect: QuestionConcept | null;
  notes: string[];
  classification: QuestionClassification;
  missingDrug: string | null;
}

/** The evidence's chemical and disease annotations as a dictionary for classifyQuestion. */
function evidenceDictionary(index: ConceptIndex): Dictionary<QuestionEntity> {
  const entries: Array<{ name: string; value: QuestionEntity }> = [];
  for (const c of index.concepts.values()) {
    if (c.kind !== "chemical" && c.kind !== "disease") continue;
    for (const form of c.forms.keys())
      entries.push({ name: form, value: { name: form, type: c.kind, meshId: /^[CD]\d+$/.test(c.key) ? c.key : null } });
  }
  return compileDictionary(entries);
}

const TOXIC_ADJECTIVE = /^([a-z]+?)o?-?toxic(?:ity|ities)?$/;
const DERIVATIONAL = /(ically|ical|ities|ity|ive|ic|ia|ies|y|s)$/;

function spans(text: string): Array<{ start: number; end: number }> {
  return [...text.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => ({ start: m.index ?? 0, end: (m.index ?? 0) + m[0].length }));
}

function formWords(info: ConceptInfo): string[] {
  return [...info.forms.keys()].flatMap((f) => normalizeForm(f).split(" "));
}

function naturalCase(surface: string): string {
  return /^[A-Z][a-z]+(?: [a-z]+)*$/.test(surface) ? surface.toLowerCase() : surface;
}

/**
 * Finds the drug (A) and the effect (C) of a question in the evidence's concept lexicon.
 * Rules, in order:
 * 1. Lexicon: greedy longest match of question n-grams (≤ 6 tokens) against every annotated surface form;
 *    a chemical match is a drug candidate, a disease or process match an effect candidate. Among several
 *    drugs, the one annotated in more records wins (ties: earlier in the question).
 * 2. Organ rule: a "<organ>-toxic(ity)" word ("nephrotoxic") makes C every disease concept with a form word
 *    starting with one of the organ's words in {@link ORGAN_WORDS} or containing "<organ>otox".
 * 3. Stem rule: other unmatched words (≥ 5 letters, not stopwords) lose a derivational suffix (-ity, -ic,
 *    -ical, -ive, -ia, -y, -s); diseases with a form word starting with the stem (≥ 5 letters) join C.
 * A's keys also include chemicals with a form word starting with A's name ("lithium carbonate", "doxorubicinol")
 * and abbreviated salts of A: chemicals whose forms are all ≤ 6 characters starting with A's first two letters
 * and whose records all mention A ("LiCl").
 * Only a named-drug question has a drug: open and repurposing questions ask for drugs (see rankCandidates), and when
 * the drug a question names is in no record, `drug` is null and `missingDrug` names it: no other drug is ever
 * substituted (an answer about another drug would answer a question nobody asked). Fallback for the effect of a
 * named drug: the disease in most records that mention A (not generic), reported in `notes`. Deterministic; ties
 * broken by key.
 */
export function findQuestionTerms(question: string, index: ConceptIndex): QuestionTerms {
  const notes: string[] = [];
  const dictionary = evidenceDictionary(index);
  const classification = classifyQuestion(question, dictionary);
  const words = spans(question);
  const consumed = new Set<number>();
  const drugHits: Array<{ key: string; surface: string; at: number }> = [];
  const effectKeys = new Set<string>();
  const effectSurfaces: string[] = [];
  for (let i = 0; i < words.length;) {
    let matched = 0;
    for (let n = Math.min(6, words.length - i); n >= 1 && !matched; n -= 1) {
      const surface = question.slice(words[i].start, words[i + n - 1].end);
      const norm = normalizeForm(surface);
      const entry = index.lexicon.get(norm);
      if (!entry || norm.length < 3 || (n === 1 && STOPWORDS.has(norm))) continue;
      const info = index.concepts.get(entry.key);
      if (!info) continue;
      if (info.kind === "chemical") drugHits.push({ key: entry.key, surface, at: i });
      else if (info.kind === "disease" || info.kind === "process") {
        effectKeys.add(entry.key);
        effectSurfaces.push(surface);
      } else continue;
      for (let k = i; k < i + n; k += 1) consumed.add(k);
      matched = n;
    }
    i += matched || 1;
  }

  const diseases = [...index.concepts.values()]
    .filter((c) => c.kind === "disease")
    .sort((a, b) => a.key.localeCompare(b.key));
  let effectRule = "lexicon" as QuestionConcept["rule"];
  // "QT prolongation or torsade de pointes": every condition the question names, as it names them.
  let effectLabel = [...new Set(effectSurfaces.map(naturalCase))].slice(0, 3).join(" or ");
  words.forEach((w, i) => {
    const word = question.slice(w.start, w.end).toLowerCase();
    const toxic = TOXIC_ADJECTIVE.exec(word);
    if (toxic && toxic[1].length >= 2) {
      const prefix = toxic[1];
      const root = Object.keys(ORGAN_WORDS).find((r) => prefix.startsWith(r) || r.startsWith(prefix));
      const organWords = root ? ORGAN_WORDS[root] : [];
      for (const d of diseases) {
        const ws = formWords(d);
        if (
          ws.some(
            (x) =>
              organWords.some((o) => x.startsWith(o)) || x.startsWith(`${prefix}otox`) || x.startsWith(`${prefix}tox`),
          )
        )
          effectKeys.add(d.key);
      }
      effectLabel = `${prefix}${prefix.endsWith("o") ? "" : "o"}toxicity`;
      effectRule = "organ";
      return;
    }
    if (consumed.has(i) || word.length < 5 || STOPWORDS.has(word)) return;
    const stemmed = word.replace(DERIVATIONAL, "");
    if (stemmed.length < 5) return;
    const before = effectKeys.size;
    for (const d of diseases) if (formWords(d).some((x) => x.startsWith(stemmed))) effectKeys.add(d.key);
    if (effectKeys.size > before && !effectLabel) {
      effectLabel = word;
      effectRule = "stem";
    }
  });
  for (const key of [...effectKeys]) if (GENERIC_DISEASES.has(key)) effectKeys.delete(key);

  let drug: QuestionConcept | null = null;
  let missingDrug: string | null = null;
  const named = classification.kind === "named-drug";
  const hits = drugHits.filter((h) => !isUbiquitousChemical(index.concepts.get(h.key)!));
  if (named && hits.length > 0) {
    const best = [...hits].sort(
      (a, b) =>
        (index.concepts.get(b.key)?.records.size ?? 0) - (index.concepts.get(a.key)?.records.size ?? 0) || a.at - b.at,
    )[0];
    drug = { keys: [best.key], name: naturalCase(best.surface), rule: "lexicon" };
  } else if (named) {
    missingDrug = classification.drugs[0] ?? "the drug named in the question";
    notes.push(
      `The question names ${missingDrug}, but none of the ${index.records.length} records reviewed mentions ` +
        `it; no other drug was substituted.`,
    );
  }
  if (drug) {
    const stemWord = normalizeForm(drug.name);
    const drugRecords = recordsWithAny(index, drug.keys);
    for (const c of index.concepts.values()) {
      if (c.kind !== "chemical" || drug.keys.includes(c.key)) continue;
      const forms = [...c.forms.keys()];
      const named = forms.some((f) =>
        normalizeForm(f)
          .split(" ")
          .some((w) => w.startsWith(stemWord)),
      );
      const salt =
        [...c.records].every((r) => drugRecords.has(r)) &&
        forms.every((f) => f.length <= 6 && f.slice(0, 2).toLowerCase() === stemWord.slice(0, 2));
      if (named || salt) drug.keys.push(c.key);
    }
    drug.keys.sort();
  }

  // The question read as concepts (lib/reading): a class covers its members, a disease its narrower concepts, an organ
  // its subtree; a condition the vocabulary knows is never guessed from word stems.
  const read = conceptTerms(question, index, dictionary);
  if (named && read.drug) {
    drug = {
      keys: [...new Set([...read.drug.keys, ...(drug?.keys ?? [])])].sort(),
      name: drug?.name ?? read.drug.name,
      rule: "concept",
      concepts: read.drug.concepts,
    };
    if (missingDrug)
      notes.splice(
        notes.findIndex((n) => n.startsWith("The question names")),
        1,
      );
    missingDrug = null;
  }
  const knownCondition = (read.resolved?.concepts ?? []).some((c) => c.role === "condition" && c.via !== "annotation");
  if (read.effect) {
    for (const k of read.effect.keys) effectKeys.add(k);
    if (effectRule !== "organ") effectRule = "concept";
  } else if (knownCondition && effectRule !== "organ") {
    effectKeys.clear();
    effectRule = "concept";
  }
  let effect: QuestionConcept | null = null;
  const drugKeys = new Set(drug?.keys ?? []);
  for (const k of drugKeys) effectKeys.delete(k);
  const written = read.resolved?.target ?? "";
  if (effectKeys.size > 0) {
    const label = effectRule === "concept" && written ? written : effectLabel ? naturalCase(effectLabel) : "";
    effect = { keys: [...effectKeys].sort(), name: label, rule: effectRule, concepts: read.effect?.concepts };
    if (!effect.name) effect.name = nameOf(index.concepts.get(effect.keys[0])!);
  } else if (read.related) {
    // No record names the condition itself: the related conditions they name stand in for it, and say so.
    effect = { keys: read.related.keys, name: written, rule: "related", related: read.related };
    const via = read.related.via.length > 0 ? ` (under ${read.related.via.join(", ")})` : "";
    notes.push(
      `No record of the ${index.records.length} reviewed names ${written} itself; ` +
        `the related conditions they name stand in for it: ${read.related.names.slice(0, 4).join(", ")}${via}.`,
    );
  } else if (drug && !knownCondition) {
    const drugRecords = recordsWithAny(index, drugKeys);
    const top = diseases
      .filter((d) => !GENERIC_DISEASES.has(d.key))
      .map((d) => ({ d, n: [...d.records].filter((r) => drugRecords.size === 0 || drugRecords.has(r)).length }))
      .filter((x) => x.n > 0)
      .sort((a, b) => b.n - a.n || a.d.key.localeCompare(b.d.key))[0];
    if (top) {
      effect = { keys: [top.d.key], name: nameOf(top.d), rule: "fallback" };
      notes.push(
        `No disease or effect of the question was found among the annotated diseases; used the most frequent ` +
          `one, ${effect.name}.`,
      );
    }
  }
  if (!effect)
    notes.push(
      `No disease or effect of the question was found among the conditions annotated in the ` +
        `${index.records.length} records reviewed.`,
    );
  return { drug, effect, notes, classification, missingDrug };
}

function nameOf(info: ConceptInfo): string {
  return [...info.forms.entries()].sort(
    (a, b) => b[1].size - a[1].size || b[0].length - a[0].length || a[0].localeCompare(b[0]),
  )[0][0];
}
