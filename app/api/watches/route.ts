import { connection } from "next/server";
import { createWatchFor, listWatchesFor, WatchError } from "@/lib/watches/service";
import { getCaller } from "@/app/_server/caller";
import { apiError, json, readJson, validate } from "@/app/api/_contract/respond";
import { createWatchRequestSchema } from "@/app/api/_contract/watch-schemas";

/**
 * POST /api/watches `{ runId, cadence, sources? }` → 201 the watch: the run's owner watches a completed research run
 * (docs/watches.md). 400 invalid input or sources the run did not search, 403 not the owner, 404 unknown run, 409 not
 * completed or watched already, 429 too many active watches (CRITICA_MAX_ACTIVE_WATCHES).
 */
export async function POST(request: Request) {
  const body = await readJson(request);
  if ("response" in body) return body.response;
  const input = validate(createWatchRequestSchema, body.data);
  if ("response" in input) return input.response;
  try {
    return json(await createWatchFor(await getCaller(), input.data), 201);
  } catch (error) {
    if (error instanceof WatchError) return apiError(error.status, error.message);
    throw error;
  }
}

/** GET /api/watches → `{ watches }`: the caller's watches with their checks, newest first. */
export async function GET() {
  await connection();
  return json({ watches: await listWatchesFor(await getCaller()) });
}
