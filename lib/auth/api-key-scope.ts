/*
 * What an API key may do. A key is a credential for scripts and the command line, kept in files and environments;
 * it must not be able to outlive its own revocation or take the account over. So a key may use the research API
 * (runs, claim checks, follow-ups, shares, watches, notifications, the webhook: everything /api/openapi.json lists)
 * and read who it belongs to (better-auth's get-session), and nothing else of better-auth's: it cannot create, list,
 * change or delete keys, change the account's name, e-mail or password, delete the account, or list or revoke
 * sessions. Those need a signed-in browser session (the account pages and their server actions check
 * `canManageAccount` in lib/auth/rules.ts).
 */

/** The better-auth endpoints (paths under /api/auth) an API key may call. */
const KEY_AUTH_PATHS: ReadonlySet<string> = new Set(["/get-session"]);

/** The message of a refused key: what a key is for, and what to use instead. */
export const API_KEY_SCOPE_MESSAGE =
  "An API key can use the research API only. Sign in to the web app to manage API keys, sessions or the account.";

/**
 * Whether a request carries an API key: `Authorization: Bearer <key>` or `x-api-key: <key>` (the two forms
 * better-auth's api-key plugin is configured to read, lib/auth/server.ts).
 */
export function carriesApiKey(headers: Headers | null | undefined): boolean {
  if (!headers) return false;
  return /^Bearer\s+\S+$/i.test(headers.get("authorization") ?? "") || !!headers.get("x-api-key");
}

/** Whether a request carrying an API key may call the better-auth endpoint `path` (e.g. "/api-key/create": no). */
export function apiKeyMayCall(path: string): boolean {
  return KEY_AUTH_PATHS.has(path);
}
