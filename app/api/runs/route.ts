import { connection } from "next/server";
import { searchHistory } from "@/lib/db/history";
import { research } from "@/lib/modes";
import { startRun } from "@/lib/runs/start";
import { historyScope } from "@/lib/auth/rules";
import { admitStart, getCaller } from "@/app/_server/caller";
import { apiError, errorResponse, json, readJson, refuse, validate } from "@/app/api/_contract/respond";
import { listRunsQuerySchema, startResearchRequestSchema } from "@/app/api/_contract/schemas";

/**
 * POST /api/runs `{ question, sources?, maxIterations?, onProviderError? }` → 202 `{ runId }` (Location: the run's
 * JSON). Starts a research run exactly as the chat page does, owned by the caller: the signed-in user (session or
 * API key), or with CRITICA_AUTH=off the browser session (the cookie is set when missing, so an API client keeps it
 * to cancel or share its runs). 400 with the reason for bad input, 401 when not signed in, 429 over a limit.
 */
export async function POST(request: Request) {
  const body = await readJson(request);
  if ("response" in body) return body.response;
  const input = validate(startResearchRequestSchema, body.data);
  if ("response" in input) return input.response;
  const admission = await admitStart();
  if ("error" in admission) return refuse(admission);
  const { ownerId } = admission;
  try {
    const { runId } = await startRun(research, input.data, { ownerId });
    return json({ runId }, 202, { location: `/api/runs/${runId}` });
  } catch (error) {
    return errorResponse(error, "POST /api/runs", "The run could not be started. Please try again.");
  }
}

/**
 * GET /api/runs?cursor&limit&q&status&mode&from&to&user → `{ runs, nextCursor }`: the caller's history, newest first,
 * the same list and filters as the history page (lib/auth/rules.ts historyScope: a user's own runs; an admin may ask
 * for another user's or the unclaimed runs with `user`; with CRITICA_AUTH=off the browser session's runs plus the
 * CLI's). 401 when not signed in.
 */
export async function GET(request: Request) {
  await connection();
  const query = validate(listRunsQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
  if ("response" in query) return query.response;
  const { cursor, limit, user, ...filters } = query.data;
  const caller = await getCaller();
  if (caller.kind === "guest") return apiError(401, "Sign in, or send an API key as Authorization: Bearer <key>.");
  const page = await searchHistory({ scope: historyScope(caller, user), filters, limit, cursor });
  return json({
    // The owner's session id is a credential: it never leaves the server.
    runs: page.runs.map((run) => ({
      ...run,
      ownerId: undefined,
      createdAt: run.createdAt.toISOString(),
      finishedAt: run.finishedAt?.toISOString() ?? null,
    })),
    nextCursor: page.nextCursor,
  });
}
