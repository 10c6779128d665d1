import type { ResearchReport, SentenceSupport } from "@/lib/domain/report";
import { stripMarkers } from "@/lib/grounding/markers";
import { proseTexts } from "@/lib/grounding/prose";

const squash = (text: string) =>
  text
    .replace(/\s+/g, " ")
    .replace(/[.!?…]+$/, "")
    .trim();

/**
 * The report with only the `support` entries whose sentence is still in its prose: a check that removes a sentence
 * (an invented quotation, an identifier, a marker pointing nowhere) removes what it rested on, so no removed text
 * survives in the report's data. A report without `support` is returned as it is.
 */
export function withPublishedSupport(report: ResearchReport): ResearchReport {
  if (!report.support) return report;
  const prose = proseTexts(report)
    .map((p) => squash(stripMarkers(p.text)))
    .join("\n");
  const support = report.support.filter((s) => prose.includes(squash(s.sentence)));
  const published: ResearchReport = { ...report, support };
  if (support.length === 0) delete published.support;
  return published;
}

/** A sentence reduced to its words, to match a report sentence as shown (markers, punctuation) with its support's. */
const words = (text: string) =>
  stripMarkers(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/**
 * The exact sentences of record `evidenceId` that the report sentence `sentence` (as shown, with its markers) rests on,
 * from the report's `support`, in the record's words (what a citation card shows and marks in the abstract); [] when
 * the report recorded none for it (extractive reports, sentences cited by key only).
 */
export function restingSentences(support: SentenceSupport[], sentence: string, evidenceId: string): string[] {
  const cited = words(sentence);
  return support
    .filter((s) => s.evidenceId === evidenceId && words(s.sentence) === cited)
    .flatMap((s) => s.sentences.map((x) => x.text));
}
