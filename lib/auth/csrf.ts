import { carriesApiKey } from "./api-key-scope";
import { requestOrigin } from "./gate";

/*
 * Cross-site request forgery. A browser attaches the session cookie to every request to this server, also to one a
 * page of another origin makes it send (a form, an image, fetch with mode "no-cors" and a text/plain body).
 * SameSite=Lax
 * keeps the cookie off cross-site POSTs, but not off those from another port or subdomain of the same site. So a
 * request
 * that changes something and carries a cookie is accepted only when the browser says it comes from this origin:
 * `Sec-Fetch-Site: same-origin`, or an `Origin` equal to the server's (both are headers a page cannot set), and, for
 * the JSON API, only with `Content-Type: application/json` when it has a body (a type no cross-origin form or
 * no-cors fetch can send). Requests with an API key carry no ambient credential (a page cannot add the header without
 * a CORS preflight, which this server never grants), and requests without a cookie have nothing to forge: both pass.
 * Applied by proxy.ts to every request, before any route or server action runs.
 */

/** Methods that change state (RFC 9110 §9.2.1: the others are safe). */
const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** A refusal the proxy answers with: its status and a message to show. */
export interface RequestRefusal {
  status: number;
  message: string;
}

/** The parts of a request the check reads. */
export interface CheckedRequest {
  method: string;
  pathname: string;
  headers: Headers;
  url: string;
}

/** The answer to a forged request, the same for every path so it tells an attacker nothing. */
export const CROSS_ORIGIN_MESSAGE =
  "This request came from another site, or without the headers that show it came from this one, and was refused.";
export const JSON_ONLY_MESSAGE = "Send the request body as JSON, with Content-Type: application/json.";

function sameOrigin(request: CheckedRequest, publicOrigin: string | undefined): boolean {
  if (request.headers.get("sec-fetch-site") === "same-origin") return true;
  const origin = request.headers.get("origin");
  if (!origin || origin === "null") return false;
  const expected = [requestOrigin(request), publicOrigin];
  try {
    const given = new URL(origin).origin;
    return expected.some((e) => e && new URL(e).origin === given);
  } catch {
    return false;
  }
}

function hasBody(headers: Headers): boolean {
  return headers.has("transfer-encoding") || Number(headers.get("content-length") ?? 0) > 0;
}

/**
 * Whether a request must be refused as a possible cross-site forgery (see the file comment): a POST, PUT, PATCH or
 * DELETE with a Cookie header and no API key, not shown to come from this origin (`publicOrigin`, BETTER_AUTH_URL,
 * counts as this origin too) → 403, as is a server action (a POST to a page) whose Origin is another; to the JSON API
 * (/api/…) with a cookie and a body whose Content-Type is not application/json → 415. The durable engine's
 * endpoints (/.well-known/…) have their own gate (lib/auth/engine-gate.ts).
 * @returns the refusal, or null to let the request through.
 */
export function csrfRefusal(request: CheckedRequest, publicOrigin?: string): RequestRefusal | null {
  if (!UNSAFE.has(request.method.toUpperCase()) || request.pathname.startsWith("/.well-known/")) return null;
  const api = request.pathname.startsWith("/api/");
  const ambient = !!request.headers.get("cookie") && !carriesApiKey(request.headers);
  // A page only takes POSTs as server actions: one from another origin is refused with or without a cookie (Next.js
  // itself would answer 500), one that names no origin is Next.js's to judge.
  const foreignAction = !api && request.headers.has("origin");
  if ((ambient || foreignAction) && !sameOrigin(request, publicOrigin))
    return { status: 403, message: CROSS_ORIGIN_MESSAGE };
  if (!ambient || !api) return null;
  const type = request.headers.get("content-type");
  const json = type !== null && /^application\/json\s*(;|$)/i.test(type.trim());
  if (type !== null ? !json : hasBody(request.headers)) return { status: 415, message: JSON_ONLY_MESSAGE };
  return null;
}
