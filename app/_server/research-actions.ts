"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { sourceIdSchema, type SourceId } from "@/lib/domain/evidence";
import { runIdSchema } from "@/lib/domain/run";
import { requestCancel } from "@/lib/runs/lifecycle";
import { research } from "@/lib/modes";
import { firstIssue } from "@/lib/domain/run-input";
import { startRun } from "@/lib/runs/start";
import { clearUnreachable } from "@/lib/sources/reachability";
import {
  isForm,
  toErrorMessage,
  UNREADABLE_FORM,
  type ActionResult,
  type FormState,
} from "@/app/_server/action-result";
import { writableRun } from "@/lib/auth/access";
import { admitStart, getCaller } from "@/app/_server/caller";

/** State of the research form after a failed submission: the question and the ticked sources, kept as submitted. */
export type StartResearchState = FormState<{ question: string; sources: SourceId[] | null }>;

/**
 * Starts a research run from the form (question, sources[], maxIterations, and onProviderError = "extractive"
 * when the user chose to finish on the extractive backend if the model provider fails) and opens its page.
 */
export async function startResearch(_previous: StartResearchState, formData: FormData): Promise<StartResearchState> {
  if (!isForm(formData)) return { error: UNREADABLE_FORM, question: "", sources: null };
  const question = String(formData.get("question") ?? "");
  const sources = formData.getAll("sources").map(String);
  const kept = sources.filter((s): s is SourceId => sourceIdSchema.safeParse(s).success);
  // The form always sends its ticked sources, so none ticked is refused ("Choose at least one source.").
  const parsed = research.request.safeParse({
    question,
    sources,
    maxIterations: formData.has("maxIterations") ? Number(formData.get("maxIterations")) : undefined,
    onProviderError: formData.get("onProviderError") ?? undefined,
  });
  if (!parsed.success) return { error: firstIssue(parsed.error), question, sources: kept };
  const admission = await admitStart();
  if ("error" in admission) return { error: admission.error, question, sources: kept };
  const { ownerId } = admission;
  let runId: string;
  try {
    ({ runId } = await startRun(research, parsed.data, { ownerId }));
  } catch (error) {
    return {
      error: toErrorMessage(error, "startResearch", "The run could not be started. Please try again."),
      question,
      sources: kept,
    };
  }
  redirect(`/reports/${runId}`);
}

/** Cancels a running run owned by the caller. @returns a user-facing result message. */
export async function cancelResearch(runId: string): Promise<ActionResult<{ ok: true; message: string }>> {
  const parsed = runIdSchema.safeParse(runId);
  if (!parsed.success) return { error: "Unknown run." };
  const access = await writableRun(await getCaller(), parsed.data, "cancel");
  if (!("run" in access)) return { error: access.message };
  const { run } = access;
  if (run.status !== "running" && run.status !== "queued") return { error: "This run has already ended." };
  return (await requestCancel(run.id))
    ? { ok: true, message: "Cancelling… everything found so far is kept." }
    : { error: "This run has already ended." };
}

/** "Retry" on the unreachable-sources notice: forgets the source's DNS failure, so the next run asks it again. */
export async function retryUnreachableSource(formData: FormData): Promise<void> {
  if (!isForm(formData)) return;
  const parsed = sourceIdSchema.safeParse(formData.get("source"));
  if (parsed.success) clearUnreachable(parsed.data);
  revalidatePath("/");
}
