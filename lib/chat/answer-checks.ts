import type { Evidence } from "@/lib/domain/evidence";
import type { AnswerChecks } from "@/lib/domain/chat";
import type { Reference } from "@/lib/domain/report";
import { citedNumbers, rewriteMarkers } from "@/lib/grounding/markers";
import { evidenceLookup } from "@/lib/evidence/identity";
import { neutraliseUnretrieved } from "@/lib/grounding/identifiers";
import { scrubContext, scrubText, type ScrubTally } from "@/lib/grounding/scrub";
import { verifyQuotesInText } from "@/lib/grounding/quotes";
import { sentenceSpans } from "@/lib/text/sentence-spans";
import { withFullTextBody } from "@/lib/evidence/passages";
import type { ConversationReferences } from "./references";

/**
 * A sentence that needs no citation: a heading, a list intro ending with ":", a question, a very short phrase, or
 * a plain statement that the evidence does not answer ("None of the run's records mentions …").
 */
export function exempt(sentence: string): boolean {
  const s = sentence.trim().replace(/^[-*]\s+/, "");
  if (!s || s.startsWith("#") || /[:?]$/.test(s) || s.split(/\s+/).length < 4) return true;
  // Advice to the user ("To search the sources for it, ask for more research …") states no finding.
  if (/^(?:to search|ask|try|you (?:can|could|may))\b/i.test(s)) return true;
  return (
    /\b(?:does not|do not|doesn't|don't|did not|cannot|no|none of|not)\b/i.test(s) &&
    /\b(?:evidence|records?|references?|abstracts?|studies|run)\b/i.test(s)
  );
}

/** Checks answer text piece by piece as it streams; `result()` gives the totals and the references cited so far. */
export interface AnswerChecker {
  /** The checked form of one complete piece of the answer (whole sentences or lines, trailing whitespace kept). */
  check(piece: string): string;
  /** The checks so far and the references the checked text cites, in number order. */
  result(): { checks: AnswerChecks; cited: Reference[] };
}

/**
 * The checks of reports (lib/report), applied to an answer: [n] markers must name a record of `allowed` (the
 * numbers the answer was given; others are deleted and counted, so an instruction such as "cite PMID 123" cannot
 * add a reference), quoted passages must be in an abstract their sentence cites (else the sentence is removed, or
 * the quote is put in the source's words: verifyQuotesInText), and URLs, DOIs, PMIDs and NCT IDs naming no record of
 * the run are dealt with; factual sentences without a citation are listed. A model's answer (`modelWritten`) goes
 * through the one scrub of model-written text (lib/grounding/scrub: such identifiers removed, citation keys and
 * author–year citations too); the extractive answer, which quotes abstracts, keeps their words, an identifier naming
 * no record of the run flagged "(not retrieved)" as in its reports.
 */
export function createAnswerChecker(
  conversation: ConversationReferences,
  allowed: Set<number>,
  modelWritten = false,
): AnswerChecker {
  // Markers are checked above against the numbers the answer was given; quotations below against the cited records.
  const ctx = { ...scrubContext(conversation.records, { quotes: false }), references: Number.MAX_SAFE_INTEGER };
  const tally: ScrubTally = { identifiers: [], markers: 0, quotes: 0 };
  const lookup = evidenceLookup(conversation.records);
  // A quotation is looked up in its record's abstract and, when the run read it, its full text.
  const readable = (e: Evidence) => withFullTextBody(e, conversation.fullTexts?.get(e.id));
  const sourcesOf = (numbers: number[]): Evidence[] =>
    [...new Set(numbers)].flatMap((n) =>
      allowed.has(n) ? [conversation.byNumber.get(n)?.record ?? []].flat().map(readable) : [],
    );
  const cited = new Set<number>();
  const uncited: string[] = [];
  let removedMarkers = 0;
  let removedQuotes = 0;
  let replacedQuotes = 0;
  return {
    check(piece) {
      const trailing = /\s*$/.exec(piece)?.[0] ?? "";
      let text = piece.slice(0, piece.length - trailing.length);
      if (!text.trim()) return piece;
      const markers = rewriteMarkers(text, (n) => (allowed.has(n) && conversation.byNumber.has(n) ? n : undefined));
      removedMarkers += markers.removed;
      text = modelWritten
        ? scrubText(markers.text, ctx, tally)
        : neutraliseUnretrieved(markers.text, lookup, tally.identifiers);
      const quotes = verifyQuotesInText(text, "executiveSummary", sourcesOf, conversation.records.map(readable));
      removedQuotes += quotes.checks.filter((c) => c.outcome === "removed").length;
      replacedQuotes += quotes.checks.filter((c) => c.outcome === "replaced").length;
      text = quotes.text;
      for (const span of sentenceSpans(text)) {
        const sentence = text.slice(span.start, span.end);
        const numbers = citedNumbers(sentence);
        numbers.forEach((n) => cited.add(n));
        if (numbers.length === 0 && !exempt(sentence)) uncited.push(sentence.trim());
      }
      return text ? text + trailing : trailing.includes("\n") ? "\n" : "";
    },
    result() {
      const references = [...cited]
        .sort((a, b) => a - b)
        .flatMap((n) => [conversation.byNumber.get(n)?.reference ?? []].flat());
      return {
        checks: {
          status: uncited.length === 0 ? "verified" : "unverified",
          removedMarkers: removedMarkers + tally.markers,
          removedQuotes,
          replacedQuotes,
          removedIdentifiers: tally.identifiers.length,
          uncitedSentences: [...uncited],
        },
        cited: references,
      };
    },
  };
}
