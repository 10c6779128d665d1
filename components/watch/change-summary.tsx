import type { ChangeSummary } from "@/lib/domain/watch";
import { Badge } from "@/components/ui/badge";

const STANCE: Record<
  ChangeSummary["newRecords"][number]["stance"],
  { label: string; tone: "success" | "accent" | "danger" | "neutral" }
> = {
  yes: { label: "points yes", tone: "success" },
  possibly: { label: "possibly yes", tone: "accent" },
  no: { label: "points no", tone: "danger" },
  related: { label: "reports a related concept", tone: "neutral" },
  unreported: { label: "names both, does not report it", tone: "neutral" },
  irrelevant: { label: "does not bear on the question", tone: "neutral" },
};

function idOf(r: { pmid: string | null; nctId: string | null; evidenceId: string }): string {
  return r.pmid ? `PMID ${r.pmid}` : (r.nctId ?? r.evidenceId);
}

/**
 * "What changed in the evidence" at the top of a watched run's report version: the headline (bottom line before →
 * after and what moved it), the new records with their stance on the question, the records that were retracted,
 * corrected or superseded (and whether the report dropped them), trials whose status or results changed, the bottom
 * line's sentences before and after, and the references added and removed.
 */
export function ChangeSummaryView({ summary }: { summary: ChangeSummary }) {
  return (
    <section
      aria-label={`What changed from v${summary.fromVersion} to v${summary.toVersion}`}
      className="space-y-2 rounded-md border border-border bg-muted px-3 py-3 text-sm"
      data-testid="change-summary"
    >
      <h2 className="text-base font-semibold" data-testid="change-headline">
        {summary.headline}
      </h2>
      {summary.newRecords.length > 0 && (
        <div>
          <h3 className="font-medium">New records</h3>
          <ul className="list-disc space-y-1 pl-5" data-testid="change-new-records">
            {summary.newRecords.map((r) => (
              <li key={r.evidenceId} className="break-words">
                <span className="font-medium">{idOf(r)}</span> {r.title}{" "}
                <span className="text-muted-foreground">({r.studyType.toLowerCase()})</span>{" "}
                <Badge tone={STANCE[r.stance].tone} testId="change-stance">
                  {STANCE[r.stance].label}
                </Badge>
                {r.cited && <span className="text-muted-foreground"> · cited in this version</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
      {summary.updatedRecords.length > 0 && (
        <div>
          <h3 className="font-medium">Records whose standing changed</h3>
          <ul className="list-disc space-y-1 pl-5" data-testid="change-updated-records">
            {summary.updatedRecords.map((r) => (
              <li key={`${r.evidenceId}-${r.change}`} className="break-words">
                <span className="font-medium">{idOf(r)}</span> {r.title}: {r.detail}
                {r.removedFromReport && <span className="font-medium text-danger"> — removed from the report</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
      {summary.trials.length > 0 && (
        <div>
          <h3 className="font-medium">Trials</h3>
          <ul className="list-disc space-y-1 pl-5" data-testid="change-trials">
            {summary.trials.map((t) => (
              <li key={t.evidenceId} className="break-words">
                <span className="font-medium">{idOf(t)}</span> {t.title}: {t.detail}
              </li>
            ))}
          </ul>
        </div>
      )}
      {summary.claims && (
        <ul className="list-disc space-y-1 pl-5" data-testid="change-claims">
          {summary.claims.map((c, i) => (
            <li key={c.claim} className="break-words">
              Claim {i + 1} “{c.claim}”:{" "}
              {c.before === c.after
                ? `${c.after ?? "none"}, unchanged`
                : `${c.before ?? "none"} → ${c.after ?? "none"}`}
            </li>
          ))}
        </ul>
      )}
      {(summary.bottomLine.before || summary.bottomLine.after) && (
        <p data-testid="change-bottom-line">
          {summary.bottomLine.moved
            ? `Bottom line: ${summary.bottomLine.before?.sentence ?? "none"} → ` +
              `${summary.bottomLine.after?.sentence ?? "none"}`
            : `Bottom line unchanged: ${summary.bottomLine.after?.sentence ?? "none"}`}
        </p>
      )}
      <p className="text-muted-foreground" data-testid="change-references">
        References: {summary.references.added.length} added, {summary.references.removed.length} removed (v
        {summary.fromVersion} → v{summary.toVersion}).
      </p>
    </section>
  );
}
