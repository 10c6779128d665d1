import { requestCancel } from "@/lib/runs/lifecycle";
import { writableRun } from "@/lib/auth/access";
import { getCaller } from "@/app/_server/caller";
import { apiError, json } from "@/app/api/_contract/respond";
import { runIdSchema } from "@/lib/domain/run";

/**
 * POST /api/runs/<id>/cancel → 202 `{ ok: true, message }`: cancels a queued or running run owned by the caller
 * (the same rule as the page's Cancel button), wherever it executes (its database flag, polled by the executing
 * instance); it ends as "cancelled" within seconds and keeps what it found.
 * 404 unknown run (or not readable by the caller), 403 not the owner, 409 the run has already ended.
 */
export async function POST(_request: Request, ctx: RouteContext<"/api/runs/[id]/cancel">) {
  const id = runIdSchema.safeParse((await ctx.params).id);
  const access = id.success
    ? await writableRun(await getCaller(), id.data, "cancel")
    : { status: 404, message: "Unknown run." };
  if (!("run" in access)) return apiError(access.status, access.message);
  const { run } = access;
  if (run.status !== "running" && run.status !== "queued") return apiError(409, "This run has already ended.");
  if (!(await requestCancel(run.id))) return apiError(409, "This run has already ended.");
  return json({ ok: true, message: "Cancelling… everything found so far is kept." }, 202);
}
