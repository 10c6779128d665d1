"use server";

import { z } from "zod";
import { getRun, listRunEvents } from "@/lib/db/runs";
import { createShareLink } from "@/lib/db/share-links";
import { toRunSnapshot } from "@/lib/workflow/run-snapshot";
import { mayActOnRun } from "@/app/_server/session";

/**
 * Creates a read-only share link for a finished run owned by the caller. The link shows a frozen snapshot of
 * the run as it is now. @returns the link path (/share/<token>) or a user-facing error.
 */
export async function shareRun(runId: string): Promise<{ path: string } | { error: string }> {
  const parsed = z.string().uuid().safeParse(runId);
  const run = parsed.success ? await getRun(parsed.data) : null;
  if (!run) return { error: "Unknown run." };
  if (!(await mayActOnRun(run))) return { error: "Only the browser that started this run can share it." };
  if (run.status === "running" || run.status === "queued") return { error: "Wait for the run to finish before sharing it." };
  const token = await createShareLink(run.id, toRunSnapshot(run, await listRunEvents(run.id)));
  return { path: `/share/${token}` };
}
