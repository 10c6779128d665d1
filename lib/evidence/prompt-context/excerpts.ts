import { bm25Scores } from "@/lib/text/bm25";
import { splitSentences } from "@/lib/text/sentences";

/**
 * Characters of abstract shown per evidence block. Source: the prompt budget of about 1,200 characters × 25–30 blocks:
 * 1,200 characters hold the RESULTS and CONCLUSIONS of most structured abstracts, and 30 such blocks stay near
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
 * The excerpt of an abstract shown to every agent, at most about `budget` characters:
 * 1. an abstract that fits is shown whole (labels kept);
 * 2. otherwise the CONCLUSIONS sentences are always kept, then RESULTS sentences — all of them when they fit,
 *    else by BM25 against `focus` (at least one, even past the budget) — then the other sentences by BM25
 *    against `focus` (ties: earlier first) while they fit. In an unstructured abstract the last sentence, which
 *    states the authors' conclusion in most abstracts, is kept like a CONCLUSIONS section;
 * 3. kept sentences are shown in abstract order, each section's label before its first kept sentence, and
 *    " … " where sentences were left out.
 * BM25 is lib/text/bm25 (Okapi, k1 1.2, b 0.75) with the abstract's sentences as the documents.
 * @param focus the question and the current hypotheses (free text).
 * @param budget characters; default {@link EXCERPT_CHARS}.
 */
export function excerptAbstract(abstract: string, focus: string, budget = EXCERPT_CHARS): string {
  const whole = abstract.trim().replace(/[ \t]+/g, " ").replace(/\s*\n\s*/g, " ");
  if (whole.length <= budget) return whole;
  const sentences = abstractSentences(abstract);
  if (sentences.length === 0) return "";
  const structured = sentences.some((s) => s.kind !== "other");
  const mustKeep = (i: number) => sentences[i].kind === "conclusions" || (!structured && i === sentences.length - 1);
  const scores = bm25Scores(focus, sentences.map((s) => s.text));
  const byScore = (idx: number[]) => [...idx].sort((a, b) => scores[b] - scores[a] || a - b);
  const keep = new Set<number>();
  const fill = (idx: number[]) => {
    for (const i of idx) {
      keep.add(i);
      if (render(sentences, keep).length > budget) keep.delete(i);
    }
  };
  sentences.forEach((_, i) => mustKeep(i) && keep.add(i));
  const results = sentences.map((s, i) => (s.kind === "results" ? i : -1)).filter((i) => i >= 0);
  results.forEach((i) => keep.add(i));
  if (render(sentences, keep).length > budget) {
    results.forEach((i) => keep.delete(i));
    const ranked = byScore(results);
    if (ranked.length > 0) keep.add(ranked[0]);
    fill(ranked.slice(1));
  }
  fill(byScore(sentences.map((_, i) => i).filter((i) => !keep.has(i))));
  return render(sentences, keep);
}

/** The kept sentences in order, each section's label before its first kept sentence, gaps marked. */
function render(sentences: AbstractSentence[], keep: Set<number>): string {
  let out = "";
  let last = -1;
  let lastLabel: string | null = null;
  for (let i = 0; i < sentences.length; i++) {
    if (!keep.has(i)) continue;
    const s = sentences[i];
    const labelled = s.label !== null && s.label !== lastLabel ? `${s.label}: ${s.text}` : s.text;
    out += out === "" ? (i > 0 ? `… ${labelled}` : labelled) : i === last + 1 ? ` ${labelled}` : `${GAP}${labelled}`;
    last = i;
    lastLabel = s.label;
  }
  return last < sentences.length - 1 && out ? `${out} …` : out;
}
