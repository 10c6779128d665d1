import "server-only";
import { getRun, type RunSummary } from "@/lib/db/runs";
import { canReadRun, canWriteRun, type Caller, type RunWrite } from "./rules";

/**
 * The run `id` if the caller may read it (lib/auth/rules.ts canReadRun), else null: an unknown id and another
 * user's run look the same, so the caller learns nothing about runs that are not theirs. Answer 404 on null.
 */
export async function readableRun(caller: Caller, id: string): Promise<RunSummary | null> {
  const run = /^[0-9a-f-]{36}$/i.test(id) ? await getRun(id).catch(() => null) : null;
  return run && canReadRun(caller, run) ? run : null;
}

/**
 * A run the caller asks to write to (cancel, delete, share, revoke a link, re-run):
 * - `{ run }` when allowed (lib/auth/rules.ts canWriteRun);
 * - `{ status: 404 }` when it does not exist or the caller may not even read it;
 * - `{ status: 403, message }` when the caller may read it but not perform this write.
 */
export async function writableRun(
  caller: Caller,
  id: string,
  write: RunWrite,
): Promise<{ run: RunSummary } | { status: 404; message: string } | { status: 403; message: string }> {
  const run = await readableRun(caller, id);
  if (!run) return { status: 404, message: "Unknown run." };
  if (!canWriteRun(caller, run, write)) return { status: 403, message: refusal(caller, write) };
  return { run };
}

const ACTION: Record<RunWrite, string> = {
  cancel: "cancel it",
  delete: "delete it",
  share: "share it",
  revoke: "revoke its links",
  rerun: "re-run it",
  "follow-up": "ask follow-ups in its conversation",
  watch: "watch it",
};

function refusal(caller: Caller, write: RunWrite): string {
  return `Only the ${caller.kind === "local" ? "browser that started" : "owner of"} this run can ${ACTION[write]}.`;
}
