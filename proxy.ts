import { NextResponse, type NextRequest } from "next/server";
import { getSessionCookie } from "better-auth/cookies";
import { getConfig } from "@/lib/config";
import { isApiPath, isPublicPath, newNonce, securityHeaders, servedOverHttps } from "@/lib/auth/gate";
import { engineRefusal } from "@/lib/auth/engine-gate";
import { actionBodyRefusal } from "@/lib/auth/action-body";
import { csrfRefusal } from "@/lib/auth/csrf";

/**
 * Runs before every page and API route (Next.js 16 "proxy", formerly middleware):
 * - sets the security headers with a fresh script nonce (Next.js reads it from the request's CSP header and puts it
 *   on its own scripts), and HSTS when the request came over HTTPS;
 * - answers the durable engine's endpoints (/.well-known/workflow/*) for the engine only (lib/auth/engine-gate.ts);
 * - refuses requests that change something with the cookie but not from this origin (403; lib/auth/csrf.ts), and
 *   server actions from another origin (403) or with a body over Next.js's limit (413; lib/auth/action-body.ts);
 * - with CRITICA_AUTH=on, sends a visitor without a session cookie or API key to /sign-in (pages) or answers 401
 *   (API). This is only the first gate: every page, route and action checks the session itself (lib/auth/rules.ts),
 *   since a cookie's presence says nothing about its validity.
 */
export function proxy(request: NextRequest) {
  const nonce = newNonce();
  const headers = securityHeaders(nonce, {
    dev: process.env.NODE_ENV === "development",
    https: servedOverHttps(request.headers.get("x-forwarded-proto")),
  });
  const { pathname, search } = request.nextUrl;
  const engine = engineRefusal(pathname, request.headers.get("authorization"));
  let refusal: NextResponse | null = engine
    ? NextResponse.json({ error: engine.error }, { status: engine.status })
    : null;
  const checked = { method: request.method, pathname, headers: request.headers, url: request.url };
  const forged = refusal ? null : (csrfRefusal(checked, getConfig().BETTER_AUTH_URL) ?? actionBodyRefusal(checked));
  if (forged) refusal = NextResponse.json({ error: forged.message }, { status: forged.status });
  const engineCall = pathname.startsWith("/.well-known/workflow/");
  if (
    !refusal &&
    !engineCall &&
    getConfig().CRITICA_AUTH === "on" &&
    !isPublicPath(pathname) &&
    !hasCredentials(request)
  ) {
    refusal = isApiPath(pathname)
      ? NextResponse.json({ error: "Sign in, or send an API key as Authorization: Bearer <key>." }, { status: 401 })
      : NextResponse.redirect(new URL(`/sign-in?next=${encodeURIComponent(pathname + search)}`, request.url));
  }
  if (refusal) {
    for (const [name, value] of Object.entries(headers)) refusal.headers.set(name, value);
    return refusal;
  }
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", headers["Content-Security-Policy"]);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

function hasCredentials(request: NextRequest): boolean {
  return (
    !!getSessionCookie(request) ||
    /^Bearer\s+\S+$/i.test(request.headers.get("authorization") ?? "") ||
    request.headers.has("x-api-key")
  );
}

export const config = {
  // Static files need neither a nonce nor a session.
  matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"],
};
