"use client";

import { useActionState } from "react";
import { inviteUserAction, type InviteState } from "@/app/_server/account-actions";
import { BusyButton } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";

const INITIAL: InviteState = { name: "", email: "", created: null, error: null };
const INPUT =
  "rounded-md border border-border bg-background px-3 py-1.5 focus-visible:outline-2 focus-visible:outline-accent";

/** The administrators' form that adds an account (name, e-mail, first password) and says whom it created. */
export function InviteForm({ minPasswordLength }: { minPasswordLength: number }) {
  const [state, action, pending] = useActionState(inviteUserAction, INITIAL);
  return (
    <form action={action} className="flex flex-wrap items-end gap-2" data-testid="invite-form">
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium">Name</span>
        <input name="name" required maxLength={100} defaultValue={state.name} className={INPUT} />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium">E-mail</span>
        <input name="email" type="email" required defaultValue={state.email} className={INPUT} />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium">First password</span>
        <input
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={minPasswordLength}
          className={INPUT}
        />
      </label>
      <BusyButton type="submit" pending={pending} busyLabel="Adding…">
        Add account
      </BusyButton>
      <ErrorAlert error={state.error} as="p" className="w-full text-sm" />
      {state.created && (
        <p role="status" className="w-full text-sm text-success">
          Account {state.created} created: give them the first password; they sign in at /sign-in.
        </p>
      )}
    </form>
  );
}
