import "server-only";
import { headers } from "next/headers";
import { callerFromHeaders } from "@/lib/auth/caller";
import { admitRunStart } from "@/lib/auth/limits";
import { canStartRun, ownerIdFor, type Caller } from "@/lib/auth/rules";
import { getConfig } from "@/lib/config";
import { ensureSessionId, readSessionId } from "./session";

/**
 * Who is making the current request (page, route handler or server action): a signed-in user (session cookie or
 * API key), a guest, or with CRITICA_AUTH=off the browser session. Pass the result to lib/auth/rules.ts and
 * lib/auth/access.ts; that is the whole access check.
 */
export async function getCaller(): Promise<Caller> {
  if (getConfig().CRITICA_AUTH === "off") return { kind: "local", sessionId: await readSessionId() };
  return callerFromHeaders(await headers());
}

/**
 * Like {@link getCaller}, for a request that starts a run: with CRITICA_AUTH=off it creates the browser session
 * cookie when missing (only where cookies may be set: server actions and route handlers), since that session owns
 * the run.
 */
export async function getStartingCaller(): Promise<Caller> {
  if (getConfig().CRITICA_AUTH === "off") return { kind: "local", sessionId: await ensureSessionId() };
  return getCaller();
}

/** What a request that starts a run gets: the new run's ownerId, or a refusal with its HTTP status. */
export type StartAdmission =
  { ownerId: string | null } | { error: string; status: 401 | 429; retryAfterSeconds?: number };

/**
 * The one check before starting a run or claim check (form actions, re-run, POST /api/runs and /api/checks): the
 * caller must be signed in (lib/auth/rules.ts canStartRun) and within their limits (lib/auth/limits.ts: runs per
 * minute and per day, runs in progress); the limits count this start.
 */
export async function admitStart(): Promise<StartAdmission> {
  const caller = await getStartingCaller();
  if (!canStartRun(caller)) return { error: "Sign in to start a run.", status: 401 };
  const refusal = await admitRunStart(caller);
  if (refusal) return { error: refusal.message, status: refusal.status, retryAfterSeconds: refusal.retryAfterSeconds };
  return { ownerId: ownerIdFor(caller) };
}
