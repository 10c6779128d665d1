import "server-only";
import type { RunSummary } from "@/lib/db/runs";

/** What a caller wants to do with a run's conversation. */
export type ConversationAction = "read" | "post";

/**
 * The one access check of a run's conversation (GET and POST /api/runs/<id>/messages, the run page's message box).
 * Today anyone who may open the run page (its unguessable id) may read and continue its conversation, as the run
 * page and GET /api/runs/<id> allow reading; when accounts land (issue 11), swap this body for the lib/auth guard.
 * @returns null when allowed, else the HTTP status and the message to show.
 */
export async function conversationAccess(run: RunSummary | null, action: ConversationAction): Promise<{ status: 403 | 404; message: string } | null> {
  void action;
  if (!run) return { status: 404, message: "Unknown run." };
  return null;
}
