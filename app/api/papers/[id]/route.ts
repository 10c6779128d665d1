import { connection } from "next/server";
import { z } from "zod";
import { deletePaper, getPaper } from "@/lib/db/papers";
import { canDeletePaper, canReadPaper } from "@/lib/auth/papers";
import { getCaller } from "@/app/_server/caller";
import { apiError, json } from "@/app/api/_contract/respond";
import { paperJson } from "@/app/api/papers/paper-json";

const paperIdSchema = z.uuid();

/** GET /api/papers/<id> → the paper; 404 for an unknown id and for a paper the caller may not read. */
export async function GET(_request: Request, ctx: RouteContext<"/api/papers/[id]">) {
  await connection();
  const id = paperIdSchema.safeParse((await ctx.params).id);
  const paper = id.success ? await getPaper(id.data) : null;
  if (!paper || !canReadPaper(await getCaller(), paper)) return apiError(404, "Unknown paper.");
  return json(paperJson(paper));
}

/**
 * DELETE /api/papers/<id> → 204: the paper, its full text and passages are deleted (the record it was read as too,
 * when the upload made it and nothing else uses it). 404 for an unknown id or a paper the caller may not read; 403
 * when the caller may read it but not delete it.
 */
export async function DELETE(_request: Request, ctx: RouteContext<"/api/papers/[id]">) {
  const id = paperIdSchema.safeParse((await ctx.params).id);
  const paper = id.success ? await getPaper(id.data) : null;
  const caller = await getCaller();
  if (!paper || !canReadPaper(caller, paper)) return apiError(404, "Unknown paper.");
  if (!canDeletePaper(caller, paper)) return apiError(403, "Only the owner of this paper can delete it.");
  await deletePaper(paper.id);
  return new Response(null, { status: 204, headers: { "cache-control": "no-store" } });
}
