import { createUIMessageStreamResponse } from "ai";
import { connection } from "next/server";
import { postFollowUp } from "@/lib/chat/post-message";
import { listMessages } from "@/lib/db/messages";
import { registry } from "@/lib/modes";
import { getRun, type RunSummary } from "@/lib/db/runs";
import { admitStart } from "@/app/_server/caller";
import { conversationAccess } from "@/app/_server/conversation-access";
import { apiError, errorResponse, json, readJson } from "@/app/api/_contract/respond";
import { runIdSchema } from "@/lib/domain/run";

/** The run of the request, or the error answer (404 unknown or malformed id, 403 not allowed). */
async function runOf(
  ctx: RouteContext<"/api/runs/[id]/messages">,
  action: "read" | "post",
): Promise<{ response: Response } | { run: RunSummary }> {
  const id = runIdSchema.safeParse((await ctx.params).id);
  const run = id.success ? await getRun(id.data) : null;
  const denied = await conversationAccess(run, action);
  return denied ? { response: apiError(denied.status, denied.message) } : { run: run! };
}

/**
 * GET /api/runs/<id>/messages → 200 `{ messages }`: the run's conversation after its first turn (follow-ups and
 * answers, oldest first), as AI SDK UI messages with `metadata: { createdAt, status }`. 404 for an unknown run.
 */
export async function GET(_request: Request, ctx: RouteContext<"/api/runs/[id]/messages">): Promise<Response> {
  await connection();
  const found = await runOf(ctx, "read");
  if ("response" in found) return found.response;
  return json({ messages: await listMessages(found.run.id) });
}

/**
 * POST /api/runs/<id>/messages `{ text, regenerate? }` → 200, the answer as an AI SDK UI message stream (SSE):
 * `start` (the saved answer's id), `data-follow-up-kind`, with a model `data-answer-draft` (the unchecked draft as it
 * is written, emptied before the checked text; never saved), the checked text with [n] markers, `data-chat-answer`
 * (references and checks). 400 empty or over 2,000 characters or not JSON, 404 unknown run or answer, 409 while the
 * run researches or another answer streams, 429 (with Retry-After) when the follow-up would research and the caller
 * is at a run limit (a research iteration counts as a run: lib/auth/limits.ts); errors are `{ error }` and nothing is
 * saved then.
 * Aborting the request (Stop) ends the answer, which is saved as "stopped" with what was written.
 */
export async function POST(request: Request, ctx: RouteContext<"/api/runs/[id]/messages">): Promise<Response> {
  const found = await runOf(ctx, "post");
  if ("response" in found) return found.response;
  const body = await readJson(request);
  if ("response" in body) return body.response;
  try {
    // A run of a mode this version does not know is asked about its evidence only.
    const mode = registry.named(found.run.mode) ?? { label: found.run.mode, followUps: "evidence" as const };
    const stream = await postFollowUp(found.run, body.data, {
      mode,
      signal: request.signal,
      admitResearch: async () => {
        const admission = await admitStart();
        return "error" in admission ? admission : null;
      },
    });
    return createUIMessageStreamResponse({ stream });
  } catch (error) {
    return errorResponse(
      error,
      "POST /api/runs/<id>/messages",
      "The follow-up could not be answered. Please try again.",
    );
  }
}
