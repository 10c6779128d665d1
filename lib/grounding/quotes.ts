import type { Evidence } from "@/lib/domain/evidence";
import type { ResearchReport } from "@/lib/domain/report";
import { QUOTATION_PATTERN, sentenceSpans } from "@/lib/text/sentence-spans";
import { matchQuote, normaliseForMatch, type QuoteMatch } from "@/lib/text/quote-match";
import { citedNumbers } from "./markers";
import { mapProse, PROSE_FIELD_LABELS, type ProseField } from "./prose";

/**
 * Fewest words for quoted text to count as a quoted passage. Shorter quotations ("so-called" terms, scare
 * quotes) are not claims about what a source says. Source: our choice.
 */
export const MIN_QUOTE_WORDS = 4;

/** Share of a quote's distinct words (≥ 3 letters) a record must hold to be compared with an unattributed quote. */
const CANDIDATE_WORD_SHARE = 0.6;

/** What happened to one quoted passage of a report. */
export interface QuoteCheck {
  field: ProseField;
  quote: string;
  /** Evidence ids of the sources it was checked against (cited in its sentence; all records when none is cited). */
  checkedAgainst: string[];
  /** "verbatim": the source has it as written; "replaced": the source's own wording was put in; "removed". */
  outcome: "verbatim" | "replaced" | "removed";
  similarity: number;
  /** The evidence id whose text matched (null when removed). */
  matchedEvidenceId: string | null;
}

/** The report after quote verification, with counts and one entry per quoted passage checked. */
export interface QuoteVerification {
  report: ResearchReport;
  removedQuotes: number;
  replacedQuotes: number;
  checks: QuoteCheck[];
}

function wordCount(text: string): number {
  return text.trim().split(/\s+/).filter(Boolean).length;
}

/** The best match of a quote among records (abstract, then title of each); the first exact match wins. */
function bestMatch(quote: string, records: Evidence[]): { match: QuoteMatch; record: Evidence | null } {
  let best: { match: QuoteMatch; record: Evidence | null } = {
    match: { kind: "none", similarity: 0, sourceText: null },
    record: null,
  };
  for (const record of records) {
    for (const text of [record.citation.abstract, record.citation.title]) {
      const match = matchQuote(quote, text);
      if (match.kind === "exact") return { match, record };
      if (match.similarity > best.match.similarity) best = { match, record };
    }
  }
  return best;
}

/** Records worth comparing with an unattributed quote: those containing most of its words. */
function candidates(quote: string, evidence: Evidence[]): Evidence[] {
  const words = [
    ...new Set(
      normaliseForMatch(quote)
        .split(/[^\p{L}\p{N}]+/u)
        .filter((w) => w.length >= 3),
    ),
  ];
  if (words.length === 0) return [];
  return evidence.filter((e) => {
    const text = normaliseForMatch(`${e.citation.title} ${e.citation.abstract}`);
    return words.filter((w) => text.includes(w)).length >= CANDIDATE_WORD_SHARE * words.length;
  });
}

/**
 * Verifies the quoted passages of one prose text. A quoted passage is text of at least {@link MIN_QUOTE_WORDS}
 * words in double quotation marks ("…", “…”, «…»); it is attributed to the records its sentence cites with
 * [n] markers (`sourcesOf` maps marker numbers to records), or, when its sentence cites none, checked against every
 * record of `evidence` that shares most of its words. Each passage is matched with matchQuote
 * (lib/text/quote-match: exact, else ≥ 0.95 normalised Levenshtein similarity over a sliding window, as
 * bmlibrarian) against the abstract and title of those records:
 * - matched: the passage is replaced by the source's own wording (outcome "replaced" when that changes the text,
 *   else "verbatim");
 * - not matched: the whole sentence is removed (its claim rested on words no source has), outcome "removed".
 * @returns the new text (lines emptied by removals dropped) and one check per passage.
 */
export function verifyQuotesInText(
  text: string,
  field: ProseField,
  sourcesOf: (markers: number[]) => Evidence[],
  evidence: Evidence[],
): { text: string; checks: QuoteCheck[] } {
  const checks: QuoteCheck[] = [];
  const edits: Array<{ start: number; end: number; replacement: string }> = [];
  for (const span of sentenceSpans(text)) {
    const sentence = text.slice(span.start, span.end);
    const quotes = [...sentence.matchAll(QUOTATION_PATTERN)].filter(
      (m) => wordCount(m[1] ?? m[2] ?? m[3]) >= MIN_QUOTE_WORDS,
    );
    if (quotes.length === 0) continue;
    const cited = sourcesOf(citedNumbers(sentence));
    const sentenceEdits: typeof edits = [];
    let remove = false;
    for (const m of quotes) {
      const quote = m[1] ?? m[2] ?? m[3];
      const pool = cited.length > 0 ? cited : candidates(quote, evidence);
      const { match, record } = bestMatch(quote, pool);
      const checkedAgainst = (cited.length > 0 ? cited : evidence).map((e) => e.id);
      if (match.kind === "none" || !match.sourceText || !record) {
        checks.push({
          field,
          quote,
          checkedAgainst,
          outcome: "removed",
          similarity: match.similarity,
          matchedEvidenceId: null,
        });
        remove = true;
        continue;
      }
      const changed = match.sourceText !== quote;
      checks.push({
        field,
        quote,
        checkedAgainst,
        outcome: changed ? "replaced" : "verbatim",
        similarity: match.similarity,
        matchedEvidenceId: record.id,
      });
      const open = span.start + m.index + 1;
      if (changed) sentenceEdits.push({ start: open, end: open + quote.length, replacement: match.sourceText });
    }
    edits.push(...(remove ? [{ start: span.start, end: span.end, replacement: "" }] : sentenceEdits));
  }
  let out = text;
  for (const e of edits.sort((a, b) => b.start - a.start))
    out = out.slice(0, e.start) + e.replacement + out.slice(e.end);
  if (edits.some((e) => e.replacement === "")) {
    out = out
      .split("\n")
      .map((line) =>
        line
          .replace(/[ \t]{2,}/g, " ")
          .replace(/\s+([.,;:])/g, "$1")
          .trimEnd(),
      )
      .filter((line) => line.trim() !== "" && line.trim() !== "-")
      .join("\n")
      .trim();
  }
  return { text: out, checks };
}

/**
 * Verifies every quoted passage of a report's prose against the records its sentence cites (marker n →
 * `report.references[n-1]` → the evidence record with that id), see {@link verifyQuotesInText}. Idempotent: a
 * second pass finds the source's wording and changes nothing.
 * @returns the report with `removedQuotes` / `replacedQuotes` increased by this pass's counts.
 */
export function verifyReportQuotes(report: ResearchReport, evidence: Evidence[]): QuoteVerification {
  const byId = new Map(evidence.map((e) => [e.id, e]));
  const byNumber = new Map(report.references.map((r) => [r.n, byId.get(r.evidenceId)]));
  const sourcesOf = (markers: number[]) =>
    [...new Set(markers)].map((n) => byNumber.get(n)).filter((e): e is Evidence => e !== undefined);
  const checks: QuoteCheck[] = [];
  const verified = mapProse(report, (text, field) => {
    const r = verifyQuotesInText(text, field, sourcesOf, evidence);
    checks.push(...r.checks);
    return r.text;
  });
  const removedQuotes = checks.filter((c) => c.outcome === "removed").length;
  const replacedQuotes = checks.filter((c) => c.outcome === "replaced").length;
  return {
    report: {
      ...verified,
      removedQuotes: (report.removedQuotes ?? 0) + removedQuotes,
      replacedQuotes: (report.replacedQuotes ?? 0) + replacedQuotes,
    },
    removedQuotes,
    replacedQuotes,
    checks,
  };
}

/**
 * One line about a removed quotation, for the critic and the run page: `Clinical findings: a quotation of 9 words
 * matches no cited source …`. The quotation itself is not repeated: no source holds it, so it is shown nowhere.
 */
export function describeRemovedQuote(check: QuoteCheck): string {
  const words = check.quote.trim().split(/\s+/).length;
  const similarity = check.similarity.toFixed(2);
  return (
    `${PROSE_FIELD_LABELS[check.field]}: a quotation of ${words} words matches no cited source ` +
    `(best similarity ${similarity}); its sentence was removed`
  );
}
