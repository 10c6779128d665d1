import { setRunOwner } from "@/lib/db/run-control";
import { AppError } from "@/lib/domain/errors";

/** Who the enqueued run belongs to: an API key of the server (the key's account), else the CLI's owner. */
export interface EnqueueCredentials {
  /** CRITICA_API_KEY: sent as `Authorization: Bearer <key>`; the server then gives the run to the key's account. */
  apiKey?: string;
  /** Without a key: the owner the command line gives its runs (lib/auth/cli-owner.ts; null = ownerless). */
  ownerId: string | null;
}

/**
 * Enqueues a run on the Critica server at `serverUrl` by POSTing `input` as JSON to `path` of its HTTP API
 * (POST /api/runs for research, POST /api/checks for a claim check), which executes it durably on its Workflow SDK
 * world: the caller (the CLI) may exit or be killed and the run goes on, resumes after a server restart and can be
 * cancelled from anywhere. The server shares the caller's database, so the caller follows the run there.
 * With an API key the run belongs to the key's account, as any API run does. Without one (a server with
 * CRITICA_AUTH=off, which would give the run to a throwaway browser session) it is given to `ownerId`, the owner
 * the command line gives runs it executes itself, so both paths agree.
 * @returns the run's id.
 * @throws AppError "invalid-input" with the server's message for input it rejected (400); Error naming CRITICA_API_KEY
 * when
 *   the server needs an account (401), and Error when it cannot be reached or answers another error status.
 */
export async function enqueueOnServer(
  serverUrl: string,
  path: string,
  input: unknown,
  credentials: EnqueueCredentials,
): Promise<string> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (credentials.apiKey) headers.authorization = `Bearer ${credentials.apiKey}`;
  let res: Response;
  try {
    res = await fetch(new URL(path, serverUrl), { method: "POST", headers, body: JSON.stringify(input) });
  } catch (error) {
    throw new Error(
      `the Critica server at ${serverUrl} (CRITICA_SERVER_URL) cannot be reached: ` +
        `${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const body = (await res.json().catch(() => ({}))) as { runId?: string; error?: string };
  if (res.status === 400) throw new AppError("invalid-input", body.error ?? "The server rejected the run's input.");
  if (res.status === 401) {
    throw new Error(
      credentials.apiKey
        ? `the Critica server at ${serverUrl} refused CRITICA_API_KEY (revoked or unknown): create a new key at ` +
            `${new URL("/settings/api-keys", serverUrl)}`
        : `the Critica server at ${serverUrl} has accounts on: create an API key at ` +
            `${new URL("/settings/api-keys", serverUrl)} and set CRITICA_API_KEY`,
    );
  }
  if (res.status !== 202 || !body.runId)
    throw new Error(`the Critica server at ${serverUrl} answered ${res.status}${body.error ? `: ${body.error}` : ""}`);
  if (!credentials.apiKey) await setRunOwner(body.runId, credentials.ownerId);
  return body.runId;
}
