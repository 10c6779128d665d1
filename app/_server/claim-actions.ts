"use server";

import { redirect } from "next/navigation";
import { sourceIdSchema, type SourceId } from "@/lib/domain/evidence";
import { claimCheck } from "@/lib/modes";
import { startRun } from "@/lib/runs/start";
import { firstIssue } from "@/lib/domain/run-input";
import { isForm, toErrorMessage, UNREADABLE_FORM, type FormState } from "@/app/_server/action-result";
import { admitStart } from "@/app/_server/caller";

/** State of the claim form after a failed submission (the text is kept so nothing is lost). */
export type StartClaimCheckState = FormState<{ text: string; sources: SourceId[] | null }>;

/** Starts a claim check from the form (text, sources[]) owned by the caller's session and opens its page. */
export async function startClaimCheckAction(
  _previous: StartClaimCheckState,
  formData: FormData,
): Promise<StartClaimCheckState> {
  if (!isForm(formData)) return { error: UNREADABLE_FORM, text: "", sources: null };
  const text = String(formData.get("text") ?? "");
  const sources = formData.getAll("sources").map(String);
  const kept = sources.filter((s): s is SourceId => sourceIdSchema.safeParse(s).success);
  // The form always sends its ticked sources, so none ticked is refused ("Choose at least one source.").
  const parsed = claimCheck.request.safeParse({ text, sources });
  if (!parsed.success) return { error: firstIssue(parsed.error), text, sources: kept };
  const admission = await admitStart();
  if ("error" in admission) return { error: admission.error, text, sources: kept };
  const { ownerId } = admission;
  let runId: string;
  try {
    ({ runId } = await startRun(claimCheck, parsed.data, { ownerId }));
  } catch (error) {
    return {
      error: toErrorMessage(error, "startClaimCheckAction", "The claim check could not be started. Please try again."),
      text,
      sources: kept,
    };
  }
  redirect(`/reports/${runId}`);
}
