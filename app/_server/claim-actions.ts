"use server";

import { redirect } from "next/navigation";
import { z } from "zod";
import { sourceIdSchema } from "@/lib/domain/evidence";
import { startClaimCheck } from "@/lib/claims/start";
import { claimCheckInputSchema, firstIssue } from "@/lib/runs/input";
import { toErrorMessage, type FormState } from "@/app/_server/action-result";
import { admitStart } from "@/app/_server/caller";

/** State of the claim form after a failed submission (the text is kept so nothing is lost). */
export type StartClaimCheckState = FormState<{ text: string }>;

/** The claim-check input, with at least one source ticked (the form always sends its choice). */
const startSchema = claimCheckInputSchema.extend({ sources: z.array(sourceIdSchema).min(1, "Choose at least one source.") });

/** Starts a claim check from the form (text, sources[]) owned by the caller's session and opens its page. */
export async function startClaimCheckAction(_previous: StartClaimCheckState, formData: FormData): Promise<StartClaimCheckState> {
  const text = String(formData.get("text") ?? "");
  const parsed = startSchema.safeParse({ text, sources: formData.getAll("sources").map(String) });
  if (!parsed.success) return { error: firstIssue(parsed.error), text };
  const admission = await admitStart();
  if ("error" in admission) return { error: admission.error, text };
  const { ownerId } = admission;
  let runId: string;
  try {
    ({ runId } = await startClaimCheck({ ...parsed.data, ownerId }));
  } catch (error) {
    return { error: toErrorMessage(error, "startClaimCheckAction", "The claim check could not be started. Please try again."), text };
  }
  redirect(`/reports/${runId}`);
}
