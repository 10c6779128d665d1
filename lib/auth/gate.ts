/*
 * What proxy.ts applies to every request: the security headers, with a fresh nonce for scripts, and which
 * paths a visitor may open without signing in when CRITICA_AUTH=on. Pure functions, unit-tested in
 * tests/unit/auth/gate.test.ts and checked on the production build by e2e/auth-headers.spec.ts.
 */

/**
 * The response headers of every page and API answer. The Content-Security-Policy follows Next.js's nonce recipe
 * (node_modules/next/dist/docs/01-app/02-guides/content-security-policy.md): scripts only with this request's
 * nonce ('strict-dynamic' lets them load the app's chunks), no plugins, no framing (frame-ancestors 'none', the
 * CSP successor of X-Frame-Options: DENY), forms and base URIs on this origin. Styles allow inline attributes,
 * which React's style props need; 'unsafe-eval' is added in development only, where React uses eval for stacks.
 * With `https`, Strict-Transport-Security too.
 */
export function securityHeaders(nonce: string, options: { dev: boolean; https?: boolean }): Record<string, string> {
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
  return {
    "Content-Security-Policy": csp,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    // HSTS (RFC 6797) only over HTTPS, where browsers honour it: a year, renewed by every answer. Subdomains are left
    // out, since the server cannot know whether every other host of its domain serves HTTPS.
    ...(options.https ? { "Strict-Transport-Security": "max-age=31536000" } : {}),
  };
}

/**
 * Whether a request reached the server over HTTPS: its X-Forwarded-Proto, which Next.js sets from the connection and
 * which a client's own value cannot reach unless it came through a trusted proxy (lib/auth/client-address.ts).
 */
export function servedOverHttps(forwardedProto: string | null): boolean {
  return forwardedProto?.split(",")[0].trim().toLowerCase() === "https";
}

/** A random nonce for one response: 128 bits, base64 (CSP3 asks for at least 128 bits, never reused). */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/** Pages open to everyone: signing in and up, and share links (anonymous by design). */
const PUBLIC_PAGES = [/^\/sign-in\/?$/, /^\/sign-up\/?$/, /^\/share\/[^/]+(\/.*)?$/];

/**
 * API and other paths open without a session: better-auth's own endpoints (they check sessions themselves), the
 * health check, the OpenAPI document, security.txt (RFC 9116: for anyone reporting a vulnerability) and watches'
 * Atom feeds (feed readers have no session; the feed's 256-bit token is its credential, checked by the route). The
 * durable engine's endpoints are not here: they answer the engine alone (lib/auth/engine-gate.ts), signed in or not.
 */
const PUBLIC_OTHER = [
  /^\/api\/auth\//,
  /^\/api\/health\/?$/,
  /^\/api\/openapi\.json\/?$/,
  /^\/\.well-known\/security\.txt$/,
  /^\/api\/feeds\/[^/]+\/?$/,
];

/** Whether a path may be opened without signing in when CRITICA_AUTH=on (static assets never reach the proxy). */
export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PAGES.some((re) => re.test(pathname)) || PUBLIC_OTHER.some((re) => re.test(pathname));
}

/** Whether a path is part of the HTTP API (answers 401 JSON rather than a redirect to the sign-in page). */
export function isApiPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}

/**
 * Where the sign-in page sends the visitor afterwards: `next` when it is a path on this site (a single leading "/",
 * not "//" nor "/\\", which browsers treat as another host), else "/". Guards against open redirects.
 */
export function safeNext(next: string | null | undefined): string {
  return next && /^\/(?![/\\])/.test(next) ? next : "/";
}

/**
 * `response` with every Set-Cookie marked `Secure` when `https` (a cookie set over HTTPS must never travel over plain
 * HTTP); unchanged otherwise or when every cookie is Secure already.
 */
export function secureCookies(response: Response, https: boolean): Response {
  const cookies = response.headers.getSetCookie();
  if (!https || cookies.every((c) => /;\s*secure\s*(;|$)/i.test(c))) return response;
  const headers = new Headers(response.headers);
  headers.delete("set-cookie");
  for (const cookie of cookies)
    headers.append("set-cookie", /;\s*secure\s*(;|$)/i.test(cookie) ? cookie : `${cookie}; Secure`);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * The origin a request was addressed to: X-Forwarded-Proto/-Host when a trusted proxy set them (from anyone else
 * they never reach the app: lib/auth/client-address.ts), else its Host header.
 */
export function requestOrigin(request: Pick<Request, "url" | "headers">): string {
  const url = new URL(request.url);
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host") ?? url.host;
  const proto = request.headers.get("x-forwarded-proto") ?? url.protocol.replace(/:$/, "");
  return `${proto.split(",")[0].trim()}://${host.split(",")[0].trim()}`;
}
