import "server-only";
import { getConfig } from "@/lib/config";
import { carriesApiKey } from "./api-key-scope";
import { getAuth, type Auth } from "./server";
import type { Caller, Role } from "./rules";

/**
 * Who sent a request with these headers, with CRITICA_AUTH=on: the account of its better-auth session cookie, or of
 * its API key (`Authorization: Bearer <key>` or `x-api-key`; a key, when sent, is what better-auth reads, and the
 * caller's `credential` says which it was), else a guest. An unknown, malformed or revoked key
 * makes a guest (the HTTP API then answers 401), never an error. With CRITICA_AUTH=off: the browser session
 * `localSessionId` (see app/_server/session.ts).
 */
export async function callerFromHeaders(headers: Headers, localSessionId: string | null = null): Promise<Caller> {
  if (getConfig().CRITICA_AUTH === "off") return { kind: "local", sessionId: localSessionId };
  let session: Awaited<ReturnType<Auth["api"]["getSession"]>>;
  try {
    session = await (await getAuth()).api.getSession({ headers });
  } catch {
    return { kind: "guest" };
  }
  if (!session) return { kind: "guest" };
  const { user } = session;
  const role: Role = (user as { role?: string | null }).role === "admin" ? "admin" : "user";
  const credential = carriesApiKey(headers) ? "api-key" : "session";
  return { kind: "user", userId: user.id, email: user.email, name: user.name, role, credential };
}
