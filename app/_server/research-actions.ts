"use server";

import { redirect } from "next/navigation";
import { z } from "zod";
import { getRun } from "@/lib/db/runs";
import { sourceIdSchema } from "@/lib/domain/evidence";
import { cancelRun, RunInputError } from "@/lib/runs/lifecycle";
import { MAX_QUESTION_LENGTH, startResearchRun } from "@/lib/research/start";
import { ensureSessionId, mayActOnRun } from "@/app/_server/session";

/** State of the research form after a failed submission. */
export interface StartResearchState {
  error: string | null;
  question: string;
}

const startSchema = z.object({
  question: z.string().trim().min(1, "Please enter a question.").max(MAX_QUESTION_LENGTH, `Questions are limited to ${MAX_QUESTION_LENGTH} characters.`),
  sources: z.array(sourceIdSchema).min(1, "Choose at least one source."),
  maxIterations: z.coerce.number().int().min(1).max(10),
  onProviderError: z.enum(["fail", "extractive"]).default("fail"),
});

/**
 * Starts a research run from the form (question, sources[], maxIterations, and onProviderError = "extractive"
 * when the user chose to finish on the extractive backend if the model provider fails) and opens its page.
 */
export async function startResearch(_previous: StartResearchState, formData: FormData): Promise<StartResearchState> {
  const question = String(formData.get("question") ?? "");
  const parsed = startSchema.safeParse({
    question,
    sources: formData.getAll("sources").map(String),
    maxIterations: formData.get("maxIterations") ?? 3,
    onProviderError: formData.get("onProviderError") ?? undefined,
  });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? "Invalid input.", question };
  const ownerId = await ensureSessionId();
  let runId: string;
  try {
    ({ runId } = await startResearchRun({ ...parsed.data, ownerId }));
  } catch (error) {
    if (error instanceof RunInputError) return { error: error.message, question };
    console.error("startResearch failed", error);
    return { error: "The run could not be started. Please try again.", question };
  }
  redirect(`/reports/${runId}`);
}

/** Cancels a running run owned by the caller. @returns a user-facing result message. */
export async function cancelResearch(runId: string): Promise<{ ok: boolean; message: string }> {
  const parsed = z.string().uuid().safeParse(runId);
  if (!parsed.success) return { ok: false, message: "Unknown run." };
  const run = await getRun(parsed.data);
  if (!run) return { ok: false, message: "Unknown run." };
  if (!(await mayActOnRun(run))) return { ok: false, message: "Only the browser that started this run can cancel it." };
  if (run.status !== "running" && run.status !== "queued") return { ok: false, message: "This run has already ended." };
  return cancelRun(run.id)
    ? { ok: true, message: "Cancelling… everything found so far is kept." }
    : { ok: false, message: "This run is executing in another process and cannot be cancelled from here." };
}
