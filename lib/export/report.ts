import type { RunDetail } from "@/lib/runs/projections";
import { referencesIn } from "@/lib/export/citations";
import { completeReference } from "@/lib/report/render/references";
import { reportToMarkdown } from "@/lib/report/render/markdown";
import { runToJson } from "@/lib/export/run-json";
import { exportClaimCheck } from "@/lib/export/claim-check-export";
import { provenanceNote } from "@/lib/evidence/provenance";
import { reportAnswer } from "@/lib/report/appraise/answer";
import { answerMarkdown, withAnswerSections } from "@/lib/report/render/answer-markdown";
import { followUpsForExport, followUpsMarkdown } from "@/lib/chat/appendix";
import type { ChatUIMessage } from "@/lib/domain/chat";
import { EXPORT_FORMATS, exportBaseName, type ExportFile, type ExportFormat } from "@/lib/export/files";

const TYPES: Record<ExportFormat, { contentType: string; extension: string }> = {
  markdown: { contentType: "text/markdown; charset=utf-8", extension: "md" },
  bibtex: { contentType: "application/x-bibtex; charset=utf-8", extension: "bib" },
  ris: { contentType: "application/x-research-info-systems; charset=utf-8", extension: "ris" },
  "csl-json": { contentType: "application/vnd.citationstyles.csl+json; charset=utf-8", extension: "csl.json" },
  json: { contentType: "application/json; charset=utf-8", extension: "json" },
};

/** Whether a string names an export format. */
export function isExportFormat(value: string): value is ExportFormat {
  return (EXPORT_FORMATS as readonly string[]).includes(value);
}

/**
 * A run's report as a downloadable file. Markdown is the saved rendering (re-rendered from the report when
 * missing) with the bottom line and GRADE certainty above its executive summary; BibTeX, RIS and CSL-JSON hold one
 * entry per reference, with the journal issue fields of its record (completeReference); JSON is the `--json`
 * contract ({@link runToJson}), with
 * `runId` replaced by `options.runId` when given (share links pass null so a shared copy never reveals the run's id).
 * A claim check exports its own Markdown, BibTeX/RIS of its cited records and `npm run check`'s JSON (exportClaimCheck).
 * With `options.messages` (the run's conversation), Markdown ends with an appendix of the follow-ups and
 * their answers, and JSON carries them as `followUps` (lib/chat/appendix followUpsForExport).
 * @returns null when the format needs a report and the run has none (it ended before writing one).
 */
export function exportRun(
  format: ExportFormat,
  detail: RunDetail,
  options: { runId?: string | null; messages?: ChatUIMessage[] } = {},
): ExportFile | null {
  const report = detail.report;
  const { contentType, extension } = TYPES[format];
  if (detail.run.mode === "claim-check") {
    return exportClaimCheck(
      format,
      detail,
      { contentType, filename: `${exportBaseName(`claim check ${detail.run.question}`)}.${extension}` },
      options,
    );
  }
  const filename = `${exportBaseName(report?.title ?? detail.run.question)}.${extension}`;
  if (format === "json") {
    const json = {
      ...runToJson(detail),
      ...(options.messages ? { followUps: followUpsForExport(options.messages, detail.events) } : {}),
    };
    const body = "runId" in options ? { ...json, runId: options.runId ?? null } : json;
    return { body: `${JSON.stringify(body, null, 2)}\n`, contentType, filename };
  }
  if (!report) return null;
  const records = new Map(detail.evidence.map((e) => [e.id, e]));
  const references = [...report.references]
    .sort((a, b) => a.n - b.n)
    .map((r) => completeReference(r, records.get(r.evidenceId)));
  const notes = new Map(
    detail.evidence.flatMap((e) => (provenanceNote(e) ? [[e.id, provenanceNote(e)!] as const] : [])),
  );
  const appendix =
    format === "markdown" && options.messages
      ? followUpsMarkdown(followUpsForExport(options.messages, detail.events))
      : "";
  const markdown = () =>
    appendix ? `${markdownWithAnswer(detail, report).trimEnd()}\n\n${appendix}` : markdownWithAnswer(detail, report);
  const body = format === "markdown" ? markdown() : referencesIn(format, references, notes);
  return { body, contentType, filename };
}

/** The saved Markdown of a report (re-rendered when missing) with its bottom line and GRADE sections (answerMarkdown). */
function markdownWithAnswer(detail: RunDetail, report: NonNullable<RunDetail["report"]>): string {
  const markdown = detail.markdown ?? reportToMarkdown(report);
  const answered = reportAnswer(detail.run.question, detail.evidence, report);
  return answered
    ? withAnswerSections(markdown, answerMarkdown(answered, report.references, detail.evidence))
    : markdown;
}
