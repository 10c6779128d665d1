import type { FullText, Passage } from "@/lib/domain/fulltext";
import type { SentenceSupport } from "@/lib/domain/report";
import type { PassageCitation } from "@/lib/domain/fulltext";
import { passageLocation, passageSentences, SECTION_WEIGHT } from "@/lib/evidence/passages";
import { bm25Scores } from "@/lib/text/bm25";
import { askedQuantities, findQuantities } from "@/lib/text/quantities";
import { abstractSentence, abstractSentences, type ExcerptSentence } from "./excerpts";

/**
 * Characters of a record's full text shown besides its abstract's excerpt. Source: the prompt budget — at most
 * {@link MAX_RECORDS_WITH_PASSAGES} records of a prompt get passages, 6 × 700 characters ≈ 1,050 tokens (chars/4) on
 * top of the 25 abstract excerpts, so the largest prompt (the hypothesis agent's ≈ 11.1k tokens with its 2k output
 * limit, tests/unit/ai/prompt-budgets.test.ts) stays inside a 16,384-token window.
 */
export const PASSAGE_EXCERPT_CHARS = 700;
/** Records of one prompt whose full-text sentences are shown, most relevant first. */
export const MAX_RECORDS_WITH_PASSAGES = 6;

/** Where a shown full-text sentence comes from: its passage's id, section, kind and page. */
export type SentencePassage = Pick<PassageCitation, "passageId" | "section" | "sectionType" | "page">;

/** An excerpt sentence of a record's full text (an ExcerptSentence whose `passage` says where it stands). */
export type FullTextSentence = ExcerptSentence & { passage: SentencePassage };

const where = (p: Passage): SentencePassage => ({
  passageId: p.id,
  section: p.section,
  sectionType: p.sectionType,
  page: p.page,
});

/**
 * Every sentence of a record's full text, numbered after its abstract's sentences (an abstract of 9 sentences: the
 * body's first sentence is 10), in reading order, so a sentence id ("E3.14") names one sentence of the record for the
 * whole run, whichever excerpt showed it.
 */
export function fullTextSentences(abstract: string, text: FullText): FullTextSentence[] {
  const first = abstractSentences(abstract).length;
  return text.passages
    .flatMap(passageSentences)
    .map((s, i) => ({ n: first + i + 1, label: null, text: s.text, passage: where(s.passage) }));
}

/**
 * The full-text sentences shown with a record's abstract excerpt, at most about `budget` characters: all its body
 * sentences ranked by BM25 against `focus` (the question and hypotheses; k1 1.2, b 0.75) times their section's weight
 * (SECTION_WEIGHT), doubled when they state a number of the kind the focus asks for (lib/text/quantities), taken best
 * first while they fit; in reading order, each passage's first shown sentence labelled "Full text, <where>".
 */
export function passageExcerpt(abstract: string, text: FullText, focus: string, budget = PASSAGE_EXCERPT_CHARS) {
  const sentences = fullTextSentences(abstract, text);
  if (sentences.length === 0) return [];
  const asked = askedQuantities(focus);
  const scores = bm25Scores(
    focus,
    sentences.map((s) => s.text),
  );
  const ranked = sentences
    .map((s, i) => {
      const numbers = asked.size > 0 && findQuantities(s.text).some((q) => asked.has(q.kind)) ? 2 : 1;
      return { s, score: scores[i] * SECTION_WEIGHT[s.passage.sectionType] * numbers };
    })
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || a.s.n - b.s.n);
  const kept: FullTextSentence[] = [];
  let used = 0;
  for (const { s } of ranked) {
    if (used + s.text.length > budget) continue;
    kept.push(s);
    used += s.text.length + 1;
  }
  kept.sort((a, b) => a.n - b.n);
  const byId = new Map(text.passages.map((p) => [p.id, p]));
  return kept.map((s, i) => ({
    ...s,
    label:
      i === 0 || kept[i - 1].passage.passageId !== s.passage.passageId
        ? `Full text, ${passageLocation(byId.get(s.passage.passageId)!)}`
        : null,
  }));
}

/**
 * The text of sentence `n` of a record as a prompt showed it: a shown excerpt sentence (abstract or full text), else
 * the abstract's n-th sentence; null when the record has no such sentence. What a cited sentence id ("E3.14") names.
 */
export function shownSentence(
  block: { evidence: { citation: { abstract: string } }; sentences: ExcerptSentence[] },
  n: number,
): { text: string; passage?: SentencePassage } | null {
  const shown = block.sentences.find((s) => s.n === n) as Partial<FullTextSentence> | undefined;
  if (shown?.text) return shown.passage ? { text: shown.text, passage: shown.passage } : { text: shown.text };
  const text = abstractSentence(block.evidence.citation.abstract, n);
  return text === null ? null : { text };
}

/** The passages a model-written report's sentences rest on (its support's full-text sentences), as citations. */
export function supportPassages(support: SentenceSupport[] | undefined): PassageCitation[] {
  return (support ?? []).flatMap((s) =>
    s.sentences.flatMap((x) => (x.passage ? [{ evidenceId: s.evidenceId, ...x.passage, sentence: x.text }] : [])),
  );
}
