import { connection } from "next/server";
import { getConfig } from "@/lib/config";
import { getRun } from "@/lib/db/runs";
import { getWatchByFeedToken, listChecks } from "@/lib/db/watches";
import { watchFeed } from "@/lib/export/watch-feed";

/**
 * GET /api/feeds/<token> → the watch's Atom feed (application/atom+xml). The token (256 random bits, shown on the
 * watch) is the only credential, so feed readers and e-mail-by-feed services can poll it without an account; an
 * unknown token answers 404 like any other.
 */
export async function GET(request: Request, ctx: RouteContext<"/api/feeds/[token]">) {
  await connection();
  const { token } = await ctx.params;
  const watch = /^[A-Za-z0-9_-]{43}$/.test(token) ? await getWatchByFeedToken(token) : null;
  const run = watch ? await getRun(watch.runId) : null;
  if (!watch || !run)
    return new Response("Unknown feed.", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  const origin = getConfig().BETTER_AUTH_URL?.replace(/\/+$/, "") ?? new URL(request.url).origin;
  const xml = watchFeed({
    watch,
    question: run.question,
    checks: await listChecks(watch.id),
    origin,
    selfPath: `/api/feeds/${token}`,
  });
  return new Response(xml, {
    headers: { "content-type": "application/atom+xml; charset=utf-8", "cache-control": "no-store" },
  });
}
