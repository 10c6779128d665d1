import type { Evidence } from "@/lib/domain/evidence";
import type { FullText, PassageCitation } from "@/lib/domain/fulltext";
import type { HypothesisSet } from "@/lib/domain/hypothesis";
import { passageLocation, passageSentences, SECTION_WEIGHT, type PassageSentence } from "@/lib/evidence/passages";
import { findMentions, predictRelations } from "@/lib/relations";
import { bm25Scores } from "@/lib/text/bm25";
import { askedQuantities, findQuantities } from "@/lib/text/quantities";
import { indexTerms } from "@/lib/text/tokens";

/** Sentences of the full texts quoted in a report at most, and per record. Our choice (a report section's length). */
export const FULL_TEXT_SENTENCES = 5;
const PER_RECORD = 2;
/** Longest sentence quoted, in characters; a table row's caption context is cut to make room. */
const MAX_SENTENCE_CHARS = 400;
/** A number of a table row, with its ± spread when it has one ("42.83 ± 13.9"). */
const ROW_NUMBER = /\d+(?:[.,]\d+)?(?:\s*±\s*\d+(?:\.\d+)?)?/g;

/** A sentence of a full text the report quotes: its record (index into the evidence), its passage and text. */
export interface FullTextFinding {
  record: number;
  sentence: PassageSentence;
  /** The numbers it states of the kinds the question asks for (all its numbers when it asks none). */
  quantities: string[];
  score: number;
}

/** A relation the relation model reads in a full text's body that its abstract did not state. */
export interface BodyRelation {
  record: number;
  chemical: string;
  disease: string;
  relation: "causes" | "treats";
  sentence: PassageSentence;
}

/** The text a finding quotes: a table row with its caption shortened to fit. */
export function findingText(s: PassageSentence): string {
  if (s.text.length <= MAX_SENTENCE_CHARS) return s.text;
  const cut = s.text.indexOf(" — ");
  if (cut > 0) {
    const row = s.text.slice(cut);
    return `${s.text.slice(0, Math.max(20, MAX_SENTENCE_CHARS - row.length - 1)).trimEnd()}…${row}`;
  }
  return `${s.text.slice(0, MAX_SENTENCE_CHARS - 1).trimEnd()}…`;
}

/**
 * The sentences of the run's full texts that answer the question, best first: every sentence of the passages of the
 * records read in full (lib/evidence/passages passageSentences; a table row with its caption) scored by BM25 against
 * the question and the hypotheses' terms (Robertson & Zaragoza 2009, k1 1.2, b 0.75, over all body sentences), times
 * its section's weight, times 2 when it states a number of a kind the question asks for (a dose for "what doses", a
 * count for "how many patients": lib/text/quantities) or times 0.3 when the question asks for numbers and it states
 * none. A sentence must share a word with the question. At most FULL_TEXT_SENTENCES, PER_RECORD per record.
 */
export function fullTextFindings(
  question: string,
  evidence: Evidence[],
  fullTexts: ReadonlyMap<string, FullText>,
  hypotheses: HypothesisSet,
): FullTextFinding[] {
  const pool: Array<{ record: number; sentence: PassageSentence }> = [];
  evidence.forEach((e, record) => {
    for (const passage of fullTexts.get(e.id)?.passages ?? [])
      for (const sentence of passageSentences(passage)) pool.push({ record, sentence });
  });
  if (pool.length === 0) return [];
  const focus = [question, ...hypotheses.hypotheses.map((h) => `${h.drug} ${h.target} ${h.effect}`)].join(" ");
  const questionTerms = new Set(indexTerms(question));
  const asked = askedQuantities(question);
  const scores = bm25Scores(
    focus,
    pool.map((p) => p.sentence.text),
  );
  const scored = pool.map((p, i) => {
    // A table row's numbers are values of the kind its row and columns name, whatever their units.
    const quantities =
      p.sentence.passage.kind === "table"
        ? (p.sentence.text.slice(p.sentence.text.indexOf(" — ")).match(ROW_NUMBER) ?? []).map((text) => ({ text }))
        : findQuantities(p.sentence.text).filter((q) => asked.size === 0 || asked.has(q.kind));
    const onTopic = indexTerms(p.sentence.text).some((t) => questionTerms.has(t));
    const numbers = asked.size === 0 ? 1 : quantities.length > 0 ? 2 : 0.3;
    const score = onTopic ? scores[i] * SECTION_WEIGHT[p.sentence.passage.sectionType] * numbers : 0;
    return { ...p, quantities: quantities.map((q) => q.text), score };
  });
  const perRecord = new Map<number, number>();
  const out: FullTextFinding[] = [];
  for (const s of scored.filter((s) => s.score > 0).sort((a, b) => b.score - a.score)) {
    if ((perRecord.get(s.record) ?? 0) >= PER_RECORD) continue;
    perRecord.set(s.record, (perRecord.get(s.record) ?? 0) + 1);
    out.push(s);
    if (out.length >= FULL_TEXT_SENTENCES) break;
  }
  return out;
}

/**
 * What the relation model (lib/relations, trained on BioCreative V CDR) reads in the body of each full text: the
 * record's annotated chemicals and diseases found in its title and body sentences (findMentions), every pair
 * predicted "causes" or "treats" and not negated, with the first body sentence that relates them; pairs the model
 * already reads in the abstract (`abstractPairs`, "chemical|disease" ids per record) are left out.
 */
export function bodyRelations(
  evidence: Evidence[],
  fullTexts: ReadonlyMap<string, FullText>,
  abstractPairs: (record: number) => ReadonlySet<string>,
): BodyRelation[] {
  const out: BodyRelation[] = [];
  evidence.forEach((e, record) => {
    const text = fullTexts.get(e.id);
    if (!text) return;
    const entities = e.entities
      .filter((x): x is typeof x & { type: "chemical" | "disease" } => x.type !== "gene")
      .map((x) => ({ name: x.name, type: x.type, meshId: x.meshId }));
    if (entities.length === 0) return;
    const sentences = text.passages.filter((p) => p.kind === "paragraph").flatMap(passageSentences);
    const body = sentences.map((s) => s.text).join(" ");
    const mentions = findMentions(e.citation.title, body, entities);
    if (mentions.length === 0) return;
    const known = abstractPairs(record);
    for (const p of predictRelations({ title: e.citation.title, abstract: body, mentions })) {
      if (p.relation === "none" || p.negated || known.has(`${p.chemicalId}|${p.diseaseId}`)) continue;
      const related = p.sentences.find((s) => s.start > e.citation.title.length);
      const at = related ? sentences.find((s) => related.text.includes(s.text.slice(0, 40))) : undefined;
      if (at) out.push({ record, chemical: p.chemical, disease: p.disease, relation: p.relation, sentence: at });
    }
  });
  return out;
}

/** The citation of a quoted passage sentence, for the report's data (ResearchReport.passages). */
export function passageCitation(e: Evidence, s: PassageSentence): PassageCitation {
  return {
    evidenceId: e.id,
    passageId: s.passage.id,
    section: s.passage.section,
    sectionType: s.passage.sectionType,
    page: s.passage.page,
    sentence: findingText(s),
  };
}

/** Where a quoted sentence stands, for the reader: "full text, 1. Case", "full text, Table 1", "full text, page 3". */
export function findingPlace(s: PassageSentence): string {
  return `full text, ${passageLocation(s.passage)}`;
}
