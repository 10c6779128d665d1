"use server";

import { redirect } from "next/navigation";
import { sourceIdSchema, type SourceId } from "@/lib/domain/evidence";
import { firstIssue } from "@/lib/domain/run-input";
import { registry } from "@/lib/modes";
import { isForm, toErrorMessage, UNREADABLE_FORM, type FormState } from "./action-result";
import { admitStart } from "./caller";

/**
 * State of a mode's form after a failed submission: its text fields (the first value of each, by name) and its ticked
 * sources, kept as submitted so nothing typed is lost, and why it failed.
 */
export type StartRunState = FormState<{ values: Record<string, string>; sources: SourceId[] | null }>;

/**
 * Starts a run of the mode named `modeName` (bound by its form: components/modes) from its form's fields, as the
 * mode reads them (RunMode.formRequest, then its request schema: the same rules and messages as the API and the
 * command line), owned by the caller, and opens its page. The form always sends its ticked sources, so none ticked is
 * refused ("Choose at least one source.").
 * @returns the form's state with the reason when the run is not started; on success it redirects instead.
 */
export async function startRunAction(
  modeName: string,
  _previous: StartRunState,
  formData: FormData,
): Promise<StartRunState> {
  if (!isForm(formData)) return { error: UNREADABLE_FORM, values: {}, sources: null };
  // No prototype: a field may be named "__proto__".
  const fields: Record<string, string[]> = Object.create(null);
  for (const [name, value] of formData.entries()) if (typeof value === "string") (fields[name] ??= []).push(value);
  const values = Object.fromEntries(
    Object.entries(fields).flatMap(([name, [first]]) =>
      name === "sources" || name.startsWith("$") ? [] : [[name, first]],
    ),
  );
  const sources = (fields.sources ?? []).filter((s): s is SourceId => sourceIdSchema.safeParse(s).success);
  const mode = registry.named(String(modeName));
  if (!mode) return { error: "This kind of run no longer exists: reload the page.", values, sources };
  const parsed = mode.request.safeParse(mode.formRequest(fields));
  if (!parsed.success) return { error: firstIssue(parsed.error), values, sources };
  const admission = await admitStart();
  if ("error" in admission) return { error: admission.error, values, sources };
  let runId: string;
  try {
    ({ runId } = await mode.start(parsed.data, { ownerId: admission.ownerId }));
  } catch (error) {
    const message = `The ${mode.label} could not be started. Please try again.`;
    return { error: toErrorMessage(error, `startRunAction ${mode.name}`, message), values, sources };
  }
  redirect(`/reports/${runId}`);
}
