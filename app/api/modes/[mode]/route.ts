import { startRunFromApi } from "@/app/api/_contract/start-run";

/**
 * POST /api/modes/<name> `{ …the mode's request }` → 202 `{ runId }`: starts a run of any mode by its name
 * (lib/modes.ts;
 * a research run and a claim check also have their own paths, POST /api/runs and POST /api/checks). 400 with the
 * reason for bad input, 401 when not signed in, 404 for an unknown mode, 429 over a limit (startRunFromApi).
 */
export async function POST(request: Request, ctx: RouteContext<"/api/modes/[mode]">) {
  return startRunFromApi((await ctx.params).mode, request);
}
