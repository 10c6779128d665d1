"use server";

import { z } from "zod";
import { getRun, getRunEvidence, listRunEvents } from "@/lib/db/runs";
import { runIdSchema } from "@/lib/domain/run";
import { listMessages } from "@/lib/db/messages";
import { createShareLink, getShareLink, revokeShareLink } from "@/lib/db/share-links";
import { toRunSnapshot } from "@/lib/runs/snapshot";
import type { ActionResult } from "./action-result";
import { writableRun } from "@/lib/auth/access";
import { getCaller } from "./caller";

const tokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/**
 * Creates a read-only share link for a finished run owned by the caller. The link shows a frozen snapshot of the
 * run as it is now, including its evidence records, so later changes to (or deletion of) the run do not reach it.
 * @returns the link path (/share/<token>) and token, or a user-facing error.
 */
export async function shareRun(runId: string): Promise<ActionResult<{ path: string; token: string }>> {
  const parsed = runIdSchema.safeParse(runId);
  const access = parsed.success
    ? await writableRun(await getCaller(), parsed.data, "share")
    : { message: "Unknown run." };
  if (!("run" in access)) return { error: access.message };
  const { run } = access;
  if (run.status === "running" || run.status === "queued")
    return { error: "Wait for the run to finish before sharing it." };
  try {
    const [events, evidence] = await Promise.all([listRunEvents(run.id), getRunEvidence(run.id)]);
    const token = await createShareLink(run.id, toRunSnapshot(run, events, evidence, await listMessages(run.id)));
    return { path: `/share/${token}`, token };
  } catch (error) {
    console.error("shareRun failed", error);
    return { error: "The link could not be created. Please try again." };
  }
}

/**
 * Revokes a share link of a run owned by the caller; the link then answers 404.
 * @returns ok, or a user-facing error (unknown link, not the owner, or the run was deleted so no one owns the link).
 */
export async function revokeShare(token: string): Promise<ActionResult> {
  const parsed = tokenSchema.safeParse(token);
  const link = parsed.success ? await getShareLink(parsed.data) : null;
  if (!link) return { error: "Unknown link." };
  if (!link.runId || !(await getRun(link.runId)))
    return { error: "The report behind this link was deleted, so the link can no longer be revoked from here." };
  const access = await writableRun(await getCaller(), link.runId, "revoke");
  if (!("run" in access)) return { error: access.status === 404 ? "Unknown link." : access.message };
  try {
    await revokeShareLink(link.token);
    return { ok: true };
  } catch (error) {
    console.error("revokeShare failed", error);
    return { error: "The link could not be revoked. Please try again." };
  }
}
