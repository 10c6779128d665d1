import { shownSentence } from "@/lib/evidence/prompt-context/passage-excerpts";
import { parseCitations, stripCitations, type CitedItem } from "@/lib/grounding/key-citations";
import { formatMarker, rewriteMarkers } from "@/lib/grounding/markers";
import { unsupportedStatements, type EntailmentCall } from "@/lib/grounding/entailment";
import { sentenceSpans } from "@/lib/text/sentence-spans";
import { exempt } from "./answer-checks";
import { chatKey, type AnswerContext } from "./llm-answer";

/** A model's answer once its statements are checked against the sentences they cite. */
export interface CheckedStatements {
  /** The answer with the unsupported statements removed and sentence ids turned into reference markers ([3]). */
  text: string;
  /** Statements removed: uncited, naming what the cited sentences do not, or judged not entailed by the critic. */
  removed: number;
  /**
   * Citations deleted: bare [n] markers (not citations: the answer cites sentence ids) and keys or sentence ids of no
   * record the answer was shown.
   */
  removedCitations: number;
  /** Statements the entailment critic judged (0 when the answer cites nothing: no call made). */
  judged: number;
}

/** One sentence of the answer: where it stands, what it states and the sentences it cites. */
interface Statement {
  start: number;
  end: number;
  sentence: string;
  statement: string;
  numbers: number[];
  rests: Array<{ id: string; text: string }>;
}

/** The sentences of shown record [n] one citation item names: a sentence id's, or every shown one for a bare key. */
function citedSentences(item: CitedItem, context: AnswerContext): Array<{ n: number; id: string; text: string }> {
  const keys = item.kind === "keys" ? range(item.from, item.to).map(chatKey) : [item.key];
  return keys.flatMap((key) => {
    const shown = context.shown.find((s) => chatKey(s.n) === key);
    if (!shown) return [];
    const numbers = item.kind === "sentences" ? range(item.from, item.to) : shown.sentences.map((s) => s.n);
    return numbers.flatMap((k) => {
      const text = shownSentence(shown, k)?.text;
      return text ? [{ n: shown.n, id: `${key}.${k}`, text }] : [];
    });
  });
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/**
 * Holds a model's answer to the report's standard, before anything of it is shown or stored:
 * 1. bare [n] markers are deleted (the answer cites sentence ids, "E3.2"; a number is no citation);
 * 2. each sentence's citations are read (lib/grounding/key-citations) and resolved to the abstract sentences they name
 *    among the records the answer was shown; a factual sentence citing none is removed (never shown as if cited);
 * 3. a cited sentence naming a number, unit, dose, percentage or named entity its cited sentences do not hold is
 *    removed (lib/grounding/statement-support unsupportedSpecifics: deterministic);
 * 4. the rest go to the report's entailment critic in ONE call (`entail`; skipped when null, as for a test of the
 *    deterministic half alone, and when nothing is left to judge); a statement judged FAIL, or given no verdict, is
 *    removed;
 * 5. the kept statements' sentence ids become the conversation's reference markers ("[E3.2]" → "[3]").
 * Sentences that state no finding (a list intro, "The run's records do not report doses.") are kept as written.
 * @throws what `entail` throws (the answer is then recorded as failed: an unchecked answer is never shown).
 */
export async function checkStatements(
  text: string,
  context: AnswerContext,
  question: string,
  entail: EntailmentCall | null,
): Promise<CheckedStatements> {
  const bare = rewriteMarkers(text, () => undefined);
  const source = bare.text;
  const statements: Statement[] = [];
  const drop = new Set<Statement>();
  let unknown = 0;
  for (const span of sentenceSpans(source)) {
    const sentence = source.slice(span.start, span.end);
    const cited = parseCitations(sentence).flatMap((g) =>
      g.items.flatMap((item) => {
        const found = citedSentences(item, context);
        // A key or sentence id of no record shown (or past its abstract) is deleted like a marker past the list.
        if (found.length === 0) unknown += 1;
        return found;
      }),
    );
    const statement = stripCitations(sentence).replace(/^\s*(?:[-*•]|\d+[.)])\s+/, "");
    const s: Statement = {
      ...span,
      sentence,
      statement,
      numbers: [...new Set(cited.map((c) => c.n))].sort((a, b) => a - b),
      rests: [...new Map(cited.map((c) => [c.id, { id: c.id, text: c.text }])).values()],
    };
    statements.push(s);
    if (s.rests.length === 0 && !exempt(statement)) drop.add(s);
  }
  const citing = statements.filter((s) => s.rests.length > 0);
  const blocks = context.shown.map((s) => ({ key: chatKey(s.n), evidence: s.evidence, sentences: s.sentences }));
  const checked = await unsupportedStatements(
    citing.map((s) => ({ statement: s.statement, keys: s.numbers.map(chatKey), rests: s.rests })),
    question,
    blocks,
    entail,
  );
  citing.forEach((s, i) => checked.failed.has(i) && drop.add(s));
  let out = "";
  let last = 0;
  for (const s of statements) {
    out += source.slice(last, s.start);
    last = s.end;
    if (drop.has(s)) continue;
    out += s.rests.length > 0 ? withMarkers(s.sentence, context) : s.sentence;
  }
  out += source.slice(last);
  return {
    text: tidy(out),
    removed: drop.size,
    removedCitations: bare.removed + unknown,
    judged: checked.judged,
  };
}

/** A sentence with each citation of sentence ids replaced by the reference markers of their records ("[3, 7]"). */
function withMarkers(sentence: string, context: AnswerContext): string {
  let out = "";
  let last = 0;
  for (const group of parseCitations(sentence)) {
    const numbers = [...new Set(group.items.flatMap((item) => citedSentences(item, context).map((c) => c.n)))];
    out += sentence.slice(last, group.start).replace(/\s+$/, "");
    out += numbers.length > 0 ? ` ${formatMarker(numbers)}` : "";
    last = group.end;
  }
  return out + sentence.slice(last);
}

/** Closes up what removed sentences leave: empty list items, runs of blank lines and of spaces, leading space. */
function tidy(text: string): string {
  return text
    .split("\n")
    .filter((line, i, lines) => !/^\s*(?:[-*•]|\d+[.)])\s*$/.test(line) || i === lines.length - 1)
    .join("\n")
    .replace(/[ \t]{2,}/g, " ")
    .replace(/ +([.,;:!?])/g, "$1")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
