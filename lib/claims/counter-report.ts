import { SOURCE_LABELS, type SourceId } from "@/lib/domain/evidence";
import type { CounterCitation } from "@/lib/domain/claim-check";
import type { CounterReportInput } from "./backend";
import { describeStrategies } from "./search-stats";

/** Longest counter-report in words. Source: our choice, 200–300 words: a paragraph a reader takes in at once. */
export const MAX_REPORT_WORDS = 300;

/** A sentence ready to be quoted inside a sentence: without its final full stop. */
export function unquoted(sentence: string): string {
  return sentence.trim().replace(/\.$/, "");
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** "the local library, PubMed and Europe PMC". */
export function sourcesLabel(sources: SourceId[]): string {
  const names = sources.map((s) => (s === "local" ? "the local library" : SOURCE_LABELS[s]));
  return names.length <= 1 ? (names[0] ?? "no source") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/**
 * How a citation is introduced: "A 1998 study in Kidney Int (PMID 123) reported", or without a year (a PubTator
 * record carries none) "PMID 123 reports".
 */
function introduce(c: CounterCitation): string {
  const id = c.pmid ? `PMID ${c.pmid}` : (c.nctId ?? c.doi ?? c.evidenceId);
  if (c.year)
    return `A ${c.year} ${c.nctId ? "trial record" : "study"}${c.journal ? ` in ${c.journal}` : ""} (${id}) reported`;
  return `${id} reports`;
}

/** "[7]", "[7, 8]", "[7–10]" for consecutive citation numbers. */
function markerFor(numbers: number[]): string {
  const consecutive = numbers.every((n, i) => i === 0 || n === numbers[i - 1] + 1);
  return numbers.length > 2 && consecutive ? `[${numbers[0]}–${numbers.at(-1)}]` : `[${numbers.join(", ")}]`;
}

/**
 * The extractive counter-report (no model): a template filled with the verified passages, quoted verbatim.
 * Opening: the counter-statement and the search statistics; body: one sentence per citation, in order,
 * "A 1998 study in Kidney Int (PMID …) reported: “<passage>” [n]." while the report stays within
 * {@link MAX_REPORT_WORDS} words (always at least one); the citations not quoted are named together
 * ("Further documents reach the threshold [7–10]."); closing: what the cited documents do to the claim.
 * @throws Error when called without citations (use {@link emptyCounterReport}).
 */
export function templateCounterReport(input: CounterReportInput): string {
  const { citations, stats, counter } = input;
  if (citations.length === 0) throw new Error("templateCounterReport needs at least one citation");
  const opening =
    `The counter-statement is “${unquoted(counter.counterStatement)}”. A search of ` +
    `${sourcesLabel(input.sources)} found ${stats.documentsFound} documents, ` +
    `${describeStrategies(stats)}. Of these, ${stats.documentsScored} were scored from 0 to 5 for support of ` +
    `the counter-statement and ` +
    `${stats.documentsAboveThreshold} reached the threshold of ${stats.threshold}.`;
  const years = [...new Set(citations.map((c) => c.year).filter((y): y is number => y !== null))].sort();
  const when =
    years.length === 0
      ? "publication years not recorded"
      : years.length === 1
        ? `published ${years[0]}`
        : `published ${years[0]}–${years.at(-1)}`;
  const closing =
    `Taken together, ${citations.length === 1 ? "this document" : `these ${citations.length} documents`} (${when}) ` +
    `${citations.length === 1 ? "supports" : "support"} the counter-statement and so ` +
    `${citations.length === 1 ? "speaks" : "speak"} against the claim “${unquoted(input.claim)}”. ` +
    `The passages are quoted verbatim from the abstracts.`;
  const further = (rest: CounterCitation[]) =>
    rest.length === 0
      ? []
      : [
          `Further ${rest.length === 1 ? "support comes from" : "documents reaching the threshold are"} ` +
            `${markerFor(rest.map((c) => c.n))}.`,
        ];
  const body: string[] = [];
  for (const c of citations) {
    const sentence = `${introduce(c)}: “${c.passage.replace(/[.\s]+$/, "")}” [${c.n}].`;
    const draft = [opening, ...body, sentence, ...further(citations.slice(body.length + 1)), closing].join(" ");
    if (body.length > 0 && wordCount(draft) > MAX_REPORT_WORDS) break;
    body.push(sentence);
  }
  return [opening, ...body, ...further(citations.slice(body.length)), closing].join(" ");
}

/**
 * The report when no evidence supports the counter-statement (no model call, in both modes): says so and states
 * the threshold and how many documents were searched and scored (after PaperChecker's `_generate_empty_report`).
 */
export function emptyCounterReport(input: Pick<CounterReportInput, "claim" | "counter" | "stats" | "sources">): string {
  const { stats } = input;
  const unverified =
    stats.documentsAboveThreshold > 0
      ? ` ${stats.documentsAboveThreshold} reached the threshold, but no passage supporting the ` +
        `counter-statement could be verified in ` +
        `${stats.documentsAboveThreshold === 1 ? "its abstract" : "their abstracts"}.`
      : "";
  return (
    `No evidence against the claim was found. ${stats.documentsFound} documents were searched in ` +
    `${sourcesLabel(input.sources)}, ` +
    `${describeStrategies(stats)}. Of these, ${stats.documentsScored} were scored; none is cited, because none ` +
    `reached the threshold of ` +
    `${stats.threshold} of 5 for support of the counter-statement ` +
    `“${unquoted(input.counter.counterStatement)}” with a verified passage.${unverified} ` +
    `The absence of counter-evidence in these sources does not show that the claim is true.`
  );
}

/**
 * Removes citation markers that point to no citation: numbers outside 1…`count` are dropped from "[1, 7]" → "[1]",
 * and a marker left empty is removed with the space before it. Ranges ("[2–4]") are kept when fully valid.
 * @returns the cleaned text and how many marker numbers were removed.
 */
export function keepKnownMarkers(text: string, count: number): { text: string; removed: number } {
  let removed = 0;
  const cleaned = text.replace(/\s?\[(\d+(?:\s*[-–,;]\s*\d+)*)\]/g, (whole, inner: string) => {
    const parts = inner.split(/\s*[,;]\s*/);
    const kept = parts.filter((p) => {
      const [a, b] = p.split(/\s*[-–]\s*/).map(Number);
      const ok = a >= 1 && a <= count && (b === undefined || (b >= a && b <= count));
      if (!ok) removed++;
      return ok;
    });
    if (kept.length === 0) return "";
    return `${whole.startsWith(" ") ? " " : ""}[${kept.join(", ")}]`;
  });
  return { text: cleaned, removed };
}
