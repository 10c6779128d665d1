import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import type { ModeVersionProps, ModeVersionView } from "@/components/modes/presentation";
import { ChangeSummaryView } from "@/components/watch/change-summary";
import { claimCheckDescription } from "@/lib/claims/description";

/**
 * A version of a watched claim check: v1 is the run itself (its page); a later one is the claim check its watch ran
 * again, shown as its change summary (each claim's verdict before → after, new records with their stance, standing
 * changes) with a link to that run's full results. 404 for a version no check made.
 */
export function ClaimCheckVersion({ run, n, checks }: ModeVersionProps) {
  if (n === 1) redirect(`/reports/${run.id}`);
  const summary = checks.find((c) => c.reportVersion === n)?.summary;
  if (!summary) notFound();
  const question = run.question;
  return (
    <div className="min-w-0 space-y-4" data-testid="report-version-page">
      <nav aria-label="Report versions" className="text-sm">
        <Link href={`/reports/${run.id}`} className="text-accent underline">
          ← The claim check
        </Link>
      </nav>
      <h1 className="break-words text-2xl font-semibold tracking-tight">
        Claim check v{n}: {question.length > 200 ? `${question.slice(0, 199)}…` : question}
      </h1>
      <ChangeSummaryView summary={summary} />
      {summary.runId && (
        <p>
          <Link href={`/reports/${summary.runId}`} className="text-accent underline">
            The claim check of v{n}, with its verdicts, counter-reports and evidence
          </Link>
        </p>
      )}
    </div>
  );
}

/** Its version page (components/modes/versions.ts). */
export const claimCheckVersionView: ModeVersionView = { mode: claimCheckDescription, Version: ClaimCheckVersion };
