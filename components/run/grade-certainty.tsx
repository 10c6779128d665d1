import { Badge } from "@/components/ui/badge";
import { Term } from "@/components/ui/term";
import { gradeLabel } from "@/lib/report/render/answer-markdown";
import type { GradeCertainty as GradeData, GradeLevel } from "@/lib/report/appraise/grade";
import type { ReportRecord } from "@/lib/report/appraise/records";

const LEVEL_TONES: Record<GradeLevel, "success" | "accent" | "warning" | "danger"> = {
  high: "success",
  moderate: "accent",
  low: "warning",
  "very low": "danger",
};

function RecordLink({ record, id }: { record: ReportRecord | undefined; id: string }) {
  if (!record) return <span>{id}</span>;
  const label =
    record.referenceNumber !== null
      ? `[${record.referenceNumber}]`
      : record.pmid
        ? `PMID ${record.pmid}`
        : (record.nctId ?? record.id);
  return (
    <a
      href={record.url}
      target="_blank"
      rel="noreferrer noopener"
      title={record.title}
      className="underline hover:no-underline"
    >
      {label}
    </a>
  );
}

/**
 * The GRADE certainty of the bottom line (Schünemann et al., GRADE Handbook, 2013): its level, where it started and
 * why, and each domain's judgement; a rating-down reason lists the records behind it (their [n] reference, else
 * PMID or NCT ID, linked to the record). Collapsed to its level; the reasons open on demand.
 */
export function GradeCertaintyPanel({
  certainty,
  records,
}: {
  certainty: GradeData;
  records: Map<string, ReportRecord>;
}) {
  return (
    <details className="mb-4 rounded-md border border-border bg-background px-3 py-2" data-testid="grade-certainty">
      <summary className="cursor-pointer" data-testid="grade-summary">
        <h2 id="grade-heading" className="inline text-base font-semibold">
          Certainty of evidence (GRADE)
        </h2>{" "}
        {/* The level and "why" wrap together, so a phone shows the heading on one line and both on the next. */}
        <span className="inline-flex items-center gap-2 whitespace-nowrap align-middle">
          <Badge tone={LEVEL_TONES[certainty.level]} testId="grade-level">
            {gradeLabel(certainty.level)}
          </Badge>
          <span className="text-sm text-muted-foreground" data-testid="grade-why">
            why
          </span>
        </span>
      </summary>
      <p className="mt-2 text-sm">
        <Term term="GRADE">What GRADE means</Term>
      </p>
      <p className="mb-2 mt-2 text-sm" data-testid="grade-start">
        {certainty.startReason}
      </p>
      <ul className="space-y-1 text-sm">
        {certainty.judgements.map((j) => (
          <li key={j.domain} data-testid="grade-judgement" data-down={j.down ? "true" : "false"}>
            <span className="font-medium">{gradeLabel(j.domain)}</span>
            {j.down && <span className="font-medium text-danger"> (rated down)</span>}
            {`: ${j.reason}`}
            {j.evidenceIds.length > 0 && (
              <span className="text-muted-foreground">
                {" Records: "}
                {j.evidenceIds.map((id, i) => (
                  <span key={id}>
                    {i > 0 && ", "}
                    <RecordLink record={records.get(id)} id={id} />
                  </span>
                ))}
                .
              </span>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}
