import type { ResearchReport } from "@/lib/domain/report";
import type { ReportRecord } from "@/lib/report/appraise/records";
import type { RunEventPayloads } from "@/lib/domain/events";
import { retractedRecordsNotice, questionedRecordsNotice } from "./provenance-notices";

/** What the notices are drawn from: the run's shortfalls, last judge assessment, the report, the cited records. */
export interface ReportNoticeInput {
  shortfalls: Array<RunEventPayloads["shortfall"]>;
  lastAssessment: RunEventPayloads["assessment"] | null;
  report: ResearchReport;
  records: Map<string, ReportRecord>;
}

type NoticeKind =
  | "retracted"
  | "concern"
  | "shortfall"
  | "critic-unverified"
  | "model-draft-replaced"
  | "not-sufficient"
  | "removed-references"
  | "removed-markers"
  | "removed-quotes"
  | "not-retrieved-identifiers"
  | "dropped-identifiers"
  | "no-references"
  | "preprint";
type Notice = { kind: NoticeKind; label: string; text: string };

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * The notices of a report, most serious first (an empty list when there is nothing to warn about): source
 * shortfalls; "Unverified" only when the critic's checks still failed (with the failed checks), so the notice
 * never contradicts the report's footer ("Passed the critic's checks"); then, each under its own label, when the judge
 * found the evidence insufficient, when citation validation removed references or markers or quote checking
 * removed quotes, when identifiers in the text named no retrieved record, when nothing is cited, and for cited
 * preprints. First of all, "Retracted records found"
 * (records set aside, never support), and for cited records with an expression of concern or an erratum.
 */
export function reportNotices(input: ReportNoticeInput): Notice[] {
  const notices: Notice[] = [];
  const report = input.report;
  const retracted = retractedRecordsNotice([...input.records.values()]);
  if (retracted) notices.push({ kind: "retracted", ...retracted });
  const questioned = questionedRecordsNotice(report.references, input.records);
  if (questioned) notices.push({ kind: "concern", ...questioned });
  for (const s of input.shortfalls) {
    notices.push({
      kind: "shortfall",
      label: "Shortfall",
      text:
        s.scope === "full-text"
          ? `${s.message} (iteration ${s.iteration}). The record was read from its abstract.`
          : `${s.message} (iteration ${s.iteration}). Records this search would have found are missing from the ` +
            `report.`,
    });
  }
  if (report.verification?.status === "unverified") {
    // The failed checks themselves are listed under the report's title (reportToMarkdown's flag).
    const v = report.verification;
    notices.push({
      kind: "critic-unverified",
      label: "Unverified",
      text:
        `The critic's checks still failed after ${plural(v.attempts, "review", "reviews")} ` +
        `(${plural(v.failedChecks.length, "failed check", "failed checks")}, listed under the report's title).`,
    });
  }
  if (report.failedModelDraft) {
    const n = report.failedModelDraft.verification?.attempts ?? 0;
    notices.push({
      kind: "model-draft-replaced",
      label: "Extractive report",
      text:
        `The model's report still failed the critic's checks after ${plural(n, "draft", "drafts")}, so the ` +
        `report below was written from the same evidence without a language model; the model's last draft is at ` +
        `the end, collapsed.`,
    });
  }
  const a = input.lastAssessment;
  if (a && !a.assessment.sufficient) {
    notices.push({
      kind: "not-sufficient",
      label: "Insufficient evidence",
      text:
        `The judge did not find the evidence sufficient (mechanism ${a.assessment.mechanismScore}/10, clinical ` +
        `${a.assessment.clinicalScore}/10)` +
        `${a.forced ? "; the report was written because the iteration cap was reached" : ""}. Treat its ` +
        `conclusions with caution.`,
    });
  }
  if (report.removedReferences > 0) {
    notices.push({
      kind: "removed-references",
      label: "References removed",
      text:
        `Citation validation removed ${plural(report.removedReferences, "reference", "references")} that did not ` +
        `match any collected evidence; the statements that cited them are unverified.`,
    });
  }
  if ((report.removedMarkers ?? 0) > 0) {
    notices.push({
      kind: "removed-markers",
      label: "Markers removed",
      text:
        `${plural(report.removedMarkers!, "citation marker pointed", "citation markers pointed")} to no ` +
        `collected record and ${report.removedMarkers === 1 ? "was" : "were"} removed.`,
    });
  }
  if ((report.removedQuotes ?? 0) > 0) {
    notices.push({
      kind: "removed-quotes",
      label: "Quotations removed",
      text:
        `${plural(report.removedQuotes!, "quoted passage was", "quoted passages were")} removed because no cited ` +
        `source contains ${report.removedQuotes === 1 ? "it" : "them"}.`,
    });
  }
  if ((report.removedIdentifiers ?? 0) > 0) {
    notices.push({
      kind: "not-retrieved-identifiers",
      label: "Identifiers not retrieved",
      text:
        `${plural(report.removedIdentifiers!, "URL, DOI, PMID or NCT ID", "URLs, DOIs, PMIDs or NCT IDs")} in ` +
        `the text named no retrieved record; ${report.removedIdentifiers === 1 ? "it is" : "they are"} shown as ` +
        `plain text marked “not retrieved”.`,
    });
  }
  // A report that says the evidence does not answer the question cites nothing by design: no warning for it.
  if ((report.droppedIdentifiers ?? 0) > 0) {
    notices.push({
      kind: "dropped-identifiers",
      label: "Identifiers removed",
      text:
        `${plural(report.droppedIdentifiers!, "URL, DOI, PMID or NCT ID", "URLs, DOIs, PMIDs or NCT IDs")} ` +
        `written by the model named no retrieved record and ${report.droppedIdentifiers === 1 ? "was" : "were"} ` +
        `removed.`,
    });
  }
  if (report.references.length === 0 && !report.notAnswered && !report.outOfScope) {
    notices.push({
      kind: "no-references",
      label: "No references",
      text: "The report cites no retrieved record, so none of its statements can be checked against a source.",
    });
  }
  const preprints = report.references.filter((r) => input.records.get(r.evidenceId)?.preprint);
  if (preprints.length > 0) {
    notices.push({
      kind: "preprint",
      label: "Preprint",
      text:
        `${preprints.map((r) => `[${r.n}]`).join(", ")} ` +
        `${preprints.length === 1 ? "is a preprint" : "are preprints"}, not peer-reviewed.`,
    });
  }
  return notices;
}

/**
 * Shortfall, "Unverified" and other caution notices, shown prominently above the report; nothing when there are none.
 */
export function ReportNotices(props: ReportNoticeInput) {
  const notices = reportNotices(props);
  if (notices.length === 0) return null;
  return (
    <section
      aria-labelledby="report-notices-heading"
      data-testid="report-notices"
      className="mb-4 rounded-md border border-warning bg-warning-soft px-4 py-3 text-warning"
    >
      <h2 id="report-notices-heading" className="text-sm font-semibold">
        Read with care
      </h2>
      <ul className="mt-1 space-y-1 text-sm">
        {notices.map((n, i) => (
          <li key={i} data-testid="report-notice" data-kind={n.kind}>
            <strong>{n.label}:</strong> {n.text}
          </li>
        ))}
      </ul>
    </section>
  );
}
