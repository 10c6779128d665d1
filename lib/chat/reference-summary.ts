import { studyTypeOf } from "@/lib/report/appraise/study-type";
import { quotableText } from "@/lib/research/agents/extractive/sentence-picker";
import { bm25Scores } from "@/lib/text/bm25";
import { splitSentences } from "@/lib/text/sentences";
import { bullet, orList, type ExtractiveAnswer } from "./answer-text";
import type { ConversationReferences } from "./references";

/** Passages quoted per summarised reference, and references summarised per answer. */
const SUMMARY_PASSAGES = 3;
const MAX_SUMMARISED = 3;

/**
 * "Summarise reference 3": each named reference's bibliographic line and up to three passages of its abstract (those
 * closest to the run's `question` by BM25, and its closing sentence); a number the conversation does not have is
 * named as missing.
 */
export function summariseReferences(
  numbers: number[],
  question: string,
  conversation: ConversationReferences,
): ExtractiveAnswer {
  const lines: string[] = [];
  const missing = numbers.filter((n) => !conversation.byNumber.has(n));
  for (const n of numbers.filter((k) => conversation.byNumber.has(k)).slice(0, MAX_SUMMARISED)) {
    const { reference, record } = conversation.byNumber.get(n)!;
    const venue = [reference.journal, reference.year].filter(Boolean).join(", ");
    const label = studyTypeOf(record).label.toLowerCase();
    const title = reference.title.replace(/[“”"]/g, "").replace(/[.\s]+$/, "");
    lines.push(
      `Reference [${n}] is “${title}”${venue ? ` (${venue})` : ""}, ${/^[aeiou]/.test(label) ? "an" : "a"} ` +
        `${label} [${n}].`,
      "",
    );
    const passages = splitSentences(record.citation.abstract).flatMap((raw, position) => {
      const text = quotableText(raw);
      return text === null ? [] : [{ n, position, text }];
    });
    if (passages.length === 0) {
      lines.push(`Its record has no abstract, so the evidence says nothing more about it.`, "");
      continue;
    }
    // The sentences that bear most on the run's question, plus the abstract's closing sentence (its conclusion).
    const scores = bm25Scores(
      question,
      passages.map((p) => p.text),
    );
    const ranked = passages
      .map((p, i) => ({ p, score: scores[i] }))
      .sort((a, b) => b.score - a.score || a.p.position - b.p.position);
    const picked = new Set([passages.at(-1)!, ...ranked.map((r) => r.p)].slice(0, SUMMARY_PASSAGES));
    lines.push("Its abstract reports:", "", ...[...picked].sort((a, b) => a.position - b.position).map(bullet), "");
  }
  if (missing.length > 0) {
    lines.push(
      `The conversation's reference list has ${conversation.references.length} references, so there is no ` +
        `reference ${orList(missing.map(String))}.`,
    );
  }
  return {
    text: lines.join("\n").trim(),
    answered: missing.length < numbers.length,
    considered: Math.min(numbers.length, MAX_SUMMARISED),
  };
}
