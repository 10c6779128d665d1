import { after } from "next/server";
import { checkWatchNowFor, WatchError } from "@/lib/watches/service";
import { wakeWatch } from "@/lib/watches/waker";
import { admitStart, getCaller } from "@/app/_server/caller";
import { apiError, json, refuse } from "@/app/api/_contract/respond";
import { watchIdSchema } from "@/app/api/_contract/watch-schemas";

/**
 * POST /api/watches/<id>/check → 202 the watch: checks it now (owner only) rather than at its next due time; its
 * workflow runs the check at once, and a change in the evidence becomes a new report version. Counted against the run
 * limits like a run (429 with Retry-After). 403 not the owner, 404 unknown watch, 409 paused or a check is running.
 */
export async function POST(_request: Request, ctx: RouteContext<"/api/watches/[id]/check">) {
  const id = watchIdSchema.safeParse((await ctx.params).id);
  if (!id.success) return apiError(404, "Unknown watch.");
  try {
    const watch = await checkWatchNowFor(await getCaller(), id.data, async () => {
      const admission = await admitStart();
      return "error" in admission ? admission : null;
    });
    after(() => wakeWatch(watch.id));
    return json(watch, 202);
  } catch (error) {
    if (error instanceof WatchError)
      return refuse({ error: error.message, status: error.status, retryAfterSeconds: error.retryAfterSeconds });
    throw error;
  }
}
