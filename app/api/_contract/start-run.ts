import { registry } from "@/lib/modes";
import { admitStart } from "@/app/_server/caller";
import { apiError, errorResponse, json, readJson, refuse, validate } from "./respond";

/**
 * Starts a run of the mode named `modeName` from an API request, exactly as its form does (POST /api/runs, POST
 * /api/checks, POST /api/modes/<name>): the JSON body validated with the mode's request schema
 * (lib/domain/run-input.ts),
 * the caller admitted, the run started owned by the caller: the signed-in user (session or API key), or with
 * CRITICA_AUTH=off the browser session (the cookie is set when missing, so an API client keeps it to cancel or share
 * its runs). → 202 `{ runId }` (Location: the run's JSON); 400 with the reason for bad input, 401 when not signed in,
 * 404 for a mode this version does not have, 429 over a limit.
 */
export async function startRunFromApi(modeName: string, request: Request): Promise<Response> {
  const mode = registry.named(modeName);
  if (!mode) return apiError(404, "Unknown mode.");
  const body = await readJson(request);
  if ("response" in body) return body.response;
  const input = validate(mode.request, body.data);
  if ("response" in input) return input.response;
  const admission = await admitStart();
  if ("error" in admission) return refuse(admission);
  try {
    const { runId } = await mode.start(input.data, { ownerId: admission.ownerId });
    return json({ runId }, 202, { location: `/api/runs/${runId}` });
  } catch (error) {
    return errorResponse(
      error,
      `POST ${new URL(request.url).pathname}`,
      `The ${mode.label} could not be started. Please try again.`,
    );
  }
}
