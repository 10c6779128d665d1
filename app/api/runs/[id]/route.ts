import { connection } from "next/server";
import { registry } from "@/lib/modes";
import { getRunDetail } from "@/lib/runs/projections";
import { readableRun } from "@/lib/auth/access";
import { getCaller } from "@/app/_server/caller";
import { apiError, json } from "@/app/api/_contract/respond";
import { runIdSchema } from "@/lib/domain/run";

/**
 * GET /api/runs/<id>: the run as its mode's `--json` contract (RunMode.export.json), status included: `npm run
 * research --json`'s for a research run, `npm run check --json`'s for a claim check. Readable by whoever may open the
 * run page (lib/auth/rules.ts canReadRun); 404 for an unknown or malformed id, for a run the caller may not read, and
 * for a run of a mode this version does not know.
 */
export async function GET(_request: Request, ctx: RouteContext<"/api/runs/[id]">) {
  await connection();
  const id = runIdSchema.safeParse((await ctx.params).id);
  const detail = id.success && (await readableRun(await getCaller(), id.data)) ? await getRunDetail(id.data) : null;
  const mode = detail ? registry.named(detail.run.mode) : undefined;
  if (!detail || !mode) return apiError(404, "Unknown run.");
  return json(mode.export.json(detail));
}
