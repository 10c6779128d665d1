import type { ReportChanges } from "@/lib/domain/chat";

function percent(x: number): string {
  return `${Math.round(x * 100)}%`;
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * The hypotheses whose support changed between two versions, as one list item ("No hypothesis changed its support" when
 * none).
 */
export function HypothesisChanges({ hypotheses, testId }: { hypotheses: ReportChanges["hypotheses"]; testId: string }) {
  const support = (s: { supported: number; contradicted: number } | null) =>
    s ? `${s.supported} supporting, ${s.contradicted} contradicting` : "not tested";
  return (
    <li data-testid={testId}>
      {hypotheses.length === 0
        ? "No hypothesis changed its support"
        : `${plural(hypotheses.length, "hypothesis", "hypotheses")} changed support:`}
      {hypotheses.length > 0 && (
        <ul className="list-[circle] pl-5">
          {hypotheses.map((h) => (
            <li key={h.mechanism}>
              {h.mechanism}: {support(h.before)} → {support(h.after)}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * The "what changed" summary of a report version: new records found, references added and removed,
 * hypotheses whose support changed, and the confidence before and after.
 */
export function ReportChangesSummary({ changes }: { changes: ReportChanges }) {
  return (
    <section
      aria-label={`What changed from v${changes.fromVersion}`}
      className="space-y-1 rounded-md border border-border bg-muted px-3 py-2 text-sm"
      data-testid="report-changes"
    >
      <h3 className="font-semibold">
        What changed from v{changes.fromVersion} to v{changes.toVersion}
      </h3>
      <ul className="list-disc space-y-0.5 pl-5">
        <li data-testid="changes-records">{plural(changes.newRecords, "new record found", "new records found")}</li>
        <li data-testid="changes-references">
          {changes.referencesAdded.length === 0 && changes.referencesRemoved.length === 0
            ? "References unchanged"
            : `${plural(changes.referencesAdded.length, "reference added", "references added")}, ` +
              `${plural(changes.referencesRemoved.length, "removed", "removed")}`}
          {changes.referencesAdded.length + changes.referencesRemoved.length > 0 && (
            <ul className="list-[circle] pl-5">
              {changes.referencesAdded.map((r) => (
                <li key={`+${r.evidenceId}`}>added: {r.title}</li>
              ))}
              {changes.referencesRemoved.map((r) => (
                <li key={`-${r.evidenceId}`}>removed: {r.title}</li>
              ))}
            </ul>
          )}
        </li>
        <HypothesisChanges hypotheses={changes.hypotheses} testId="changes-hypotheses" />
        <li data-testid="changes-confidence">
          Confidence {percent(changes.confidenceBefore)} → {percent(changes.confidenceAfter)}
        </li>
      </ul>
    </section>
  );
}
