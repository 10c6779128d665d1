import type { ReportRepair } from "@/lib/domain/critic";
import type { Evidence } from "@/lib/domain/evidence";
import type { ResearchReport } from "@/lib/domain/report";
import { citedNumbers, stripMarkers } from "@/lib/grounding/markers";
import { mapProse, PROSE_FIELD_LABELS } from "@/lib/grounding/prose";
import { unsupportedSpecifics } from "@/lib/grounding/statement-support";
import { sentenceSpans } from "@/lib/text/sentence-spans";

/** A report with the cited statements its records do not support removed, and one repair line per section. */
export interface CheckedReportStatements {
  report: ResearchReport;
  /** How many statements were removed. */
  removed: number;
  /** One line per section that lost statements, for the critic's "removed from the draft" list. */
  repairs: ReportRepair[];
}

const same = (a: string, b: string) => a.replace(/\s+/g, " ").trim() === b.replace(/\s+/g, " ").trim();

/**
 * The deterministic half of the statement check, on a model's report: every sentence of its prose that cites [n]
 * and names a number, unit, dose, percentage or named entity that the title and abstract of none of its cited
 * records hold (lib/grounding/statement-support unsupportedSpecifics, against the cited records together) is
 * removed, with the sentence supports the report agent gave for it. The entailment half is the critic loop's
 * (lib/research/critic-loop: one batched call per draft). Each removal is reported as a repair in general words,
 * never quoting the removed statement, so the invention is stored nowhere.
 */
export function removeUnsupportedStatements(report: ResearchReport, evidence: Evidence[]): CheckedReportStatements {
  const byId = new Map(evidence.map((e) => [e.id, e]));
  const citedText = (numbers: number[]) =>
    numbers
      .map((n) => byId.get(report.references[n - 1]?.evidenceId ?? ""))
      .flatMap((e) => (e ? [`${e.citation.title} ${e.citation.abstract}`] : []))
      .join(" ");
  const removedSentences: string[] = [];
  const perSection = new Map<string, number>();
  const checked = mapProse(report, (text, field) => {
    let out = "";
    let last = 0;
    for (const span of sentenceSpans(text)) {
      const raw = text.slice(span.start, span.end);
      const numbers = citedNumbers(raw).filter((n) => n >= 1 && n <= report.references.length);
      const statement = stripMarkers(raw).replace(/^\s*(?:[-*•]|\d+[.)])\s+/, "");
      if (numbers.length === 0 || unsupportedSpecifics(statement, citedText(numbers)).length === 0) continue;
      out += text.slice(last, span.start);
      last = span.end;
      removedSentences.push(statement);
      perSection.set(PROSE_FIELD_LABELS[field], (perSection.get(PROSE_FIELD_LABELS[field]) ?? 0) + 1);
    }
    return (out + text.slice(last)).replace(/[ \t]{2,}/g, " ").trim();
  });
  if (removedSentences.length === 0) return { report, removed: 0, repairs: [] };
  const support = report.support?.filter((s) => !removedSentences.some((r) => same(r, s.sentence)));
  return {
    report: { ...checked, ...(support ? { support } : {}) },
    removed: removedSentences.length,
    repairs: [...perSection].map(([section, n]) => ({
      kind: "statement",
      detail:
        `${n} ${n === 1 ? "statement" : "statements"} of the ${section.toLowerCase()} not supported by the cited ` +
        `records (a number, dose or name they do not state)`,
    })),
  };
}
