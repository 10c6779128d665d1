import { CompactTimeline } from "./compact-timeline";
import { HypothesisChains } from "./report-hypotheses";
import { FlowDiagramFigure } from "./flow-diagram-figure";
import { ScoresChart } from "./report-scores-chart";
import type { RunEvent, RunEventPayloads } from "@/lib/domain/events";
import type { ResearchReport } from "@/lib/domain/report";
import { mergeRepeatedLines } from "@/lib/report/render/merge-lines";
import { plainWords } from "@/lib/report/render/plain-words";
import type { FlowDiagramLayout } from "@/lib/report/render/flow-diagram-layout";
import type { ReportRecord } from "@/lib/report/appraise/records";
import { Term } from "@/components/ui/term";

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "a, b and c". */
function andList(parts: string[]): string {
  return parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

/**
 * What the critic checked, in words a reader can weigh: the checks it ran and passed, and what it did not check
 * ("whether each cited source supports its sentence" when no entailment check ran), from its last verdict.
 */
export function verificationLabel(critic: RunEventPayloads["critic"] | undefined, report: ResearchReport): string {
  if (!critic)
    return report.verification?.status === "verified"
      ? "Passed the critic's checks."
      : "The critic did not check this report.";
  // The critic's last verdict was on the model's draft, which was replaced by the extractive report of the same
  // evidence.
  if (critic.outcome === "replaced") {
    const own =
      report.verification?.status === "verified"
        ? "This extractive report passed the critic's deterministic checks"
        : "This extractive report did not pass all of the critic's deterministic checks";
    return (
      `The model's last draft failed the critic's checks (draft ${critic.attempt} of ${critic.maxAttempts}) and ` +
      `was not published. ${own}; no model wrote its text.`
    );
  }
  const passed = critic.checks.filter((c) => c.passed).map((c) => c.label.charAt(0).toLowerCase() + c.label.slice(1));
  const failed = critic.checks.filter((c) => !c.passed).map((c) => c.label.charAt(0).toLowerCase() + c.label.slice(1));
  const entailment =
    critic.entailment === null
      ? "Not checked: whether each cited source supports its sentence."
      : `Whether the cited sources support their sentences: checked for ` +
        `${plural(critic.entailment.claimsChecked, "sentence", "sentences")}, ` +
        `${critic.entailment.verdict === "PASS" ? "passed" : "failed"}.`;
  const head =
    `Checked by the critic (draft ${critic.attempt} of ${critic.maxAttempts}): ` +
    `${passed.length > 0 ? `${andList(passed)}` : "no check passed"}.`;
  return [head, failed.length > 0 ? `Failed: ${andList(failed)}.` : "", entailment].filter(Boolean).join(" ");
}

/**
 * "How this report was made", collapsed under the report: the question as the agents read it, the methods in plain
 * words, the PRISMA 2020 diagram of the searches, the hypotheses tested as chains, the judge's scores, the iterations
 * in short (CompactTimeline) and what the critic checked; all of this version's.
 */
export function ReportMethod({
  events,
  report,
  records,
  flowDiagram,
  maxIterations,
}: {
  events: RunEvent[];
  report: ResearchReport;
  records: ReportRecord[];
  flowDiagram: FlowDiagramLayout;
  maxIterations: number;
}) {
  const byId = new Map(records.map((r) => [r.id, r]));
  const hypotheses = events.findLast((e) => e.type === "hypotheses")?.data ?? null;
  const assessments = events.flatMap((e) => (e.type === "assessment" ? [e.data] : []));
  const critic = events.findLast((e) => e.type === "critic")?.data;
  const methods = mergeRepeatedLines(
    report.methodology.content.split("\n").map((l) => plainWords(l.replace(/^\s*[-*•]\s+/, ""))),
  );
  return (
    <details className="report-section" data-testid="report-method">
      <summary>
        <h2>How this report was made</h2>
        <span className="report-section-count">methods, searches, hypotheses, scores, checks</span>
      </summary>
      <div className="space-y-4 pb-2 text-sm">
        <section>
          <h3 className="mb-1 font-semibold">Question read</h3>
          <p data-testid="question-read">{report.researchQuestion}</p>
        </section>
        <section>
          <h3 className="mb-1 font-semibold">Methods</h3>
          <ul className="list-disc space-y-1 pl-5" data-testid="report-methods">
            {methods.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="prisma-heading">
          <h3 id="prisma-heading" className="mb-1 font-semibold">
            How the evidence was found
          </h3>
          <FlowDiagramFigure
            layout={flowDiagram}
            caption={
              <>
                <Term term="PRISMA">PRISMA 2020</Term> flow diagram (Page et al., BMJ 2021;372:n71) of this
                version&apos;s searches, counted from its saved events.
              </>
            }
          />
        </section>
        <section aria-labelledby="hypotheses-heading">
          <h3 id="hypotheses-heading" className="mb-1 font-semibold">
            {hypotheses ? `Hypotheses (iteration ${hypotheses.iteration})` : "Hypotheses"}
          </h3>
          {hypotheses ? (
            <HypothesisChains assessment={hypotheses.assessment} records={byId} />
          ) : (
            <p>No hypothesis could be formed from the evidence.</p>
          )}
        </section>
        {assessments.length > 0 && (
          <section aria-labelledby="scores-heading">
            <h3 id="scores-heading" className="mb-1 font-semibold">
              <Term term="judge">Judge</Term>&apos;s scores
            </h3>
            <ScoresChart assessments={assessments} />
          </section>
        )}
        <section className="no-print">
          <h3 className="mb-1 font-semibold">Steps</h3>
          <CompactTimeline events={events} maxIterations={maxIterations} />
        </section>
        <section>
          <h3 className="mb-1 font-semibold">Checks</h3>
          <p data-testid="verification-label">{verificationLabel(critic, report)}</p>
          <p className="mt-1 text-muted-foreground" data-testid="report-footer">
            Written from {plural(report.totalPapersReviewed, "record", "records")} over{" "}
            {plural(report.searchIterations, "search iteration", "search iterations")}; the judge&apos;s confidence{" "}
            {Math.round(report.confidenceScore * 100)}%.
            {report.removedReferences > 0 &&
              ` ${plural(report.removedReferences, "reference", "references")} removed by citation validation.`}
          </p>
        </section>
      </div>
    </details>
  );
}
