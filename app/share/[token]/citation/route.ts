import { connection } from "next/server";
import { getSharedSnapshot } from "@/lib/db/share-links";
import { citationResponse } from "@/app/reports/_export/citation-response";

/**
 * GET /share/<token>/citation?record=<evidence id>&style=vancouver|apa: one record of the shared copy as a citation
 * in that style, from the frozen snapshot only; 404 for an unknown or revoked token.
 */
export async function GET(request: Request, ctx: RouteContext<"/share/[token]/citation">) {
  await connection();
  const snapshot = await getSharedSnapshot((await ctx.params).token).catch(() => null);
  if (!snapshot) return new Response("Not found", { status: 404 });
  return citationResponse(request, snapshot.evidence ?? []);
}
