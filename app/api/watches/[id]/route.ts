import { after, connection } from "next/server";
import { getRun } from "workflow/api";
import { changeWatchFor, deleteWatchFor, getWatchFor, WatchError } from "@/lib/watches/service";
import { wakeWatch } from "@/lib/watches/waker";
import { getCaller } from "@/app/_server/caller";
import { apiError, json, readJson, validate } from "@/app/api/_contract/respond";
import { changeWatchRequestSchema, watchIdSchema } from "@/app/api/_contract/watch-schemas";

function refused(error: unknown): Response {
  if (error instanceof WatchError) return apiError(error.status, error.message);
  throw error;
}

/** GET /api/watches/<id> → the watch with its checks. 404 unknown, or a run the caller may not read. */
export async function GET(_request: Request, ctx: RouteContext<"/api/watches/[id]">) {
  await connection();
  const id = watchIdSchema.safeParse((await ctx.params).id);
  if (!id.success) return apiError(404, "Unknown watch.");
  return getWatchFor(await getCaller(), id.data).then(json, refused);
}

/**
 * PATCH /api/watches/<id> `{ cadence?, sources?, status? }` → the watch: pause ("paused"), resume ("active"), change
 * the cadence or the sources (owner only); the watch's workflow plans again at once. 400, 403, 404, 429 (resuming
 * past the active-watch cap).
 */
export async function PATCH(request: Request, ctx: RouteContext<"/api/watches/[id]">) {
  const id = watchIdSchema.safeParse((await ctx.params).id);
  if (!id.success) return apiError(404, "Unknown watch.");
  const body = await readJson(request);
  if ("response" in body) return body.response;
  const patch = validate(changeWatchRequestSchema, body.data);
  if ("response" in patch) return patch.response;
  try {
    const watch = await changeWatchFor(await getCaller(), id.data, patch.data);
    after(() => wakeWatch(watch.id));
    return json(watch);
  } catch (error) {
    return refused(error);
  }
}

/** DELETE /api/watches/<id> → 204: deletes the watch and its check history (owner only); its workflow stops. */
export async function DELETE(_request: Request, ctx: RouteContext<"/api/watches/[id]">) {
  const id = watchIdSchema.safeParse((await ctx.params).id);
  if (!id.success) return apiError(404, "Unknown watch.");
  try {
    const workflowRunId = await deleteWatchFor(await getCaller(), id.data);
    if (workflowRunId)
      after(() =>
        getRun(workflowRunId)
          .wakeUp()
          .then(
            () => undefined,
            () => undefined,
          ),
      );
    return new Response(null, { status: 204 });
  } catch (error) {
    return refused(error);
  }
}
