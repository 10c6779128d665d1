import "server-only";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { AUTH_SECRET_KEY, serverValue } from "@/lib/db/server-state";

/**
 * Where servers before the shared secret kept their generated one (git-ignored); read once to keep its sessions valid.
 */
export const LEGACY_SECRET_FILE = "data/auth-secret";

function legacySecret(): string | null {
  try {
    return fs.readFileSync(path.resolve(LEGACY_SECRET_FILE), "utf8").trim() || null;
  } catch {
    return null;
  }
}

/**
 * The secret that signs session cookies: BETTER_AUTH_SECRET when set, else a 256-bit random value generated once
 * into the database (ServerState "auth-secret"), so every instance on the database signs and accepts the same
 * sessions, a fresh clone runs without setup, and sessions survive restarts. The first instance to create it wins
 * (lib/db/server-state.ts); a server that kept its secret in data/auth-secret before seeds the database with it, so
 * its users stay signed in.
 */
export async function authSecret(configured: string | undefined): Promise<string> {
  if (configured) return configured;
  return serverValue(AUTH_SECRET_KEY, () => legacySecret() ?? crypto.randomBytes(32).toString("base64url"));
}

/**
 * A key for one purpose derived from the server secret: HMAC-SHA256(secret, purpose), base64url (43 characters).
 * Distinct purposes give independent keys, so the session secret never leaves better-auth as such.
 */
export function derivedKey(secret: string, purpose: string): string {
  return crypto.createHmac("sha256", secret).update(purpose).digest("base64url");
}
