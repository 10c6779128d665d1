import { getRun } from "@/lib/db/runs";
import { requestCancel } from "@/lib/runs/lifecycle";
import { mayActOnRun } from "@/app/_server/session";
import { apiError, json } from "@/app/api/_contract/respond";
import { runIdSchema } from "@/app/api/_contract/schemas";

/**
 * POST /api/runs/<id>/cancel → 202 `{ ok: true, message }`: cancels a queued or running run owned by the caller
 * (the same rule as the page's Cancel button), wherever it executes (its database flag, polled by the executing
 * instance); it ends as "cancelled" within seconds and keeps what it found.
 * 404 unknown run, 403 not the owner, 409 the run has already ended.
 */
export async function POST(_request: Request, ctx: RouteContext<"/api/runs/[id]/cancel">) {
  const id = runIdSchema.safeParse((await ctx.params).id);
  const run = id.success ? await getRun(id.data) : null;
  if (!run) return apiError(404, "Unknown run.");
  if (!(await mayActOnRun(run))) return apiError(403, "Only the browser that started this run can cancel it.");
  if (run.status !== "running" && run.status !== "queued") return apiError(409, "This run has already ended.");
  if (!(await requestCancel(run.id))) return apiError(409, "This run has already ended.");
  return json({ ok: true, message: "Cancelling… everything found so far is kept." }, 202);
}
