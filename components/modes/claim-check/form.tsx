"use client";

import { useState } from "react";
import { RunTextField, SubmitRow, useStartRun } from "@/components/forms/start-run-form";
import type { ModeFormProps } from "@/components/modes/presentation";
import { claimCheckDescription } from "@/lib/claims/description";
import { MAX_CLAIM_TEXT_LENGTH } from "@/lib/domain/run-input";
import { SourceCheckboxes } from "@/components/forms/source-checkboxes";

/**
 * The "Check a claim" form: a pasted claim or a whole abstract, and the sources to search for counter-evidence;
 * each submission starts a claim check. A failed submission keeps the text and shows why.
 */
export function ClaimForm({ defaultSources, libraryCount }: ModeFormProps) {
  const [state, action, pending] = useStartRun(claimCheckDescription.name);
  const [overLimit, setOverLimit] = useState(false);
  return (
    <form action={action} className="space-y-4" data-testid="claim-form">
      <div>
        <RunTextField
          label="Claim or abstract"
          limit={MAX_CLAIM_TEXT_LENGTH}
          what="text"
          onOverLimit={setOverLimit}
          id="claim-text"
          name="text"
          rows={6}
          defaultValue={state.values.text ?? ""}
          aria-describedby="claim-text-help"
          placeholder="Doxorubicin has no effect on the heart."
        />
        <p id="claim-text-help" className="mt-1 text-sm text-muted-foreground">
          Paste one claim or a whole abstract. Up to three checkable claims are taken from it; for each, Critica writes
          the counter-statement, searches for evidence that supports it, and gives a verdict on the claim.
        </p>
      </div>
      <SourceCheckboxes defaultSources={defaultSources} libraryCount={libraryCount} checked={state.sources} />
      <SubmitRow label="Check claim" pending={pending} disabled={overLimit} error={state.error} />
    </form>
  );
}
