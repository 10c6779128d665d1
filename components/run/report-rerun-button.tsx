"use client";

import { rerunReport } from "@/app/_server/report-actions";
import { BusyButton } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { useServerAction } from "@/components/ui/use-server-action";

/**
 * "Re-run" starts a new run of the same question with the same sources and iteration cap, then opens it.
 * `question`, when given, names the run in the button's accessible name (for lists of runs).
 */
export function RerunButton({ runId, question }: { runId: string; question?: string }) {
  const { pending, error, run } = useServerAction();
  return (
    <span className="inline-flex items-center gap-2">
      <BusyButton
        variant="secondary"
        pending={pending}
        busyLabel="Starting…"
        aria-label={question ? `Re-run “${question}”` : undefined}
        data-testid="rerun-button"
        onClick={() => run(() => rerunReport(runId))}
      >
        Re-run
      </BusyButton>
      <ErrorAlert error={error} />
    </span>
  );
}
