"use client";

import { useStartRun } from "@/components/forms/start-run-form";
import { BusyButton } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";

/**
 * A research question asked of the caller's papers only: the research mode's form action (useStartRun) with the one
 * source "papers".
 */
export function AskPapersForm() {
  const [state, action, pending] = useStartRun("research");
  return (
    <form action={action} className="flex flex-wrap items-end gap-2" data-testid="papers-ask">
      <input type="hidden" name="sources" value="papers" />
      <label className="min-w-0 flex-1 text-sm">
        <span className="mb-1 block font-medium">Research your papers</span>
        <input
          name="question"
          required
          defaultValue={state.values.question ?? ""}
          placeholder="What doses were used?"
          className="w-full rounded-md border border-border bg-card px-3 py-1.5"
        />
      </label>
      <BusyButton type="submit" pending={pending} busyLabel="Starting…">
        Ask
      </BusyButton>
      <ErrorAlert error={state.error} as="p" className="w-full text-sm" />
    </form>
  );
}
