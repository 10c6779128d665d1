import "server-only";
import crypto from "node:crypto";
import { cookies } from "next/headers";

const COOKIE = "critica_session";

/** The browser session id from its cookie, or null when the browser has none yet. */
export async function readSessionId(): Promise<string | null> {
  const value = (await cookies()).get(COOKIE)?.value;
  return value && /^[A-Za-z0-9_-]{20,}$/.test(value) ? value : null;
}

/**
 * The browser session id, creating the cookie (HttpOnly, SameSite=Lax, one year) when missing. Only callable where
 * cookies may be set: server actions and route handlers. With CRITICA_AUTH=off the session owns the runs it starts (see
 * lib/auth/rules.ts).
 */
export async function ensureSessionId(): Promise<string> {
  const existing = await readSessionId();
  if (existing) return existing;
  const id = crypto.randomBytes(24).toString("base64url");
  (await cookies()).set(COOKIE, id, { httpOnly: true, sameSite: "lax", path: "/", maxAge: 60 * 60 * 24 * 365 });
  return id;
}
