"use server";

import { redirect } from "next/navigation";
import { z } from "zod";
import { sourceIdSchema } from "@/lib/domain/evidence";
import { MAX_CLAIM_TEXT_LENGTH, startClaimCheck } from "@/lib/claims/start";
import { RunInputError } from "@/lib/runs/lifecycle";
import { ensureSessionId } from "@/app/_server/session";

/** State of the claim form after a failed submission (the text is kept so nothing is lost). */
export interface StartClaimCheckState {
  error: string | null;
  text: string;
}

const startSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, "Please paste a claim or an abstract.")
    .max(MAX_CLAIM_TEXT_LENGTH, `Claims and abstracts are limited to ${MAX_CLAIM_TEXT_LENGTH.toLocaleString("en")} characters.`),
  sources: z.array(sourceIdSchema).min(1, "Choose at least one source."),
});

/** Starts a claim check from the form (text, sources[]) owned by the caller's session and opens its page. */
export async function startClaimCheckAction(_previous: StartClaimCheckState, formData: FormData): Promise<StartClaimCheckState> {
  const text = String(formData.get("text") ?? "");
  const parsed = startSchema.safeParse({ text, sources: formData.getAll("sources").map(String) });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? "Invalid input.", text };
  const ownerId = await ensureSessionId();
  let runId: string;
  try {
    ({ runId } = await startClaimCheck({ ...parsed.data, ownerId }));
  } catch (error) {
    if (error instanceof RunInputError) return { error: error.message, text };
    console.error("startClaimCheckAction failed", error);
    return { error: "The claim check could not be started. Please try again.", text };
  }
  redirect(`/reports/${runId}`);
}
