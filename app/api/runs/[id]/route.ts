import { connection } from "next/server";
import { claimCheckToJson } from "@/lib/export/claim-check-json";
import { runToJson } from "@/lib/export/run-json";
import { getRunDetail } from "@/lib/runs/projections";
import { apiError, json } from "@/app/api/_contract/respond";
import { runIdSchema } from "@/app/api/_contract/schemas";

/**
 * GET /api/runs/<id>: the run as its `--json` contract, status included: `npm run research --json`'s for a research
 * run, `npm run check --json`'s for a claim check. Like the run page, anyone with the (unguessable) id may read it.
 * 404 for an unknown or malformed id.
 */
export async function GET(_request: Request, ctx: RouteContext<"/api/runs/[id]">) {
  await connection();
  const id = runIdSchema.safeParse((await ctx.params).id);
  const detail = id.success ? await getRunDetail(id.data) : null;
  if (!detail) return apiError(404, "Unknown run.");
  return json(detail.run.mode === "claim-check" ? claimCheckToJson(detail) : runToJson(detail));
}
