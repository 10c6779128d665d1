import { exportFile } from "@/lib/domain/export";
import { reportAnswer } from "@/lib/report/appraise/answer";
import { answerMarkdown, withAnswerSections } from "@/lib/report/render/answer-markdown";
import { citationFile } from "@/lib/report/render/citations";
import { completeReference } from "@/lib/grounding/references";
import { reportToMarkdown } from "@/lib/report/render/markdown";
import type { ModeExport } from "@/lib/runs/mode";
import type { RunDetail } from "@/lib/runs/projections";
import { flowDiagramSvgFile } from "./flow-diagram-file";
import { runToJson } from "./run-json";

/**
 * A research run's downloads: the report's Markdown, its references as BibTeX, RIS and CSL-JSON, the `--json` contract
 * (runToJson) and the PRISMA 2020 flow diagram as SVG; all but JSON once the run has a report. Markdown is the saved
 * rendering (re-rendered from the report when missing) with the bottom line and GRADE certainty above its executive
 * summary; BibTeX, RIS and CSL-JSON hold one entry per reference, numbered as in the report, with the journal issue
 * fields of its record (completeReference) and provenance flags in `note` / `N1`. Markdown and JSON carry the run's
 * follow-ups (lib/export/report.ts).
 */
export const researchExport: ModeExport = {
  formats: ["markdown", "bibtex", "ris", "csl-json", "json", "prisma"],
  title: (detail) => detail.report?.title ?? detail.run.question,
  ready: (events) => events.some((e) => e.type === "report"),
  file(format, detail) {
    const report = detail.report;
    const title = researchExport.title(detail);
    if (format === "prisma") return flowDiagramSvgFile(detail);
    if (!report) return null;
    if (format === "markdown") return exportFile(format, title, markdownWithAnswer(detail, report));
    const records = new Map(detail.evidence.map((e) => [e.id, e]));
    const references = [...report.references]
      .sort((a, b) => a.n - b.n)
      .map((r) => completeReference(r, records.get(r.evidenceId)));
    return exportFile(format, title, citationFile(format, references, detail.evidence));
  },
  json: runToJson,
  followUps: true,
};

/**
 * The saved Markdown of a report (re-rendered when missing) with its bottom line and GRADE sections (answerMarkdown).
 */
function markdownWithAnswer(detail: RunDetail, report: NonNullable<RunDetail["report"]>): string {
  const markdown = detail.markdown ?? reportToMarkdown(report);
  const answered = reportAnswer(detail.run.question, detail.evidence, report);
  return answered
    ? withAnswerSections(markdown, answerMarkdown(answered, report.references, detail.evidence))
    : markdown;
}
