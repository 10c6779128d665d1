import { Card } from "@/components/ui/card";
import { ClaimReadingLine, SideHeading, SupportingEvidence } from "./claim-sides";
import { CounterEvidence } from "./counter-evidence";
import { CounterReportText } from "./counter-report-text";
import { SearchStatsTable } from "./search-stats-table";
import { VerdictBadge } from "./verdict-badge";
import { claimProgress, type ClaimProgress } from "@/lib/claims/progress";
import type { DocumentRelation, SideDocument } from "@/lib/domain/claim-check";
import type { RunEvent } from "@/lib/domain/events";
import { plainWords } from "@/lib/report/render/plain-words";

/** What a claim is waiting for while the check runs. */
function pendingStep(c: ClaimProgress): string {
  if (!c.counter) return "Writing the counter-statement…";
  if (!c.scored) return "Searching by keyword, by similarity and by example abstracts…";
  if (!c.report) return "Extracting and verifying passages…";
  return "Weighing the evidence…";
}

/** The relation read in each document of a side, by evidence id (documents without one left out). */
function relationsOf(documents: SideDocument[] | undefined): Map<string, DocumentRelation> {
  return new Map((documents ?? []).flatMap((d) => (d.relation ? [[d.evidenceId, d.relation] as const] : [])));
}

/**
 * One claim: the claim, its counter-statement and polarity reading, the verdict on the claim, the counter-report,
 * the documents against the claim (the report's citations) and in line with it, each with its verified passage,
 * and statistics.
 */
function ClaimCard({ c, running }: { c: ClaimProgress; running: boolean }) {
  const idPrefix = `claim-${c.n}`;
  const result = c.verdict?.result;
  return (
    <Card as="article" testId="claim-card" label={`Claim ${c.n}`} className="space-y-3">
      <header className="space-y-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 className="max-w-3xl text-lg font-semibold leading-snug">
            <span className="text-muted-foreground">Claim {c.n}: </span>
            <span data-testid="claim-text">{c.claim}</span>
          </h2>
          {result && <VerdictBadge verdict={result.verdict} confidence={result.confidence} />}
        </div>
        {c.counter && (
          <p className="text-sm">
            <span className="font-medium">Counter-statement: </span>
            <span data-testid="counter-statement">{c.counter.counterStatement}</span>
          </p>
        )}
        {result?.reading && <ClaimReadingLine reading={result.reading} />}
        {c.counter && c.counter.keywords.length > 0 && (
          <p className="text-sm text-muted-foreground" data-testid="claim-keywords">
            Keywords: {c.counter.keywords.join(", ")}
          </p>
        )}
      </header>
      {result ? (
        <p data-testid="verdict-rationale" className="rounded-md bg-muted px-3 py-2 text-sm">
          {plainWords(result.rationale)}
        </p>
      ) : (
        running && (
          <p className="text-sm text-muted-foreground" role="status">
            {pendingStep(c)}
          </p>
        )
      )}
      {c.report && (
        <section aria-label={`Claim ${c.n}: counter-report`} className="space-y-3">
          <h3 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">Counter-report</h3>
          <CounterReportText text={c.report.report} idPrefix={idPrefix} citations={c.report.citations.length} />
          {result?.sides ? (
            <SideHeading label="Against the claim" side={result.sides.contradicts} testId="side-contradicts" />
          ) : (
            <h3 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">Counter-evidence</h3>
          )}
          <CounterEvidence
            citations={c.report.citations}
            dropped={c.report.dropped}
            idPrefix={idPrefix}
            relations={relationsOf(result?.sides?.contradicts.documents)}
          />
        </section>
      )}
      {result?.sides?.supports && (
        <section aria-label={`Claim ${c.n}: in line with the claim`} className="space-y-3">
          <SideHeading label="In line with the claim" side={result.sides.supports} testId="side-supports" />
          <SupportingEvidence side={result.sides.supports} />
        </section>
      )}
      {result && <SearchStatsTable stats={result.searchStats} metadata={result.metadata} />}
    </Card>
  );
}

/**
 * The results of a claim check (Run.mode "claim-check"), drawn from its saved events so the live page, a reload
 * and a share link show the same: one card per claim with its counter-statement, verdict badge and confidence,
 * rationale, counter-report with linked [n] markers, the verified passages with scores and provenance, and the
 * search statistics; then the documents on each side of the claim with their verified passages (checks saved before
 * claim polarity show the counter-evidence only). While `running`, each card says which step it is at.
 */
export function ClaimCheckResults({ events, running }: { events: RunEvent[]; running: boolean }) {
  const claims = claimProgress(events);
  if (claims.length === 0) return null;
  return (
    <div data-testid="claim-check-results" className="space-y-4">
      {claims.map((c) => (
        <ClaimCard key={c.n} c={c} running={running} />
      ))}
    </div>
  );
}
