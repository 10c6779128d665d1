import type { ReactNode } from "react";
import { ReportMarkdown } from "./report-document";
import { ReportReferences } from "./report-references";
import type { ResearchReport } from "@/lib/domain/report";
import { readingProse } from "@/lib/report/render/quoted-prose";
import type { ReportRecord } from "@/lib/report/appraise/records";

/** A collapsed section of the report: its heading (with a count) as the summary, its content on demand. */
export function ReportSection({
  title,
  count,
  children,
  testId,
}: {
  title: string;
  count?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <details className="report-section" data-testid={testId}>
      <summary>
        <h2>{title}</h2>
        {count && <span className="report-section-count">{count}</span>}
      </summary>
      <div className="pb-2">{children}</div>
    </details>
  );
}

function quotes(n: number): string {
  return n === 0 ? "" : `${n} ${n === 1 ? "quotation" : "quotations"}`;
}

/**
 * A report version as the reader reads it: its title (with the failed checks under it when the critic's checks still
 * failed), the executive summary, then each section collapsed
 * (mechanistic and clinical findings, conclusion, limitations, references). Report prose is shown in Critica's own
 * words with every sentence an abstract holds as written set as a quotation with its source
 * (lib/report/render/quoted-prose),
 * repeated lines merged and internal names in plain words; every [n] opens the citation card.
 */
export function ReportReading({ report, records }: { report: ResearchReport; records: ReportRecord[] }) {
  const texts = new Map(records.map((r) => [r.id, `${r.title} ${r.abstract}`]));
  const read = (prose: string) => readingProse(prose, report.references, texts);
  const md = (markdown: string) => (
    <ReportMarkdown
      markdown={markdown}
      references={report.references}
      records={records}
      support={report.support}
      passages={report.passages}
    />
  );
  const mechanistic = read(report.mechanisticFindings.content);
  const clinical = read(report.clinicalFindings.content);
  const count = (markdown: string) => quotes((markdown.match(/^> “/gm) ?? []).length);
  // A question outside the biomedical literature: its one paragraph is the whole answer.
  if (report.outOfScope)
    return (
      <article data-testid="report" className="prose-report">
        <h1>{report.title}</h1>
        <p data-testid="out-of-scope">{report.executiveSummary}</p>
      </article>
    );
  return (
    <article data-testid="report" className="prose-report">
      <h1>{report.title}</h1>
      {report.verification?.status === "unverified" && (
        <blockquote data-testid="unverified-flag">
          <p>
            <strong>Unverified report.</strong> The critic&apos;s checks still failed after{" "}
            {report.verification.attempts} {report.verification.attempts === 1 ? "draft" : "drafts"}; read the findings
            with care. Failed checks:
          </p>
          <ul>
            {report.verification.failedChecks.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </blockquote>
      )}
      {report.failedModelDraft && (
        <p data-testid="extractive-replacement">
          <strong>Extractive report.</strong> The model&apos;s report still failed the critic&apos;s checks after{" "}
          {report.failedModelDraft.verification?.attempts ?? 0}{" "}
          {report.failedModelDraft.verification?.attempts === 1 ? "draft" : "drafts"}, so this report was written from
          the same evidence without a language model.
        </p>
      )}
      {report.notAnswered && (
        <p data-testid="not-answered">
          <em>
            The evidence retrieved does not answer this question. The report says what was searched and what evidence is
            missing.
          </em>
        </p>
      )}
      <h2>Executive summary</h2>
      {md(read(report.executiveSummary))}
      <ReportSection
        title={report.mechanisticFindings.title || "Mechanistic findings"}
        count={count(mechanistic)}
        testId="section-mechanistic"
      >
        {md(mechanistic)}
      </ReportSection>
      <ReportSection
        title={report.clinicalFindings.title || "Clinical findings"}
        count={count(clinical)}
        testId="section-clinical"
      >
        {md(clinical)}
      </ReportSection>
      <ReportSection title="Conclusion" testId="section-conclusion">
        {md(read(report.conclusion))}
      </ReportSection>
      {report.limitations.length > 0 && (
        <ReportSection title="Limitations" count={`${report.limitations.length}`} testId="section-limitations">
          {md(read(report.limitations.map((l) => `- ${l}`).join("\n")))}
        </ReportSection>
      )}
      <ReportSection title="References" count={`${report.references.length}`} testId="section-references">
        {report.references.length === 0 ? (
          <p>No references.</p>
        ) : (
          <ReportReferences references={report.references} records={records} />
        )}
      </ReportSection>
      {report.drugCandidates.length > 0 && (
        <p className="report-candidates">
          <strong>Drug candidates:</strong> {report.drugCandidates.join(", ")}
        </p>
      )}
      {report.failedModelDraft && (
        <details className="report-section" data-testid="failed-model-draft">
          <summary>
            <h2>The model&apos;s draft</h2>
            <span className="report-section-count">failed the critic&apos;s checks, not published</span>
          </summary>
          <div className="pb-2">
            <ReportReading report={report.failedModelDraft} records={records} />
          </div>
        </details>
      )}
    </article>
  );
}
