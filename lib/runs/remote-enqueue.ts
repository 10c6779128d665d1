import { clearRunOwner } from "@/lib/db/run-control";
import { RunInputError } from "@/lib/runs/lifecycle";

/**
 * Enqueues a run on the Critica server at `serverUrl` by POSTing `input` as JSON to `path` (its HTTP API:
 * POST /api/checks for a claim check), which executes it durably on its Workflow SDK world: the caller (the CLI)
 * may exit or be killed and the run goes on, resumes after a server restart and can be cancelled from anywhere.
 * The server shares the caller's database, so the caller follows the run there. The run is then made ownerless,
 * like every run started from the command line (the API would give it to a throwaway browser session).
 * @returns the run's id.
 * @throws RunInputError with the server's message for input it rejected (400); Error when the server cannot be
 *   reached or answers another error status.
 */
export async function enqueueOnServer(serverUrl: string, path: string, input: unknown): Promise<string> {
  let res: Response;
  try {
    res = await fetch(new URL(path, serverUrl), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(input) });
  } catch (error) {
    throw new Error(`the Critica server at ${serverUrl} (CRITICA_SERVER_URL) cannot be reached: ${error instanceof Error ? error.message : String(error)}`);
  }
  const body = (await res.json().catch(() => ({}))) as { runId?: string; error?: string };
  if (res.status === 400) throw new RunInputError(body.error ?? "The server rejected the run's input.");
  if (res.status !== 202 || !body.runId) throw new Error(`the Critica server at ${serverUrl} answered ${res.status}${body.error ? `: ${body.error}` : ""}`);
  await clearRunOwner(body.runId);
  return body.runId;
}
