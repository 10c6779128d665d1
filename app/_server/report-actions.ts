"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { deleteRun, getRunSettings } from "@/lib/db/history";
import { runIdSchema } from "@/lib/domain/run";
import { revokeShareLinksOfRun } from "@/lib/db/share-links";
import { registry } from "@/lib/modes";
import { toErrorMessage, type ActionError, type ActionResult } from "./action-result";
import { writableRun } from "@/lib/auth/access";
import { admitStart, getCaller } from "./caller";

const deleteSchema = z.object({ runId: runIdSchema, revokeShareLinks: z.boolean() });

/**
 * Deletes a finished run owned by the caller, with everything it saved. Its share links keep showing their frozen
 * copy unless `revokeShareLinks` is true, in which case they are revoked first.
 * @returns ok, or a user-facing error (unknown run, not the owner, still running).
 */
export async function deleteReport(input: { runId: string; revokeShareLinks: boolean }): Promise<ActionResult> {
  const parsed = deleteSchema.safeParse(input);
  if (!parsed.success) return { error: "Unknown run." };
  const access = await writableRun(await getCaller(), parsed.data.runId, "delete");
  if (!("run" in access)) return { error: access.message };
  const { run } = access;
  if (run.status === "running" || run.status === "queued") return { error: "Cancel the run before deleting it." };
  try {
    if (parsed.data.revokeShareLinks) await revokeShareLinksOfRun(run.id);
    await deleteRun(run.id);
  } catch (error) {
    console.error("deleteReport failed", error);
    return { error: "The run could not be deleted. Please try again." };
  }
  revalidatePath("/reports");
  return { ok: true };
}

/**
 * Starts a new run with the settings a run was started with (its stored RunSettings, as its mode reads them again:
 * RunMode.requestOf; a research run's question, sources, iteration cap and provider-error policy, a claim check's
 * text and sources), owned by the caller's session, and opens its page. Only the run's owner may re-run it.
 * @returns a user-facing error; on success it redirects instead of returning.
 */
export async function rerunReport(runId: string): Promise<ActionError> {
  const parsed = runIdSchema.safeParse(runId);
  const access = parsed.success
    ? await writableRun(await getCaller(), parsed.data, "rerun")
    : { message: "Unknown run." };
  if (!("run" in access)) return { error: access.message };
  const { run } = access;
  const mode = registry.named(run.mode);
  if (!mode) return { error: `Runs of mode “${run.mode}” cannot be re-run.` };
  let newId: string;
  try {
    const settings = (await getRunSettings(run.id)) ?? {
      mode: run.mode,
      question: run.question,
      sources: run.sources,
      maxIterations: run.maxIterations,
    };
    const admission = await admitStart();
    if ("error" in admission) return { error: admission.error };
    ({ runId: newId } = await mode.rerun(settings, { ownerId: admission.ownerId }));
  } catch (error) {
    return { error: toErrorMessage(error, "rerunReport", "The run could not be started. Please try again.") };
  }
  redirect(`/reports/${newId}`);
}
