"use server";

import { revalidatePath } from "next/cache";
import { sourceIdSchema } from "@/lib/domain/evidence";
import { runIdSchema } from "@/lib/domain/run";
import { requestCancel } from "@/lib/runs/lifecycle";
import { clearUnreachable } from "@/lib/sources/reachability";
import { isForm, type ActionResult } from "./action-result";
import { writableRun } from "@/lib/auth/access";
import { getCaller } from "./caller";

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
