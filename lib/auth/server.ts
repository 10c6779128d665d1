import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { apiKey } from "@better-auth/api-key";
import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { nextCookies } from "better-auth/next-js";
import { genericOAuth } from "better-auth/plugins";
import { getConfig, type AppConfig } from "@/lib/config";
import { getDb, usingPostgres } from "@/lib/db/client";
import { claimFirstAdmin, deleteUser, firstAdminMade } from "@/lib/db/accounts";
import { admitSignIn, recordSignIn } from "./limits";
import { authSecret } from "./secret";
import { requestOrigin } from "./gate";
import { API_KEY_SCOPE_MESSAGE, apiKeyMayCall, carriesApiKey } from "./api-key-scope";

/**
 * Set while an administrator creates an account for someone (lib/auth/invite.ts): such accounts are allowed even
 * with CRITICA_SIGNUP=closed, which only closes self-service sign-up.
 */
export const adminInvitation = new AsyncLocalStorage<true>();

/** Prefix of every API key ("crt_…"), so a leaked key is recognisable in logs and secret scanners. */
export const API_KEY_PREFIX = "crt_";

/** Shortest password accepted at sign-up (NIST SP 800-63B §5.1.1.2 asks for at least 8 characters). */
export const MIN_PASSWORD_LENGTH = 8;

/** The OAuth providers whose client id and secret are both set, in the order the sign-in page offers them. */
export function oauthProviders(
  config: AppConfig = getConfig(),
): Array<{ id: "github" | "google" | "orcid"; label: string }> {
  const list: Array<{ id: "github" | "google" | "orcid"; label: string }> = [];
  if (config.GITHUB_CLIENT_ID && config.GITHUB_CLIENT_SECRET) list.push({ id: "github", label: "GitHub" });
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) list.push({ id: "google", label: "Google" });
  if (config.ORCID_CLIENT_ID && config.ORCID_CLIENT_SECRET) list.push({ id: "orcid", label: "ORCID" });
  return list;
}

const SIGNUP_CLOSED = "Sign-up is closed on this server. Ask its administrator for an account.";

/** Whether self-service accounts are refused now: CRITICA_SIGNUP=closed, outside an administrator's invitation. */
function signupClosed(): boolean {
  return getConfig().CRITICA_SIGNUP === "closed" && !adminInvitation.getStore();
}

/**
 * The client address of a request to better-auth: X-Forwarded-For, which the server rewrites to the one address it
 * believes before the app reads it (lib/auth/client-address.ts), as better-auth's own per-address limit reads it.
 */
function clientAddress(headers: Headers | undefined): string {
  return headers?.get("x-forwarded-for")?.split(",")[0].trim() || "unknown";
}

function createAuth(config: AppConfig, secret: string) {
  const attempts = config.CRITICA_AUTH_ATTEMPTS_PER_MINUTE;
  return betterAuth({
    appName: "Critica",
    secret,
    baseURL: config.BETTER_AUTH_URL,
    // Without BETTER_AUTH_URL, the origin the browser addressed (Host, or X-Forwarded-Host/-Proto behind a proxy) is
    // trusted: the standard same-origin check of Origin against Host. Next.js rewrites request.url to the address it
    // listens on, so better-auth's own inference can differ from what the browser sent.
    trustedOrigins: (request) => (config.BETTER_AUTH_URL || !request ? [] : [requestOrigin(request)]),
    database: prismaAdapter(getDb(), { provider: usingPostgres() ? "postgresql" : "sqlite" }),
    emailAndPassword: { enabled: true, minPasswordLength: MIN_PASSWORD_LENGTH, autoSignIn: true },
    socialProviders: {
      ...(config.GITHUB_CLIENT_ID && config.GITHUB_CLIENT_SECRET
        ? { github: { clientId: config.GITHUB_CLIENT_ID, clientSecret: config.GITHUB_CLIENT_SECRET } }
        : {}),
      ...(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
        ? { google: { clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET } }
        : {}),
    },
    user: { additionalFields: { role: { type: "string", required: false, defaultValue: "user", input: false } } },
    // Sign-in and sign-up: at most CRITICA_AUTH_ATTEMPTS_PER_MINUTE a minute per client IP address and path, counted
    // in the database (table RateLimit) so it holds across instances; the account's ceiling of failed sign-ins from
    // all clients is in the hooks below (lib/auth/limits.ts).
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 300,
      customRules: {
        "/sign-in/*": { window: 60, max: attempts },
        "/sign-up/*": { window: 60, max: attempts },
      },
    },
    databaseHooks: {
      user: {
        create: {
          // Every account is created as a user; the one that wins the database's first-admin claim right after its
          // insert becomes the admin (lib/db/accounts.ts claimFirstAdmin), so concurrent first sign-ups make exactly
          // one. With CRITICA_SIGNUP=closed no other account can be created (by e-mail or OAuth) except by an
          // administrator's invitation; a sign-up that raced the first one on a closed server and lost is removed.
          before: async (user) => {
            if (signupClosed() && (await firstAdminMade())) throw new APIError("FORBIDDEN", { message: SIGNUP_CLOSED });
            return { data: { ...user, role: "user" } };
          },
          after: async (user) => {
            if (await claimFirstAdmin(user.id)) return;
            if (signupClosed()) {
              await deleteUser(user.id);
              throw new APIError("FORBIDDEN", { message: SIGNUP_CLOSED });
            }
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // A key reads who it belongs to and nothing else here (lib/auth/api-key-scope.ts).
        if (carriesApiKey(ctx.headers) && !apiKeyMayCall(ctx.path))
          throw new APIError("FORBIDDEN", { message: API_KEY_SCOPE_MESSAGE });
        const email = typeof ctx.body?.email === "string" ? ctx.body.email : "";
        if (ctx.path !== "/sign-in/email" || !email) return;
        const refusal = await admitSignIn(email, clientAddress(ctx.headers));
        if (refusal)
          throw new APIError(
            "TOO_MANY_REQUESTS",
            { message: refusal.message },
            { "Retry-After": String(refusal.retryAfterSeconds) },
          );
      }),
      // How each admitted sign-in went: failures count against the account's ceiling, a success clears its client.
      after: createAuthMiddleware(async (ctx) => {
        const email = typeof ctx.body?.email === "string" ? ctx.body.email : "";
        if (ctx.path !== "/sign-in/email" || !email) return;
        await recordSignIn(email, clientAddress(ctx.headers), Boolean(ctx.context.newSession));
      }),
    },
    plugins: [
      apiKey({
        defaultPrefix: API_KEY_PREFIX,
        // `Authorization: Bearer <key>` (the HTTP API's documented form) or `x-api-key: <key>`.
        customAPIKeyGetter: (ctx) => {
          const bearer = /^Bearer\s+(\S+)$/i.exec(ctx.headers?.get("authorization") ?? "")?.[1];
          return bearer ?? ctx.headers?.get("x-api-key") ?? null;
        },
        enableSessionForAPIKeys: true,
        // Starting runs is limited per user (lib/auth/limits.ts); a per-key request cap would also throttle reads.
        rateLimit: { enabled: false },
      }),
      ...(config.ORCID_CLIENT_ID && config.ORCID_CLIENT_SECRET
        ? [
            genericOAuth({
              config: [
                {
                  providerId: "orcid",
                  clientId: config.ORCID_CLIENT_ID,
                  clientSecret: config.ORCID_CLIENT_SECRET,
                  discoveryUrl: config.ORCID_DISCOVERY_URL,
                  scopes: ["openid"],
                },
              ],
            }),
          ]
        : []),
      // Lets server actions that call better-auth set its cookies; better-auth asks for it to be the last plugin.
      nextCookies(),
    ],
  });
}

/** The better-auth instance type (its `api` and `handler`). */
export type Auth = ReturnType<typeof createAuth>;

const cache = globalThis as unknown as { __criticaAuth?: { key: string; auth: Promise<Auth> } };

/**
 * The process-wide better-auth instance for the current configuration (re-created when DATABASE_URL or an auth
 * setting changes, as in tests). Its secret is BETTER_AUTH_SECRET or the one generated once into the database
 * (lib/auth/secret.ts), so every instance accepts the sessions of the others. Passwords are hashed by better-auth
 * (scrypt), API keys stored as SHA-256 hashes.
 * @throws (rejects) when the database cannot be read for the generated secret; the next call tries again.
 */
export function getAuth(): Promise<Auth> {
  const config = getConfig();
  const key = JSON.stringify([
    config.DATABASE_URL,
    config.BETTER_AUTH_SECRET,
    config.BETTER_AUTH_URL,
    config.CRITICA_AUTH_ATTEMPTS_PER_MINUTE,
    oauthProviders(config).map((p) => p.id),
  ]);
  if (cache.__criticaAuth?.key !== key) {
    const auth = authSecret(config.BETTER_AUTH_SECRET).then((secret) => createAuth(config, secret));
    cache.__criticaAuth = { key, auth };
    auth.catch(() => {
      if (cache.__criticaAuth?.auth === auth) cache.__criticaAuth = undefined;
    });
  }
  return cache.__criticaAuth.auth;
}
