import { getRunEvidence, listRunEvents } from "@/lib/db/runs";
import { listMessages } from "@/lib/db/messages";
import { createShareLink } from "@/lib/db/share-links";
import { toRunSnapshot } from "@/lib/runs/snapshot";
import { writableRun } from "@/lib/auth/access";
import { getCaller } from "@/app/_server/caller";
import { apiError, json } from "@/app/api/_contract/respond";
import { runIdSchema } from "@/lib/domain/run";

/**
 * POST /api/runs/<id>/share → 201 `{ url, token }`: a read-only link to a frozen copy of a finished run owned by
 * the caller, as the page's Share button makes (`url` is absolute, on the host the request was sent to).
 * 404 unknown run (or not readable by the caller), 403 not the owner, 409 still running.
 */
export async function POST(request: Request, ctx: RouteContext<"/api/runs/[id]/share">) {
  const id = runIdSchema.safeParse((await ctx.params).id);
  const access = id.success
    ? await writableRun(await getCaller(), id.data, "share")
    : { status: 404, message: "Unknown run." };
  if (!("run" in access)) return apiError(access.status, access.message);
  const { run } = access;
  if (run.status === "running" || run.status === "queued")
    return apiError(409, "Wait for the run to finish before sharing it.");
  const [events, evidence] = await Promise.all([listRunEvents(run.id), getRunEvidence(run.id)]);
  const token = await createShareLink(run.id, toRunSnapshot(run, events, evidence, await listMessages(run.id)));
  return json({ url: new URL(`/share/${token}`, publicOrigin(request)).toString(), token }, 201);
}

/**
 * The origin the client addressed: the Host header (or X-Forwarded-Host/-Proto behind a proxy), since Next.js
 * normalises `request.url` to the address the server listens on (e.g. localhost).
 */
function publicOrigin(request: Request): string {
  const url = new URL(request.url);
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host") ?? url.host;
  const proto = request.headers.get("x-forwarded-proto") ?? url.protocol.replace(/:$/, "");
  return `${proto.split(",")[0].trim()}://${host.split(",")[0].trim()}`;
}
