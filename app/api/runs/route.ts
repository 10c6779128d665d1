import { connection } from "next/server";
import { searchHistory } from "@/lib/db/history";
import { historyScope } from "@/lib/auth/rules";
import { getCaller } from "@/app/_server/caller";
import { apiError, json, validate } from "@/app/api/_contract/respond";
import { listRunsQuerySchema } from "@/app/api/_contract/schemas";
import { startRunFromApi } from "@/app/api/_contract/start-run";

/**
 * POST /api/runs `{ question, sources?, maxIterations?, onProviderError? }` → 202 `{ runId }` (Location: the run's
 * JSON). Starts a research run exactly as the chat page does (startRunFromApi: its answers and who owns the run).
 */
export async function POST(request: Request) {
  return startRunFromApi("research", request);
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
