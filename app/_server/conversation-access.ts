import "server-only";
import type { RunSummary } from "@/lib/db/runs";
import { canReadRun, canWriteRun } from "@/lib/auth/rules";
import { getCaller } from "./caller";

/** What a caller wants to do with a run's conversation. */
export type ConversationAction = "read" | "post";

/**
 * The one access check of a run's conversation (GET and POST /api/runs/<id>/messages, the run page's message box),
 * on the rules of lib/auth/rules.ts: reading follows canReadRun (owner and admins with CRITICA_AUTH=on; anyone with
 * the run's id with it off), and posting a follow-up, which may start a new research iteration, follows the owner's
 * "follow-up" write (canWriteRun), so an admin may read another user's thread but not continue it.
 * @returns null when allowed, else the HTTP status and the message to show (404 hides runs the caller may not read).
 */
export async function conversationAccess(
  run: RunSummary | null,
  action: ConversationAction,
): Promise<{ status: 403 | 404; message: string } | null> {
  if (!run) return { status: 404, message: "Unknown run." };
  const caller = await getCaller();
  if (!canReadRun(caller, run)) return { status: 404, message: "Unknown run." };
  if (action === "post" && !canWriteRun(caller, run, "follow-up")) {
    return {
      status: 403,
      message:
        `Only the ${caller.kind === "local" ? "browser that started" : "owner of"} this run can ask follow-ups ` +
        `in its conversation.`,
    };
  }
  return null;
}
