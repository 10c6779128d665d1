import type { ResearchReport } from "@/lib/domain/report";
import { stripMarkers } from "./markers";
import { proseTexts } from "./prose";

const squash = (text: string) => text.replace(/\s+/g, " ").replace(/[.!?…]+$/, "").trim();

/**
 * The report with only the `support` entries whose sentence is still in its prose: a check that removes a sentence
 * (an invented quotation, an identifier, a marker pointing nowhere) removes what it rested on, so no removed text
 * survives in the report's data. A report without `support` is returned as it is.
 */
export function withPublishedSupport(report: ResearchReport): ResearchReport {
  if (!report.support) return report;
  const prose = proseTexts(report).map((p) => squash(stripMarkers(p.text))).join("\n");
  const support = report.support.filter((s) => prose.includes(squash(s.sentence)));
  const published: ResearchReport = { ...report, support };
  if (support.length === 0) delete published.support;
  return published;
}
