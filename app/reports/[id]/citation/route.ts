import { connection } from "next/server";
import { getRunEvidence } from "@/lib/db/runs";
import { readableRun } from "@/lib/auth/access";
import { getCaller } from "@/app/_server/caller";
import { citationResponse } from "@/app/reports/_export/citation-response";

/**
 * GET /reports/<runId>/citation?record=<evidence id>&style=vancouver|apa: one of the run's records as a citation in
 * that style, plain text (the report's "Copy citation"). Readable by whoever can open the run page; 404 otherwise.
 */
export async function GET(request: Request, ctx: RouteContext<"/reports/[id]/citation">) {
  await connection();
  const { id } = await ctx.params;
  if (!/^[0-9a-f-]{36}$/.test(id) || !(await readableRun(await getCaller(), id)))
    return new Response("Not found", { status: 404 });
  return citationResponse(request, await getRunEvidence(id));
}
