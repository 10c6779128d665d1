"use server";

import { redirect } from "next/navigation";
import { z } from "zod";
import { sourceIdSchema, type SourceId } from "@/lib/domain/evidence";
import { startClaimCheck } from "@/lib/claims/start";
import { claimCheckInputSchema, firstIssue } from "@/lib/runs/input";
import { isForm, toErrorMessage, UNREADABLE_FORM, type FormState } from "@/app/_server/action-result";
import { admitStart } from "@/app/_server/caller";

/** State of the claim form after a failed submission (the text is kept so nothing is lost). */
export type StartClaimCheckState = FormState<{ text: string; sources: SourceId[] | null }>;

/** The claim-check input, with at least one source ticked (the form always sends its choice). */
const startSchema = claimCheckInputSchema.extend({ sources: z.array(sourceIdSchema).min(1, "Choose at least one source.") });

/** Starts a claim check from the form (text, sources[]) owned by the caller's session and opens its page. */
export async function startClaimCheckAction(_previous: StartClaimCheckState, formData: FormData): Promise<StartClaimCheckState> {
  if (!isForm(formData)) return { error: UNREADABLE_FORM, text: "", sources: null };
  const text = String(formData.get("text") ?? "");
  const sources = formData.getAll("sources").map(String);
  const kept = sources.filter((s): s is SourceId => sourceIdSchema.safeParse(s).success);
  const parsed = startSchema.safeParse({ text, sources });
  if (!parsed.success) return { error: firstIssue(parsed.error), text, sources: kept };
  const admission = await admitStart();
  if ("error" in admission) return { error: admission.error, text, sources: kept };
  const { ownerId } = admission;
  let runId: string;
  try {
    ({ runId } = await startClaimCheck({ ...parsed.data, ownerId }));
  } catch (error) {
    return { error: toErrorMessage(error, "startClaimCheckAction", "The claim check could not be started. Please try again."), text, sources: kept };
  }
  redirect(`/reports/${runId}`);
}
