import type { Evidence } from "@/lib/domain/evidence";
import type { ResearchReport } from "@/lib/domain/report";
import type { RunFullTexts } from "./backend";

/** The start of the extractive report's limitation when it read no full text (report-limitations.ts). */
const ABSTRACTS_ONLY = "Abstracts and titles only:";

/**
 * The limitation that says what a report read: "Full text read for 2 of 14 records; the other 12 were read from their
 * title and abstract only, and no supplementary data were read."; "Full text read for the one record; no
 * supplementary data were read." when every record was. Null when no full text was read (the report's own
 * "Abstracts and titles only" line says so).
 */
function fullTextLimitation(read: number, records: number): string | null {
  if (read === 0) return null;
  const others = records - read;
  if (others <= 0)
    return (
      `Full text read for ${read === 1 ? "the one record" : `all ${read} records`}; ` +
      `no supplementary data were read.`
    );
  return (
    `Full text read for ${read} of ${records} records; the other ${others} ${others === 1 ? "was" : "were"} read ` +
    `from ${others === 1 ? "its" : "their"} title and abstract only, and no supplementary data were read.`
  );
}

/**
 * A report with what its agents read: `readInFull` (the ids of the report's evidence whose full text was read, in
 * the evidence's order; the report as it was when none was) and a limitation saying what was and was not read, in place
 * of the extractive report's "Abstracts and titles only" line or, in a model's report, after its own limitations.
 * @param evidence the records the report was written from.
 * @param fullTexts the full texts the report's agents were given, by record id (absent: abstracts only).
 */
export function withFullTextReading(
  report: ResearchReport,
  evidence: Evidence[],
  fullTexts: RunFullTexts | undefined,
): ResearchReport {
  const readInFull = evidence.filter((e) => fullTexts?.has(e.id)).map((e) => e.id);
  const line = fullTextLimitation(readInFull.length, evidence.length);
  if (!line) return report;
  const at = report.limitations.findIndex((l) => l.startsWith(ABSTRACTS_ONLY));
  const limitations = at >= 0 ? report.limitations.map((l, i) => (i === at ? line : l)) : [...report.limitations, line];
  return { ...report, readInFull, limitations };
}
