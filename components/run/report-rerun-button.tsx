"use client";

import { useState, useTransition } from "react";
import { rerunReport } from "@/app/_server/report-actions";
import { Button } from "@/components/ui/button";

/**
 * "Re-run" starts a new run of the same question with the same sources and iteration cap, then opens it.
 * `question`, when given, names the run in the button's accessible name (for lists of runs).
 */
export function RerunButton({ runId, question }: { runId: string; question?: string }) {
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  return (
    <span className="inline-flex items-center gap-2">
      <Button
        variant="secondary"
        disabled={pending}
        aria-label={question ? `Re-run “${question}”` : undefined}
        data-testid="rerun-button"
        onClick={() =>
          start(async () => {
            setError(null);
            const result = await rerunReport(runId);
            if (result?.error) setError(result.error);
          })
        }
      >
        {pending ? "Starting…" : "Re-run"}
      </Button>
      {error && (
        <span role="alert" className="text-sm text-danger">
          {error}
        </span>
      )}
    </span>
  );
}
