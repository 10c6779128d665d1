"use client";

import { useActionState, useState } from "react";
import { LimitedTextarea } from "@/components/forms/limited-textarea";
import { startClaimCheckAction, type StartClaimCheckState } from "@/app/_server/claim-actions";
import { Button } from "@/components/ui/button";
import type { SourceId } from "@/lib/domain/evidence";
import { MAX_CLAIM_TEXT_LENGTH } from "@/lib/domain/run-input";
import { SourceCheckboxes } from "@/components/forms/source-checkboxes";

/**
 * The "Check a claim" form: a pasted claim or a whole abstract, and the sources to search for counter-evidence;
 * submits to the startClaimCheckAction server action. A failed submission keeps the text and shows why.
 */
export function ClaimForm({ defaultSources, libraryCount }: { defaultSources: SourceId[]; libraryCount: number }) {
  const [state, action, pending] = useActionState<StartClaimCheckState, FormData>(startClaimCheckAction, {
    error: null,
    text: "",
    sources: null,
  });
  const [overLimit, setOverLimit] = useState(false);
  return (
    <form action={action} className="space-y-4" data-testid="claim-form">
      <div>
        <label htmlFor="claim-text" className="mb-1 block text-sm font-medium">
          Claim or abstract
        </label>
        <LimitedTextarea
          limit={MAX_CLAIM_TEXT_LENGTH}
          what="text"
          onOverLimit={setOverLimit}
          id="claim-text"
          name="text"
          required
          rows={6}
          defaultValue={state.text}
          aria-describedby="claim-text-help"
          placeholder="Doxorubicin has no effect on the heart."
          className="w-full rounded-md border border-border bg-background px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-accent"
          onKeyDown={(e) => {
            if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) e.currentTarget.form?.requestSubmit();
          }}
        />
        <p id="claim-text-help" className="mt-1 text-sm text-muted-foreground">
          Paste one claim or a whole abstract. Up to three checkable claims are taken from it; for each, Critica writes
          the counter-statement, searches for evidence that supports it, and gives a verdict on the claim.
        </p>
      </div>
      <SourceCheckboxes defaultSources={defaultSources} libraryCount={libraryCount} checked={state.sources} />
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" disabled={pending || overLimit}>
          {pending ? "Starting…" : "Check claim"}
        </Button>
        {state.error && (
          <p role="alert" className="text-sm text-danger">
            {state.error}
          </p>
        )}
      </div>
    </form>
  );
}
