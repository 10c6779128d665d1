import { bm25Scores } from "@/lib/text/bm25";
import { splitSentences } from "@/lib/text/sentences";

/**
 * Characters of abstract shown per evidence block. Source: the prompt budget of about 1,200 characters × 25–30
 * blocks: 1,200 characters hold the RESULTS and CONCLUSIONS of most structured abstracts, and 30 such blocks stay near
 * 10k input tokens (chars/4), inside a 16k context window with the instructions and the answer.
 */
export const EXCERPT_CHARS = 1_200;

/** Marks left-out sentences between two kept ones. */
export const GAP = " … ";

/** Which part of a structured abstract a sentence belongs to. */
export type SectionKind = "results" | "conclusions" | "other";

/** One sentence of an abstract: its section label (null when unlabelled), section kind and text (without the label). */
export interface AbstractSentence {
  label: string | null;
  kind: SectionKind;
  text: string;
}

/**
 * A structured-abstract label at the start of the text, of a line, or after a sentence end: upper-case words
 * and a colon ("RESULTS:", "CONCLUSIONS AND RELEVANCE:"). The MEDLINE parser joins labelled AbstractText
 * paragraphs as "LABEL: text" separated by "\n" (lib/sources/parse/pubmed-xml.ts); PubTator and Europe PMC keep
 * the labels inline.
 */
const LABEL = /(^|\n|[.!?]\s+)([A-Z][A-Z ,&/()-]{2,60}?):\s+/g;

/** Labels of the findings: RESULTS, MAIN RESULTS, FINDINGS, PRINCIPAL FINDINGS (not "MAIN OUTCOME MEASURES"). */
const RESULTS_LABEL = /^(?:(?:MAIN|KEY|PRINCIPAL) )?(?:RESULTS?|FINDINGS)\b/;
/** Labels of the authors' conclusions: CONCLUSION(S), CONCLUSIONS AND RELEVANCE, INTERPRETATION, IMPLICATIONS. */
const CONCLUSIONS_LABEL = /^(?:CONCLUSIONS?|AUTHORS'? CONCLUSIONS?|INTERPRETATIONS?|IMPLICATIONS?|SIGNIFICANCE)\b/;

/** The kind of a section label (upper-case). */
export function sectionKind(label: string | null): SectionKind {
  if (!label) return "other";
  const l = label.trim().toUpperCase();
  if (CONCLUSIONS_LABEL.test(l)) return "conclusions";
  if (RESULTS_LABEL.test(l)) return "results";
  return "other";
}

/**
 * The sentences of an abstract with their structured-abstract section, in order. Text before the first label
 * (or a whole unstructured abstract) has label null and kind "other".
 */
export function abstractSentences(abstract: string): AbstractSentence[] {
  const text = abstract.trim();
  const parts: Array<{ label: string | null; body: string }> = [];
  let cursor = 0;
  let label: string | null = null;
  for (const m of text.matchAll(LABEL)) {
    const start = (m.index ?? 0) + m[1].length;
    if (!/[A-Z]{3}/.test(m[2])) continue;
    parts.push({ label, body: text.slice(cursor, start) });
    label = m[2].trim();
    cursor = (m.index ?? 0) + m[0].length;
  }
  parts.push({ label, body: text.slice(cursor) });
  return parts.flatMap(({ label: l, body }) =>
    splitSentences(body.replace(/\s+/g, " ")).map((s) => ({ label: l, kind: sectionKind(l), text: s })),
  );
}

/**
 * One kept sentence of an excerpt: its 1-based number among the abstract's sentences, its label when it opens its
 * section in the excerpt, its text.
 */
export interface ExcerptSentence {
  n: number;
  /** The section label shown before it ("RESULTS"), when it is the first kept sentence of a labelled section. */
  label: string | null;
  text: string;
}

/**
 * The sentences of an abstract's excerpt, at most about `budget` characters as rendered by {@link excerptAbstract}:
 * 1. an abstract that fits is kept whole;
 * 2. otherwise the CONCLUSIONS sentences are always kept, then RESULTS sentences — all of them when they fit,
 *    else by BM25 against `focus` (at least one, even past the budget) — then the other sentences by BM25
 *    against `focus` (ties: earlier first) while they fit. In an unstructured abstract the last sentence, which
 *    states the authors' conclusion in most abstracts, is kept like a CONCLUSIONS section.
 * Kept sentences are in abstract order; `n` is the sentence's number in {@link abstractSentences} (1-based), the
 * number a sentence id ("E3.4") names. BM25 is lib/text/bm25 (Okapi, k1 1.2, b 0.75) with the abstract's sentences
 * as the documents.
 * @param focus the question and the current hypotheses (free text).
 * @param budget characters; default {@link EXCERPT_CHARS}.
 */
export function excerptSentences(abstract: string, focus: string, budget = EXCERPT_CHARS): ExcerptSentence[] {
  const sentences = abstractSentences(abstract);
  if (sentences.length === 0) return [];
  const whole = abstract
    .trim()
    .replace(/[ \t]+/g, " ")
    .replace(/\s*\n\s*/g, " ");
  const keep = new Set<number>();
  if (whole.length <= budget) sentences.forEach((_, i) => keep.add(i));
  else fillExcerpt(sentences, focus, budget, keep);
  return kept(sentences, keep);
}

/** Chooses the sentences of a long abstract's excerpt into `keep` (see {@link excerptSentences}). */
function fillExcerpt(sentences: AbstractSentence[], focus: string, budget: number, keep: Set<number>): void {
  const structured = sentences.some((s) => s.kind !== "other");
  const mustKeep = (i: number) => sentences[i].kind === "conclusions" || (!structured && i === sentences.length - 1);
  const scores = bm25Scores(
    focus,
    sentences.map((s) => s.text),
  );
  const byScore = (idx: number[]) => [...idx].sort((a, b) => scores[b] - scores[a] || a - b);
  const fill = (idx: number[]) => {
    for (const i of idx) {
      keep.add(i);
      if (render(sentences.length, kept(sentences, keep)).length > budget) keep.delete(i);
    }
  };
  sentences.forEach((_, i) => mustKeep(i) && keep.add(i));
  const results = sentences.map((s, i) => (s.kind === "results" ? i : -1)).filter((i) => i >= 0);
  results.forEach((i) => keep.add(i));
  if (render(sentences.length, kept(sentences, keep)).length > budget) {
    results.forEach((i) => keep.delete(i));
    const ranked = byScore(results);
    if (ranked.length > 0) keep.add(ranked[0]);
    fill(ranked.slice(1));
  }
  fill(byScore(sentences.map((_, i) => i).filter((i) => !keep.has(i))));
}

/** The kept sentences in order, each labelled when it opens its section among the kept ones. */
function kept(sentences: AbstractSentence[], keep: Set<number>): ExcerptSentence[] {
  const out: ExcerptSentence[] = [];
  let lastLabel: string | null = null;
  sentences.forEach((s, i) => {
    if (!keep.has(i)) return;
    out.push({ n: i + 1, label: s.label !== null && s.label !== lastLabel ? s.label : null, text: s.text });
    lastLabel = s.label;
  });
  return out;
}

/**
 * The excerpt of an abstract as one text, at most about `budget` characters (the sentences of
 * {@link excerptSentences}): an abstract that fits is shown whole (labels kept); otherwise the kept sentences in
 * abstract order, each section's label before its first kept sentence, and " … " where sentences were left out.
 * @param focus the question and the current hypotheses (free text).
 * @param budget characters; default {@link EXCERPT_CHARS}.
 */
export function excerptAbstract(abstract: string, focus: string, budget = EXCERPT_CHARS): string {
  const whole = abstract
    .trim()
    .replace(/[ \t]+/g, " ")
    .replace(/\s*\n\s*/g, " ");
  if (whole.length <= budget) return whole;
  return render(abstractSentences(abstract).length, excerptSentences(abstract, focus, budget));
}

/** Kept sentences as text: labels before their sections, gaps marked (of an abstract of `total` sentences). */
function render(total: number, sentences: ExcerptSentence[]): string {
  let out = "";
  let last = 0;
  for (const s of sentences) {
    const labelled = s.label !== null ? `${s.label}: ${s.text}` : s.text;
    out +=
      out === "" ? (s.n > 1 ? `… ${labelled}` : labelled) : s.n === last + 1 ? ` ${labelled}` : `${GAP}${labelled}`;
    last = s.n;
  }
  return last < total && out ? `${out} …` : out;
}

/**
 * The text of sentence `n` (1-based) of an abstract as {@link abstractSentences} numbers it (without its section
 * label), or null when the abstract has no such sentence: what a sentence id ("E3.4") names.
 */
export function abstractSentence(abstract: string, n: number): string | null {
  return abstractSentences(abstract)[n - 1]?.text ?? null;
}
