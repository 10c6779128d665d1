"use client";

import { useActionState, useMemo, type ComponentProps, type KeyboardEvent, type ReactNode } from "react";
import { startRunAction, type StartRunState } from "@/app/_server/start-actions";
import { LimitedTextarea } from "./limited-textarea";
import { Button } from "@/components/ui/button";

/**
 * The state, action and pending flag of a mode's form (useActionState): each submission starts a run of the mode
 * named `mode` from the form's fields (startRunAction); a failed one keeps what was typed and says why.
 */
export function useStartRun(mode: string) {
  const action = useMemo(() => startRunAction.bind(null, mode), [mode]);
  return useActionState<StartRunState, FormData>(action, { error: null, values: {}, sources: null });
}

/** Ctrl+Enter (⌘+Enter) in a form's text box submits the form. */
function submitOnModEnter(e: KeyboardEvent<HTMLTextAreaElement>) {
  if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) e.currentTarget.form?.requestSubmit();
}

/**
 * A mode's form's text box, required, under its `label`: the text with its limit (LimitedTextarea); Ctrl+Enter
 * (⌘+Enter) submits the form.
 */
export function RunTextField({ label, ...textarea }: { label: string } & ComponentProps<typeof LimitedTextarea>) {
  return (
    <>
      <label htmlFor={textarea.id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <LimitedTextarea
        required
        className={
          "w-full rounded-md border border-border bg-background px-3 py-2 text-base focus-visible:outline-2 " +
          "focus-visible:outline-accent"
        }
        onKeyDown={submitOnModEnter}
        {...textarea}
      />
    </>
  );
}

/** The last row of a mode's form: its own controls, the submit button ("Starting…" while pending), and the error. */
export function SubmitRow({
  label,
  pending,
  disabled,
  error,
  children,
}: {
  label: string;
  pending: boolean;
  disabled: boolean;
  error: string | null;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center gap-4">
      {children}
      <Button type="submit" disabled={pending || disabled}>
        {pending ? "Starting…" : label}
      </Button>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
