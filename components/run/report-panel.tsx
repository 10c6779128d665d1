import { useMemo, useState } from "react";
import { Card } from "@/components/ui/card";
import { ReportMarkdown } from "./report-document";
import { EvidenceTable } from "./report-evidence-table";
import { ReportMethod } from "./report-method";
import { ReportNotices } from "./report-notices";
import { ReportReading } from "./report-reading";
import { ReportVersionBar } from "./report-version-bar";
import { BottomLine } from "./bottom-line";
import { GradeCertaintyPanel } from "./grade-certainty";
import type { VersionDiff } from "@/lib/chat/report-versions";
import { answerFromRecords } from "@/lib/report/appraise/answer-records";
import { openingParagraph } from "@/lib/report/render/opening";
import type { RecordStance } from "@/lib/reading/stance";
import { researchFlow, screenedFromReportRecords } from "@/lib/report/appraise/flow-diagram";
import { researchFlowLayout } from "@/lib/report/render/flow-diagram-layout";
import type { ReportRecord } from "@/lib/report/appraise/records";
import type { RunEvent, RunEventPayloads } from "@/lib/domain/events";

/** Which version of the run's report the panel shows, the run's versions, what changed, and the versions' address. */
export interface ReportVersionInfo {
  current: number;
  versions: Array<{ version: number; createdAt: string }>;
  diff: VersionDiff | null;
  /** A version's address is this + its number ("/reports/<id>?v="). */
  hrefBase: string;
}

/**
 * One version of a run's report, every part drawn from that version (its events, records and report): the version
 * bar ("Report v2 · 25 Nov", the other versions, what changed), the answer first — the bottom line with Critica's
 * opening paragraph on what it rests on, the evidence meter and GRADE certainty (computed from the records' stances
 * on the run's `question`) — the notices, the report to read (quotations set as such, sections collapsed), "How this
 * report was made" (methods, PRISMA, hypotheses, scores, steps, checks; collapsed), and the evidence table with
 * each record's abstract and stance at hand.
 */
export function ReportPanel({
  events,
  report,
  records,
  question,
  maxIterations,
  version,
}: {
  events: RunEvent[];
  report: RunEventPayloads["report"];
  records: ReportRecord[];
  question: string;
  maxIterations: number;
  version?: ReportVersionInfo;
}) {
  const [stance, setStance] = useState<RecordStance | null>(null);
  const notAnswered = report.report.notAnswered !== undefined;
  const outOfScope = report.report.outOfScope?.reason;
  const answered = useMemo(
    () => answerFromRecords(question, records, report.report.drugCandidates, notAnswered, outOfScope),
    [question, records, report.report.drugCandidates, notAnswered, outOfScope],
  );
  // A question outside the biomedical literature is answered in one paragraph: no meter, no records to weigh.
  const shown = outOfScope ? [] : records;
  const byId = useMemo(() => new Map(records.map((r) => [r.id, r])), [records]);
  const shortfalls = events.flatMap((e) => (e.type === "shortfall" ? [e.data] : []));
  const lastAssessment = events.findLast((e) => e.type === "assessment")?.data ?? null;
  const { references } = report.report;
  const flowDiagram = useMemo(
    () =>
      researchFlowLayout(researchFlow({ events, records: screenedFromReportRecords(records), report: report.report })),
    [events, records, report.report],
  );
  return (
    <>
      <Card label="Report" className="scroll-mt-20" testId="report-card">
        <div id="report" className="scroll-mt-20" />
        {version && (
          <ReportVersionBar
            current={version.current}
            versions={version.versions}
            diff={version.diff}
            hrefBase={version.hrefBase}
          />
        )}
        {shown.length > 0 && (
          <>
            <BottomLine
              answer={answered.answer}
              selected={stance}
              onSelect={(s) => {
                setStance(s);
                if (s) document.getElementById("evidence-heading")?.scrollIntoView({ block: "start" });
              }}
            >
              <div className="prose-report prose-compact mb-3 text-sm" data-testid="answer-opening">
                <ReportMarkdown
                  markdown={openingParagraph(answered, records, report.report)}
                  references={references}
                  records={records}
                />
              </div>
            </BottomLine>
            <GradeCertaintyPanel certainty={answered.certainty} records={byId} />
          </>
        )}
        <ReportNotices shortfalls={shortfalls} lastAssessment={lastAssessment} report={report.report} records={byId} />
        <ReportReading report={report.report} records={records} />
        <ReportMethod
          events={events}
          report={report.report}
          records={records}
          flowDiagram={flowDiagram}
          maxIterations={maxIterations}
        />
      </Card>
      {shown.length > 0 && (
        <section aria-labelledby="evidence-heading" className="rounded-lg border border-border bg-card p-4 print-break">
          <h2 id="evidence-heading" className="mb-3 scroll-mt-20 text-lg font-semibold">
            Evidence
          </h2>
          <EvidenceTable records={records} stance={stance} onStanceChange={setStance} />
        </section>
      )}
    </>
  );
}
