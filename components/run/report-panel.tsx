import { useMemo, useState } from "react";
import { Card } from "@/components/ui/card";
import { ReportDocument } from "@/components/run/report-document";
import { EvidenceTable } from "@/components/run/report-evidence-table";
import { HypothesisChains } from "@/components/run/report-hypotheses";
import { PrismaFigure } from "@/components/run/prisma-figure";
import { ReportNotices } from "@/components/run/report-notices";
import { ScoresChart } from "@/components/run/report-scores-chart";
import { BottomLine } from "@/components/run/bottom-line";
import { GradeCertaintyPanel } from "@/components/run/grade-certainty";
import { answerFromRecords } from "@/lib/report/answer";
import type { RecordStance } from "@/lib/reading/stance";
import { researchPrisma, screenedFromReportRecords } from "@/lib/report/prisma";
import { researchPrismaLayout } from "@/lib/report/prisma-layout";
import type { ReportRecord } from "@/lib/report/records";
import type { RunEvent, RunEventPayloads } from "@/lib/domain/events";

function SectionHeading({ id, children }: { id: string; children: string }) {
  return (
    <h2 id={id} className="mb-3 text-lg font-semibold">
      {children}
    </h2>
  );
}

/**
 * The report part of a run page, all drawn from the run's saved events plus its evidence records: the bottom line
 * with its evidence meter and GRADE certainty (computed from the records' stances on `question`), shortfall and
 * "unverified" notices, the report with citation hover cards, the evidence table, the PRISMA 2020 flow diagram of
 * the searches, the final hypotheses as chains, and the judge's scores across iterations.
 */
export function ReportPanel({ events, report, records, question }: { events: RunEvent[]; report: RunEventPayloads["report"]; records: ReportRecord[]; question: string }) {
  const [stance, setStance] = useState<RecordStance | null>(null);
  const answered = useMemo(() => answerFromRecords(question, records, report.report.drugCandidates), [question, records, report.report.drugCandidates]);
  const byId = useMemo(() => new Map(records.map((r) => [r.id, r])), [records]);
  const shortfalls = events.flatMap((e) => (e.type === "shortfall" ? [e.data] : []));
  const assessments = events.flatMap((e) => (e.type === "assessment" ? [e.data] : []));
  const hypotheses = events.findLast((e) => e.type === "hypotheses")?.data ?? null;
  const { references } = report.report;
  const prisma = useMemo(() => researchPrismaLayout(researchPrisma({ events, records: screenedFromReportRecords(records), report: report.report })), [events, records, report.report]);
  return (
    <>
      <Card label="Report">
        {records.length > 0 && (
          <>
            <BottomLine
              answer={answered.answer}
              selected={stance}
              onSelect={(s) => {
                setStance(s);
                if (s) document.getElementById("evidence-heading")?.scrollIntoView({ block: "start" });
              }}
            />
            <GradeCertaintyPanel certainty={answered.certainty} records={byId} />
          </>
        )}
        <ReportNotices
          shortfalls={shortfalls}
          lastAssessment={assessments.at(-1) ?? null}
          report={report.report}
          records={byId}
        />
        <ReportDocument markdown={report.markdown} references={references} records={records} />
      </Card>
      {records.length > 0 && (
        <section aria-labelledby="evidence-heading" className="rounded-lg border border-border bg-card p-4 print-break">
          <SectionHeading id="evidence-heading">Evidence</SectionHeading>
          <EvidenceTable records={records} stance={stance} onStanceChange={setStance} />
        </section>
      )}
      <section aria-labelledby="prisma-heading" className="rounded-lg border border-border bg-card p-4 print-break">
        <SectionHeading id="prisma-heading">How the evidence was found</SectionHeading>
        <PrismaFigure
          layout={prisma}
          caption="PRISMA 2020 flow diagram (Page et al., BMJ 2021;372:n71) of this run's searches, counted from its saved events."
        />
      </section>
      {hypotheses && (
        <section aria-labelledby="hypotheses-heading" className="rounded-lg border border-border bg-card p-4">
          <SectionHeading id="hypotheses-heading">{`Hypotheses (iteration ${hypotheses.iteration})`}</SectionHeading>
          <HypothesisChains assessment={hypotheses.assessment} records={byId} />
        </section>
      )}
      {assessments.length > 0 && (
        <section aria-labelledby="scores-heading" className="rounded-lg border border-border bg-card p-4">
          <SectionHeading id="scores-heading">Judge&apos;s scores</SectionHeading>
          <ScoresChart assessments={assessments} />
        </section>
      )}
    </>
  );
}
