import { getRun, getRunEvidence, listRunEvents } from "@/lib/db/runs";
import { listMessages } from "@/lib/db/messages";
import { createShareLink } from "@/lib/db/share-links";
import { toRunSnapshot } from "@/lib/runs/snapshot";
import { mayActOnRun } from "@/app/_server/session";
import { apiError, json } from "@/app/api/_contract/respond";
import { runIdSchema } from "@/app/api/_contract/schemas";

/**
 * POST /api/runs/<id>/share → 201 `{ url, token }`: a read-only link to a frozen copy of a finished run owned by
 * the caller, as the page's Share button makes (`url` is absolute, on the host the request was sent to).
 * 404 unknown run, 403 not the owner, 409 still running.
 */
export async function POST(request: Request, ctx: RouteContext<"/api/runs/[id]/share">) {
  const id = runIdSchema.safeParse((await ctx.params).id);
  const run = id.success ? await getRun(id.data) : null;
  if (!run) return apiError(404, "Unknown run.");
  if (!(await mayActOnRun(run))) return apiError(403, "Only the browser that started this run can share it.");
  if (run.status === "running" || run.status === "queued") return apiError(409, "Wait for the run to finish before sharing it.");
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
