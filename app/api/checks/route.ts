import { claimCheck } from "@/lib/modes";
import { startRun } from "@/lib/runs/start";
import { admitStart } from "@/app/_server/caller";
import { errorResponse, json, readJson, refuse, validate } from "@/app/api/_contract/respond";
import { startCheckRequestSchema } from "@/app/api/_contract/schemas";

/**
 * POST /api/checks `{ text, sources? }` → 202 `{ runId }`: starts a claim check exactly as the chat page's claim
 * mode does, owned by the caller (as POST /api/runs). 400 with the reason for bad input, 401 when not signed in, 429 over a limit.
 */
export async function POST(request: Request) {
  const body = await readJson(request);
  if ("response" in body) return body.response;
  const input = validate(startCheckRequestSchema, body.data);
  if ("response" in input) return input.response;
  const admission = await admitStart();
  if ("error" in admission) return refuse(admission);
  const { ownerId } = admission;
  try {
    const { runId } = await startRun(claimCheck, input.data, { ownerId });
    return json({ runId }, 202, { location: `/api/runs/${runId}` });
  } catch (error) {
    return errorResponse(error, "POST /api/checks", "The claim check could not be started. Please try again.");
  }
}
