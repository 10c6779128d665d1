import { toAppError } from "@/lib/domain/errors";

/*
 * The one result shape of the server actions: the value on success (`{ ok: true }` when there is nothing to
 * return), `{ error }` with a message safe to show otherwise. Form actions (useActionState) return a FormState:
 * the form's echoed fields and `error`, null when there is none.
 */

/** A failed action: a message safe to show to the user. */
export interface ActionError {
  error: string;
}

/** What a server action returns: `T` on success, {@link ActionError} otherwise. */
export type ActionResult<T extends object = { ok: true }> = T | ActionError;

/** The state of a form driven by a server action: its fields (kept so nothing typed is lost) and the last error. */
export type FormState<F extends object> = F & { error: string | null };

/**
 * Maps an error thrown inside an action to the message a user may see, as the API routes do (lib/domain/errors.ts
 * toAppError): an AppError's own message (input the user must fix, a refusal), else `fallback`, after logging the
 * error under `label`.
 */
export function toErrorMessage(error: unknown, label: string, fallback: string): string {
  return toAppError(error, label, fallback).message;
}

/**
 * What a form action answers when its form argument is not FormData: a client may call an action with any value
 * (React decodes the arguments from the request), so each form action checks before reading fields.
 */
export const UNREADABLE_FORM = "The form could not be read. Reload the page and try again.";

/** Whether an action's form argument is really a form (see {@link UNREADABLE_FORM}). */
export function isForm(value: unknown): value is FormData {
  return value instanceof FormData;
}
