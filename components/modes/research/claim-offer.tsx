"use client";

import { useStartRun } from "@/components/forms/start-run-form";
import { Button } from "@/components/ui/button";
import { claimCheckDescription } from "@/lib/claims/description";
import type { SourceId } from "@/lib/domain/evidence";

/**
 * Offered under the research form when what was typed reads as a claim ("Amiodarone causes hypothyroidism."): a
 * claim check weighs a claim for and against, where research answers a question. Starts the claim check of the same
 * text on the same sources.
 */
export function ClaimOffer({ text, sources }: { text: string; sources: SourceId[] }) {
  const [state, action, pending] = useStartRun(claimCheckDescription.name);
  return (
    <form action={action} data-testid="claim-offer" className="mt-3 rounded-md bg-muted px-3 py-2 text-sm">
      <input type="hidden" name="text" value={text} />
      {sources.map((s) => (
        <input key={s} type="hidden" name="sources" value={s} />
      ))}
      <p className="flex flex-wrap items-center gap-2">
        <span>This reads as a claim rather than a question: a claim check weighs it for and against.</span>
        <Button type="submit" disabled={pending}>
          {pending ? "Starting…" : "Check it as a claim"}
        </Button>
      </p>
      {state.error && (
        <p role="alert" className="mt-1 text-danger">
          {state.error}
        </p>
      )}
    </form>
  );
}
